import { QueryState } from '@/components/QueryState';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { formatDateTime } from '@/utils/format';
import { MonitorSmartphone } from 'lucide-react';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';

/** The user's live sessions (one per sign-in), each of which can be signed out. */
export function SessionsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const sessions = useSessions({ enabled: open });
  const revoke = useRevokeSession();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Active sessions"
      description="Every browser or device signed in to your account. Signing one out ends it at its next refresh."
    >
      <QueryState query={sessions} loadingLabel="Loading sessions...">
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No active sessions.</p>
          ) : (
            <ul aria-label="Sessions" className="flex flex-col divide-y divide-border">
              {list.map((session) => (
                <li key={session.id} className="flex items-center gap-3 py-3">
                  <MonitorSmartphone
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted-foreground"
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-foreground">
                      Signed in {formatDateTime(session.createdAt)}
                      {session.current ? (
                        <span className="ml-2 rounded bg-primary/15 px-1.5 py-0.5 text-xs font-medium text-primary">
                          This device
                        </span>
                      ) : null}
                    </p>
                    <p className="text-muted-foreground">
                      Last active {formatDateTime(session.lastUsedAt)}
                      {session.ip ? ` · ${session.ip}` : ''}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={revoke.isPending && revoke.variables === session.id}
                    onClick={() => revoke.mutate(session.id)}
                  >
                    Sign out
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Dialog>
  );
}
