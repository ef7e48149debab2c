import { QueryState } from '@/components/QueryState';
import { SessionList } from '@/components/SessionList';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
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
  const revokeOthers = useRevokeOtherSessions();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Active sessions"
      description="Every browser or device signed in to your account. A session signed out here ends at its next request."
    >
      <QueryState query={sessions} loadingLabel="Loading sessions...">
        {(list) => (
          <div className="flex flex-col gap-4">
            <SessionList
              sessions={list}
              onRevoke={(id) => revoke.mutate(id)}
              revokingId={revoke.isPending ? revoke.variables : undefined}
            />
            {list.some((session) => !session.current) ? (
              <div className="flex justify-end border-t border-border pt-4">
                <Button
                  variant="secondary"
                  disabled={revokeOthers.isPending}
                  onClick={() => revokeOthers.mutate()}
                >
                  Sign out all other sessions
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
