import { PLAN_MESSAGES_WEB } from '../plan-messages';
import { authenticatedRequest } from '@/lib/api-client';
import { PlanResponse, type ActionCreate } from '@meridian/contracts';
import { usePlanWrite } from './plans-cache';

export type NewAction = { planId: string; action: ActionCreate };

export const addAction = async ({ planId, action }: NewAction) =>
  (
    await authenticatedRequest(`/plans/${encodeURIComponent(planId)}/actions`, {
      method: 'POST',
      body: action,
      schema: PlanResponse,
      fallbackMessage: PLAN_MESSAGES_WEB.actionAddFailed,
    })
  ).data.plan;

export const useAddAction = () => usePlanWrite(addAction);
