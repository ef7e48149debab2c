import {
  ALERT_GROUPS,
  type AlertGroup,
  type NotificationChannel,
  type NotificationSettings,
} from '@meridian/contracts';
import { type Control, useController, useWatch } from 'react-hook-form';

const GROUPS: Record<AlertGroup, { label: string; description: string }> = {
  exposure: { label: 'Exposure', description: 'New incidents, escalations, summaries' },
  work: { label: 'Your work', description: 'Assigned to you, overdue' },
  resolution: { label: 'Endings', description: 'Resolved, cleared, plans completed' },
};

const COLUMNS: readonly { channel: NotificationChannel; label: string }[] = [
  { channel: 'email', label: 'Email' },
  { channel: 'sms', label: 'SMS' },
  { channel: 'slack', label: 'Slack' },
  { channel: 'teams', label: 'Teams' },
  { channel: 'desktop', label: 'Desktop' },
];

type Props = { control: Control<NotificationSettings>; disabled?: boolean };

function Cell({
  control,
  group,
  channel,
  label,
  off,
}: Props & { group: AlertGroup; channel: NotificationChannel; label: string; off: boolean }) {
  const { field } = useController({ control, name: `channelsByGroup.${group}.${channel}` });
  return (
    <td className="px-2 py-2 text-center">
      <input
        type="checkbox"
        aria-label={`${GROUPS[group].label} by ${label}`}
        checked={Boolean(field.value) && !off}
        disabled={off}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
        className="size-4 accent-primary disabled:opacity-40"
      />
    </td>
  );
}

/**
 * Which channels carry each kind of alert: a row per kind, a column per channel. A channel
 * switched off above carries nothing, so its column is off.
 */
export function ChannelsByKindFields({ control, disabled }: Props) {
  const channels = useWatch({ control, name: 'channels' });
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="pb-2 text-left text-sm font-medium text-foreground">
          Channels by kind of alert
        </caption>
        <thead>
          <tr className="text-xs text-muted-foreground">
            <th scope="col" className="py-1 pr-2 text-left font-medium">
              Kind
            </th>
            {COLUMNS.map(({ channel, label }) => (
              <th key={channel} scope="col" className="px-2 py-1 text-center font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {ALERT_GROUPS.map((group) => (
            <tr key={group}>
              <th scope="row" className="py-2 pr-2 text-left font-normal">
                <span className="block text-foreground">{GROUPS[group].label}</span>
                <span className="block text-xs text-muted-foreground">
                  {GROUPS[group].description}
                </span>
              </th>
              {COLUMNS.map(({ channel, label }) => (
                <Cell
                  key={channel}
                  control={control}
                  group={group}
                  channel={channel}
                  label={label}
                  off={Boolean(disabled) || !channels?.[channel]}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
