import { QueryState } from '@/components/QueryState';
import { SessionList } from '@/components/SessionList';
import { Card } from '@/components/ui/Card';
import { useUserSessions } from '../api/get-user-sessions';
import { useRevokeUserSession } from '../api/revoke-user-session';

/** Where the member is signed in; their admin signs a device out (it ends at its next request). */
export function MemberSessions({ userId }: { userId: string }) {
  const sessions = useUserSessions(userId);
  const revoke = useRevokeUserSession(userId);
  return (
    <Card aria-labelledby="sessions-heading" className="flex flex-col gap-2 p-5">
      <h2 id="sessions-heading" className="text-base font-semibold">
        Sessions
      </h2>
      <p className="text-sm text-muted-foreground">
        Browsers and devices signed in to this account.
      </p>
      <QueryState query={sessions} loadingLabel="Loading sessions...">
        {(list) => (
          <SessionList
            label="Member sessions"
            sessions={list}
            onRevoke={(sessionId) => revoke.mutate({ userId, sessionId })}
            revokingId={revoke.isPending ? revoke.variables.sessionId : undefined}
          />
        )}
      </QueryState>
    </Card>
  );
}
