import { PageContainer } from '@/components/layouts/PageContainer';
import { ChannelsByKindFields } from '@/components/settings/ChannelsByKindFields';
import { QueryState } from '@/components/QueryState';
import {
  NotificationChannelFields,
  NotificationTypeFields,
  useNotificationSettingsForm,
} from '@/components/settings/NotificationPreferenceFields';
import { SettingsFormFooter } from '@/components/settings/SettingsFormFooter';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { FormField } from '@/components/ui/FormField';
import { Input } from '@/components/ui/Input';
import { PageHeader } from '@/components/ui/PageHeader';
import type { NotificationSettings } from '@meridian/contracts';
import { BellRing, ListChecks, Moon } from 'lucide-react';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useSaveNotificationSettings } from '../api/save-notification-settings';
import { DesktopNotificationsControl } from './DesktopNotificationsControl';
import { QuietHoursFields, browserTimeZone } from './QuietHoursFields';

function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  const form = useNotificationSettingsForm(settings);
  const timeZone = browserTimeZone();
  return (
    <form
      aria-label="Notification settings"
      onSubmit={form.handleSubmit((values) =>
        save.mutate({ ...values, quietHours: { ...values.quietHours, timeZone } }),
      )}
      className="flex flex-col gap-6"
    >
      <SettingsSection
        title="Channels"
        description="Where notifications reach you."
        Icon={BellRing}
      >
        <NotificationChannelFields control={form.control} />
        <div className="border-t border-border pt-4">
          <ChannelsByKindFields control={form.control} />
        </div>
        <div className="border-t border-border pt-4">
          <div className="sm:max-w-sm">
            <FormField
              label="Mobile number for SMS"
              optional
              hint="In international form, e.g. +14155550123."
              error={form.formState.errors.smsNumber?.message}
            >
              <Input
                type="tel"
                autoComplete="tel"
                {...form.register('smsNumber', {
                  setValueAs: (value: unknown) =>
                    typeof value === 'string' && value.trim() ? value.trim() : null,
                })}
              />
            </FormField>
          </div>
        </div>
      </SettingsSection>
      <SettingsSection
        title="Notification types"
        description="Which events and changes notify you."
        Icon={ListChecks}
      >
        <NotificationTypeFields control={form.control} />
      </SettingsSection>
      <SettingsSection
        title="Quiet hours"
        description="When only what cannot wait reaches your channels."
        Icon={Moon}
      >
        <QuietHoursFields form={form} timeZone={timeZone} />
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
        {(data) => (
          <>
            <DesktopNotificationsControl desktopChannelOn={data.channels.desktop} />
            <NotificationsForm settings={data} />
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}
