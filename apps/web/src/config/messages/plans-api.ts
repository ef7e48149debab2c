/**
 * Failures of the plans endpoints that more than one screen calls: the Plans screen works on
 * plans, and an event's status change asks about its plans (resolving an incident offers to
 * complete them).
 */
export const plansApi = {
  loadFailed: 'Unable to load the plans',
  updateFailed: 'Could not save the plan',
} as const;
