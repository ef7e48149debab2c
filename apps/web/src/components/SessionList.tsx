import { Button } from '@/components/ui/Button';
import { formatDateTime } from '@/utils/format';
import type { Session } from '@meridian/contracts';
import { MonitorSmartphone } from 'lucide-react';

/**
 * Signed-in sessions with their device, address and last use, each with a Sign out button:
 * the user's own (profile) and a member's (team member page, for their admin).
 */
export function SessionList({
  sessions,
  onRevoke,
  revokingId,
  label = 'Sessions',
}: {
  sessions: Session[];
  onRevoke: (sessionId: string) => void;
  revokingId: string | undefined;
  label?: string;
}) {
  if (sessions.length === 0)
    return <p className="text-sm text-muted-foreground">No active sessions.</p>;
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border">
      {sessions.map((session) => (
        <li key={session.id} className="flex items-center gap-3 py-3">
          <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-foreground">
              {session.device ?? 'Unknown device'}
              {session.current ? (
                <span className="ml-2 rounded bg-primary/15 px-1.5 py-0.5 text-xs font-medium text-primary">
                  This device
                </span>
              ) : null}
            </p>
            <p className="text-muted-foreground">
              Last active {formatDateTime(session.lastUsedAt)}
              {session.ip ? ` · ${session.ip}` : ''} · signed in {formatDateTime(session.createdAt)}
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            disabled={revokingId === session.id}
            onClick={() => onRevoke(session.id)}
          >
            Sign out
          </Button>
        </li>
      ))}
    </ul>
  );
}
