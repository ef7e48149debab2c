import { authenticatedRequest } from '@/lib/api-client';
import { PlanResponse, type ActionUpdate } from '@meridian/contracts';
import { usePlanWrite } from './plans-cache';
import * as WEB_MESSAGES from '@/config/messages';

export type ActionChange = { planId: string; actionId: string; change: ActionUpdate };

export const updateAction = async ({ planId, actionId, change }: ActionChange) =>
  (
    await authenticatedRequest(
      `/plans/${encodeURIComponent(planId)}/actions/${encodeURIComponent(actionId)}`,
      {
        method: 'PATCH',
        body: change,
        schema: PlanResponse,
        fallbackMessage: WEB_MESSAGES.plan.actionUpdateFailed,
      },
    )
  ).data.plan;

/** Changes one action: its status, notes, assignee or due time (its plan comes back whole). */
export const useUpdateAction = () => usePlanWrite(updateAction);
