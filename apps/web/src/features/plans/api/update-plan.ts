import { PLAN_MESSAGES_WEB } from '../plan-messages';
import { authenticatedRequest } from '@/lib/api-client';
import { PlanResponse, type PlanUpdate } from '@meridian/contracts';
import { usePlanWrite } from './plans-cache';

export type PlanChange = { planId: string; change: PlanUpdate };

export const updatePlan = async ({ planId, change }: PlanChange) =>
  (
    await authenticatedRequest(`/plans/${encodeURIComponent(planId)}`, {
      method: 'PATCH',
      body: change,
      schema: PlanResponse,
      fallbackMessage: PLAN_MESSAGES_WEB.updateFailed,
    })
  ).data.plan;

/** Renames, reassigns, reschedules or moves a plan through its statuses. */
export const useUpdatePlan = () => usePlanWrite(updatePlan);
