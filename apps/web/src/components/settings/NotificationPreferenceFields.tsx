import { optionsOf } from '@/lib/select-options';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTIFICATION_SEVERITIES,
  NotificationSettings,
  PRIORITIES,
  PRIORITY_LABELS,
} from '@meridian/contracts';
import { useForm, type Control, type FieldPath } from 'react-hook-form';
import { SelectField } from './SelectField';
import { ToggleField } from './ToggleField';

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

type FieldsProps = { control: Control<NotificationSettings>; disabled?: boolean };

/**
 * A form over one notification settings document: a member's own (Notifications) or the
 * organization's defaults (Platform Setup). `values` resets it whenever the saved one changes.
 */
export const useNotificationSettingsForm = (settings: NotificationSettings) =>
  useForm<NotificationSettings>({
    resolver: zodResolver(NotificationSettings),
    values: settings,
  });

/** Where notifications reach someone: one switch per channel. */
export function NotificationChannelFields({ control, disabled }: FieldsProps) {
  return (
    <div className="flex flex-col divide-y divide-border">
      {CHANNELS.map((toggle) => (
        <ToggleField key={toggle.name} control={control} disabled={disabled} {...toggle} />
      ))}
    </div>
  );
}

/** Which events notify someone: the severity threshold and one switch per kind of change. */
export function NotificationTypeFields({ control, disabled }: FieldsProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="grid max-w-xl gap-4 pb-2 sm:grid-cols-2">
        <SelectField
          control={control}
          name="severity"
          label="Event severity"
          options={optionsOf(NOTIFICATION_SEVERITIES)}
          disabled={disabled}
        />
        <SelectField
          control={control}
          name="priority"
          label="Alert priority"
          description="Incidents at this priority or above reach your channels at once; the rest stay in the app."
          options={PRIORITIES.map((priority) => ({
            value: priority,
            label: `${PRIORITY_LABELS[priority]}${priority === 'P1' ? ' only' : ' and higher'}`,
          }))}
          disabled={disabled}
        />
      </div>
      <div className="flex flex-col divide-y divide-border border-t border-border">
        {TYPES.map((toggle) => (
          <ToggleField key={toggle.name} control={control} disabled={disabled} {...toggle} />
        ))}
      </div>
    </div>
  );
}
