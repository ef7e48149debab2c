import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ApiError } from '@/lib/api-client';
import { updatePlan } from '@/entities/plan/plans-api';
import { queryKeys } from '@/lib/query-keys';
import type { Plan } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * Resolving an incident whose response plans are still active asks what becomes of them:
 * complete them too (each checked by the server: a plan with required actions open refuses,
 * and then nothing is resolved), resolve the incident alone, or think again.
 */
export function ResolveDialog({
  plans,
  incidentTitle,
  onOpenChange,
  onResolve,
}: {
  /** The incident's active plans; the dialog is open while there are some. */
  plans: Plan[];
  incidentTitle: string;
  onOpenChange: (open: boolean) => void;
  onResolve: () => void;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (next || pending) return;
    setProblem(null);
    onOpenChange(false);
  };
  const completeAll = async () => {
    setPending(true);
    setProblem(null);
    try {
      for (const plan of plans) {
        try {
          await updatePlan({
            planId: plan.id,
            change: { status: 'COMPLETED', updatedAt: plan.updatedAt },
          });
        } catch (error) {
          const reason = error instanceof ApiError ? error.message : 'Could not save the plan';
          setProblem(`“${plan.name}”: ${reason}`);
          return;
        }
      }
      onResolve();
      onOpenChange(false);
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.plans.all });
    }
  };
  const count = plans.length;
  return (
    <Dialog
      open={count > 0}
      onOpenChange={close}
      title="Resolve incident"
      description={`${incidentTitle} has ${count} active response ${count === 1 ? 'plan' : 'plans'}. Complete ${count === 1 ? 'it' : 'them'} too?`}
    >
      <ul className="mb-4 flex flex-col gap-1.5 text-sm">
        {plans.map((plan) => (
          <li
            key={plan.id}
            className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2"
          >
            <span className="truncate font-medium">{plan.name}</span>
            <span className="shrink-0 text-muted-foreground tabular-nums">
              {plan.progress.done} of {plan.progress.total} actions done
            </span>
          </li>
        ))}
      </ul>
      {problem ? (
        <p
          role="alert"
          className="mb-4 rounded-md bg-danger-surface px-3 py-2 text-sm text-danger-text"
        >
          {problem}. Nothing was resolved.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => {
            onResolve();
            onOpenChange(false);
          }}
        >
          Resolve only
        </Button>
        <Button onClick={() => void completeAll()} disabled={pending}>
          {pending ? 'Completing…' : `Complete ${count === 1 ? 'plan' : 'plans'} and resolve`}
        </Button>
      </div>
    </Dialog>
  );
}
