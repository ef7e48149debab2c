import { authenticatedRequest } from '@/lib/api-client';
import { PlanResponse, type ActionCreate } from '@meridian/contracts';
import { usePlanWrite } from './plans-cache';
import * as WEB_MESSAGES from '@/config/messages';

export type NewAction = { planId: string; action: ActionCreate };

export const addAction = async ({ planId, action }: NewAction) =>
  (
    await authenticatedRequest(`/plans/${encodeURIComponent(planId)}/actions`, {
      method: 'POST',
      body: action,
      schema: PlanResponse,
      fallbackMessage: WEB_MESSAGES.plan.actionAddFailed,
    })
  ).data.plan;

export const useAddAction = () => usePlanWrite(addAction);
