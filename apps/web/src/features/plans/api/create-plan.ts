import { useActiveOrganizationId } from '@/lib/active-organization';
import { authenticatedRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { PlanResponse, type PlanCreate } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as WEB_MESSAGES from '@/config/messages';

export const createPlan = async (input: PlanCreate) =>
  (
    await authenticatedRequest('/plans', {
      method: 'POST',
      body: input,
      schema: PlanResponse,
      fallbackMessage: WEB_MESSAGES.plan.createFailed,
    })
  ).data.plan;

export function useCreatePlan() {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return useMutation({
    mutationFn: createPlan,
    // The dialog shows the server's reason beside the form.
    meta: { errorToast: false },
    onSuccess: async (plan) => {
      toast.success(WEB_MESSAGES.plan.created(plan.name));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.plans.all }),
        queryClient.invalidateQueries({
          queryKey: queryKeys.atlas.timeline(organizationId, plan.incidentId),
        }),
      ]);
    },
  });
}
