import { PageContainer } from '@/components/layouts/PageContainer';
import { QueryState } from '@/components/QueryState';
import { SelectField } from '@/components/settings/SelectField';
import { SettingsFormFooter } from '@/components/settings/SettingsFormFooter';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { ToggleField } from '@/components/settings/ToggleField';
import { PageHeader } from '@/components/ui/PageHeader';
import { optionsOf } from '@/lib/select-options';
import { zodResolver } from '@hookform/resolvers/zod';
import { NOTIFICATION_SEVERITIES, NotificationSettings } from '@meridian/contracts';
import { BellRing, ListChecks } from 'lucide-react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useSaveNotificationSettings } from '../api/save-notification-settings';

type Toggle = { name: FieldPath<NotificationSettings>; label: string; description: string };

const CHANNELS = [
  {
    name: 'channels.desktop',
    label: 'Desktop',
    description: 'Browser notifications on this computer.',
  },
  { name: 'channels.slack', label: 'Slack', description: 'Messages in your Slack workspace.' },
  { name: 'channels.teams', label: 'Microsoft Teams', description: 'Messages in Microsoft Teams.' },
  { name: 'channels.email', label: 'Email', description: 'Messages to your email address.' },
  { name: 'channels.sms', label: 'SMS', description: 'Text messages to your phone.' },
] as const satisfies readonly Toggle[];

const TYPES = [
  { name: 'plan', label: 'Plan updates', description: 'A response plan is created or changed.' },
  { name: 'action', label: 'Action updates', description: 'An action of a plan changes status.' },
  { name: 'resolution', label: 'Resolutions', description: 'An event is resolved.' },
] as const satisfies readonly Toggle[];

function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  const form = useForm<NotificationSettings>({
    resolver: zodResolver(NotificationSettings),
    values: settings,
  });
  return (
    <form
      aria-label="Notification settings"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="flex flex-col gap-6"
    >
      <SettingsSection
        title="Channels"
        description="Where notifications reach you."
        Icon={BellRing}
      >
        <div className="flex flex-col divide-y divide-border">
          {CHANNELS.map((toggle) => (
            <ToggleField key={toggle.name} control={form.control} {...toggle} />
          ))}
        </div>
      </SettingsSection>
      <SettingsSection
        title="Notification types"
        description="Which events and changes notify you."
        Icon={ListChecks}
      >
        <div className="flex flex-col gap-2">
          <div className="max-w-xs pb-2">
            <SelectField
              control={form.control}
              name="severity"
              label="Event severity"
              options={optionsOf(NOTIFICATION_SEVERITIES)}
            />
          </div>
          <div className="flex flex-col divide-y divide-border border-t border-border">
            {TYPES.map((toggle) => (
              <ToggleField key={toggle.name} control={form.control} {...toggle} />
            ))}
          </div>
        </div>
      </SettingsSection>
      <SettingsFormFooter dirty={form.formState.isDirty} saving={save.isPending} />
    </form>
  );
}

export function NotificationsPage() {
  const settings = useNotificationSettings();
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="Notifications" description="Channels and the events you are told about" />
      <QueryState query={settings} loadingLabel="Loading notification settings...">
        {(data) => <NotificationsForm settings={data} />}
      </QueryState>
    </PageContainer>
  );
}
