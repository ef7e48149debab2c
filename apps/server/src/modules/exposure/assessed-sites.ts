import { ASSESSED_UNHARMED, ASSESSMENT_ATTENTION, type AssessmentState } from '@meridian/contracts';
import type { assessmentsReads } from '../assessments/assessments.reads.js';

const DAY_MS = 24 * 60 * 60_000;

/** How each assessed site of an incident stands, by site id. */
export type AssessedStates = Awaited<ReturnType<typeof assessmentsReads.statesOf>>['bySite'];

/**
 * The sites as their assessments say: those with no impact or recovered left out; the others'
 * expected recovery date (days from when the incident reached them) and capacity still
 * available carried to value at risk.
 */
export function assessedSites<
  Row extends {
    exposure: { firstExposedAt: Date };
    site: { id: string; assessedDowntimeDays?: number | null; capacityPct?: number | null };
  },
>(rows: readonly Row[], bySite: AssessedStates): Row[] {
  return rows.flatMap((row) => {
    const assessment = bySite.get(row.site.id);
    if (!assessment) return [row];
    if (ASSESSED_UNHARMED.has(assessment.state)) return [];
    const back = assessment.expectedRecoveryOn
      ? Date.parse(`${assessment.expectedRecoveryOn}T00:00:00Z`)
      : null;
    return [
      {
        ...row,
        site: {
          ...row.site,
          assessedDowntimeDays:
            back === null
              ? null
              : Math.max(0, Math.ceil((back - row.exposure.firstExposedAt.getTime()) / DAY_MS)),
          capacityPct: assessment.capacityPct,
        },
      },
    ];
  });
}

/**
 * Each exposed site's state for the map: its assessment in each incident reaching it (Potential
 * where none was made), the one needing the most attention where there are several.
 */
export function siteAttention(
  reached: readonly { incidentId: string; siteId: string }[],
  assessed: readonly { incidentId: string; siteId: string; state: AssessmentState }[],
): Record<string, AssessmentState> {
  const stateOf = new Map(assessed.map((row) => [`${row.incidentId}:${row.siteId}`, row.state]));
  const rank = (state: AssessmentState) => ASSESSMENT_ATTENTION.indexOf(state);
  const bySite: Record<string, AssessmentState> = {};
  for (const { incidentId, siteId } of reached) {
    const state = stateOf.get(`${incidentId}:${siteId}`) ?? 'POTENTIAL';
    const current = bySite[siteId];
    if (current === undefined || rank(state) < rank(current)) bySite[siteId] = state;
  }
  return bySite;
}
