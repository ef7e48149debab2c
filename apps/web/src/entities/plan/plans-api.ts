import { PlanListResponse, PlanResponse, type Plan, type PlanUpdate } from '@meridian/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import * as WEB_MESSAGES from '@/config/messages';

/** Which plans a list shows: an event's, or those with an action assigned to the caller. */
export type PlanFilter = { incidentId: string } | { assignee: 'me' };

/** Statuses of a plan still being worked. */
export const isOpenPlan = (plan: Pick<Plan, 'status'>) =>
  plan.status === 'ACTIVE' || plan.status === 'DRAFT';

export const getPlans = async (filter: PlanFilter, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/plans?${new URLSearchParams(filter).toString()}`, {
      schema: PlanListResponse,
      fallbackMessage: WEB_MESSAGES.plansApi.loadFailed,
      signal,
    })
  ).data.plans;

export const getPlan = async (planId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/plans/${encodeURIComponent(planId)}`, {
      schema: PlanResponse,
      fallbackMessage: WEB_MESSAGES.plansApi.loadFailed,
      signal,
    })
  ).data.plan;

export type PlanChange = { planId: string; change: PlanUpdate };

export const updatePlan = async ({ planId, change }: PlanChange) =>
  (
    await authenticatedRequest(`/plans/${encodeURIComponent(planId)}`, {
      method: 'PATCH',
      body: change,
      schema: PlanResponse,
      fallbackMessage: WEB_MESSAGES.plansApi.updateFailed,
    })
  ).data.plan;

/** The query of one filter's plans, shared by the hook and by one-off reads (fetchQuery). */
export const plansQuery = (organizationId: string | null, filter: PlanFilter) => ({
  queryKey: queryKeys.plans.list(organizationId, filter),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getPlans(filter, signal),
});

/** An incident's plans still being worked, read fresh (for a question asked before resolving). */
export async function openPlansOf(
  queryClient: QueryClient,
  organizationId: string | null,
  incidentId: string,
): Promise<Plan[]> {
  const plans = await queryClient.fetchQuery({
    ...plansQuery(organizationId, { incidentId }),
    staleTime: 0,
  });
  return plans.filter(isOpenPlan);
}
