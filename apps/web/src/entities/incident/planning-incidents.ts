import type { ReadIncident } from '@/lib/readers';
import { useIncidents } from './incidents-api';
import { PLANNING_SAMPLE_INCIDENTS } from './sample-incidents';

export type PlanningIncidents =
  | { status: 'loading' }
  | { status: 'ready'; incidents: readonly ReadIncident[]; isSample: boolean };

/**
 * The organization's incidents for Plans and Insights; the four sample incidents only when the
 * list cannot be had (a failure or a reply that is not JSON).
 */
export function usePlanningIncidents(): PlanningIncidents {
  const query = useIncidents('ORG');
  if (query.data?.kind === 'incidents') {
    return { status: 'ready', incidents: query.data.incidents, isSample: false };
  }
  if (query.data?.kind === 'notJson' || query.isError) {
    return { status: 'ready', incidents: PLANNING_SAMPLE_INCIDENTS, isSample: true };
  }
  return { status: 'loading' };
}

/** The chosen incident when it is listed, else the newest. */
export const selectedIncident = (
  incidents: readonly ReadIncident[],
  chosenId: string | null,
): ReadIncident | null =>
  incidents.find((incident) => incident.id === chosenId) ?? incidents[0] ?? null;
