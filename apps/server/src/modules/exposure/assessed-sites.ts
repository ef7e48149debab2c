import { ASSESSED_UNHARMED } from '@meridian/contracts';
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
