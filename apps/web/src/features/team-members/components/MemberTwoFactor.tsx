import { QueryState } from '@/components/QueryState';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useMemberTwoFactor, useResetMemberTwoFactor } from '../api/member-two-factor';

/** The member's second factor; their admin resets it when the member lost their authenticator. */
export function MemberTwoFactor({ userId }: { userId: string }) {
  const status = useMemberTwoFactor(userId);
  const reset = useResetMemberTwoFactor(userId);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card aria-labelledby="two-factor-heading" className="flex flex-col gap-2 p-5">
      <h2 id="two-factor-heading" className="text-base font-semibold">
        Two-factor authentication
      </h2>
      <QueryState query={status} loadingLabel="Loading two-factor status...">
        {(data) => (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              {data.enabled ? (
                <>
                  <Badge tone="green">On</Badge>
                  {data.recoveryCodesLeft} recovery code{data.recoveryCodesLeft === 1 ? '' : 's'}{' '}
                  left
                </>
              ) : (
                <>
                  <Badge tone="slate">Off</Badge>
                  Signs in without a code from an authenticator app.
                </>
              )}
            </p>
            {data.enabled ? (
              <Button
                variant="secondary"
                disabled={reset.isPending}
                onClick={() => setConfirming(true)}
              >
                <ShieldOff aria-hidden="true" className="size-4" /> Reset two-factor
              </Button>
            ) : null}
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset two-factor authentication?"
        description="The member signs in with their password alone until they set up an authenticator app again (at once, if your organization requires it). Do this only when you are sure who asked."
        confirmLabel="Reset two-factor"
        confirmVariant="destructive"
        onConfirm={() => reset.mutate()}
      />
    </Card>
  );
}
