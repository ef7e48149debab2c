import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { PRESENCE_ACTIVE_MINUTES, PRESENCE_AWAY_MINUTES } from '@/config/constants';

export type Presence = 'Active' | 'Away' | 'Offline';

const MINUTE_MS = 60_000;

/** Active under 5 minutes since the last sign-in, Away under 60, otherwise (or never) Offline. */
export function presenceOf(lastLoginAt: string | null, now: number): Presence {
  if (!lastLoginAt) return 'Offline';
  const minutes = (now - Date.parse(lastLoginAt)) / MINUTE_MS;
  if (minutes < PRESENCE_ACTIVE_MINUTES) return 'Active';
  if (minutes < PRESENCE_AWAY_MINUTES) return 'Away';
  return 'Offline';
}

const TONES = { Active: 'green', Away: 'yellow', Offline: 'slate' } as const satisfies Record<
  Presence,
  BadgeTone
>;

export function PresenceBadge({ lastLoginAt, now }: { lastLoginAt: string | null; now: number }) {
  const presence = presenceOf(lastLoginAt, now);
  return (
    <Badge tone={TONES[presence]}>
      <span aria-hidden="true" className="mr-1.5 size-1.5 rounded-full bg-current" />
      {presence}
    </Badge>
  );
}
