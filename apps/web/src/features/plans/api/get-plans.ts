import { PLANS_POLL_INTERVAL_MS } from '@/config/constants';
import { useActiveOrganizationId } from '@/lib/active-organization';
import { plansQuery, type PlanFilter } from '@/entities/plan/plans-api';
import { useQuery } from '@tanstack/react-query';

/** The plans of a filter, refreshed now and then so colleagues' progress shows. */
export function usePlans(filter: PlanFilter) {
  const organizationId = useActiveOrganizationId();
  return useQuery({
    ...plansQuery(organizationId, filter),
    refetchInterval: PLANS_POLL_INTERVAL_MS,
  });
}
