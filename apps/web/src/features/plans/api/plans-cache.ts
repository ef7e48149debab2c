import { useActiveOrganizationId } from '@/lib/active-organization';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Plan } from '@meridian/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getPlan } from '@/entities/plan/plans-api';

/** Puts the server's copy of a plan into every loaded list that holds it. */
export function storePlan(queryClient: QueryClient, plan: Plan): void {
  queryClient.setQueriesData<Plan[]>({ queryKey: queryKeys.plans.all }, (plans) =>
    plans?.map((known) => (known.id === plan.id ? plan : known)),
  );
}

/** Reads one plan again (after a 409: someone else changed it, or it cannot close yet). */
async function reloadPlan(queryClient: QueryClient, planId: string): Promise<void> {
  try {
    storePlan(queryClient, await getPlan(planId));
  } finally {
    await queryClient.invalidateQueries({ queryKey: queryKeys.plans.all });
  }
}

/**
 * A write whose reply is the whole plan: the reply replaces the plan on screen at once, then
 * the lists (which plans hold my actions) and the incident's timeline are read again. A refusal
 * shows as a toast with the server's reason; a conflict also reloads the plan, so the next try
 * starts from what is really there.
 */
export function usePlanWrite<Variables extends { planId: string }>(
  write: (variables: Variables) => Promise<Plan>,
) {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: write,
    onSuccess: (plan) => {
      storePlan(queryClient, plan);
      // Not awaited: the row is usable again as soon as the reply is on screen.
      void queryClient.invalidateQueries({ queryKey: queryKeys.plans.all });
      void queryClient.invalidateQueries({
        queryKey: queryKeys.atlas.timeline(organizationId, plan.incidentId),
      });
    },
    onError: async (error, { planId }) => {
      // Stale (changed since read) or in conflict (closed meanwhile, required actions
      // reopened): either way the plan on screen is not what is there.
      if (error instanceof ApiError && (error.code === 'STALE' || error.code === 'CONFLICT')) {
        await reloadPlan(queryClient, planId).catch(() => undefined);
      }
    },
  });
}
