import { QueryState } from '@/components/QueryState';
import { ChannelsByKindFields } from '@/components/settings/ChannelsByKindFields';
import {
  NotificationChannelFields,
  NotificationTypeFields,
  useNotificationSettingsForm,
} from '@/components/settings/NotificationPreferenceFields';
import { SettingsFormFooter } from '@/components/settings/SettingsFormFooter';
import { SettingsSection } from '@/components/settings/SettingsSection';
import type { NotificationSettings } from '@meridian/contracts';
import { BellRing } from 'lucide-react';
import { useNotificationDefaults } from '../api/get-notification-defaults';
import { useSaveNotificationDefaults } from '../api/save-notification-defaults';

function DefaultsForm({ settings }: { settings: NotificationSettings }) {
  const save = useSaveNotificationDefaults();
  const form = useNotificationSettingsForm(settings);
  return (
    <form
      aria-label="Notification defaults"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-x-8 gap-y-4 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-foreground">Channels</h3>
          <NotificationChannelFields control={form.control} />
        </div>
        <div>
          <h3 className="pb-3 text-sm font-semibold text-foreground">Notification types</h3>
          <NotificationTypeFields control={form.control} />
        </div>
      </div>
      <div className="border-t border-border pt-4">
        <ChannelsByKindFields control={form.control} />
      </div>
      <SettingsFormFooter
        dirty={form.formState.isDirty}
        saving={save.isPending}
        label="Save defaults"
      />
    </form>
  );
}

/** What members who never saved their own notification settings receive (organization admins). */
export function NotificationDefaultsSection() {
  const defaults = useNotificationDefaults();
  return (
    <SettingsSection
      title="Notification defaults"
      description="Channels and events for members who have not chosen their own in Notifications."
      Icon={BellRing}
    >
      <QueryState query={defaults} loadingLabel="Loading notification defaults...">
        {(data) => <DefaultsForm settings={data} />}
      </QueryState>
    </SettingsSection>
  );
}
