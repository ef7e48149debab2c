import { PLANS_POLL_INTERVAL_MS } from '@/config/constants';
import { PLAN_MESSAGES_WEB } from '../plan-messages';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { PlanListResponse, PlanResponse } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';

/** Which plans a list shows: an event's, or those with an action assigned to the caller. */
export type PlanFilter = { incidentId: string } | { assignee: 'me' };

export const getPlans = async (filter: PlanFilter, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/plans?${new URLSearchParams(filter).toString()}`, {
      schema: PlanListResponse,
      fallbackMessage: PLAN_MESSAGES_WEB.loadFailed,
      signal,
    })
  ).data.plans;

export const getPlan = async (planId: string, signal?: AbortSignal) =>
  (
    await authenticatedRequest(`/plans/${encodeURIComponent(planId)}`, {
      schema: PlanResponse,
      fallbackMessage: PLAN_MESSAGES_WEB.loadFailed,
      signal,
    })
  ).data.plan;

/** The plans of a filter, refreshed now and then so colleagues' progress shows. */
export function usePlans(filter: PlanFilter) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    queryKey: queryKeys.plans.list(organizationId, filter),
    queryFn: ({ signal }) => getPlans(filter, signal),
    refetchInterval: PLANS_POLL_INTERVAL_MS,
  });
}
