import { updatePlan } from '@/entities/plan/plans-api';
import { usePlanWrite } from './plans-cache';

/** Renames, reassigns, reschedules or moves a plan through its statuses. */
export const useUpdatePlan = () => usePlanWrite(updatePlan);
