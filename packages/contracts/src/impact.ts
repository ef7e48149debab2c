import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { PRIORITIES, PRIORITY_LABELS, totalPoints } from './priority.js';

export const Priority = z.enum(PRIORITIES);
export type Priority = z.infer<typeof Priority>;

/** Each input's points toward the priority (README, "Priority"). */
export const PriorityPointsSchema = z.object({
  severity: z.number().int(),
  criticality: z.number().int(),
  proximity: z.number().int(),
  value: z.number().int(),
  singleSource: z.number().int(),
});

/**
 * What an incident means for one organization, as the exposure engine last computed it:
 * its priority while it reaches something (null: "Not exposed"), with the points behind it,
 * and its value at risk in the organization's currency (of what it reaches now, or, once
 * nothing is in reach, of what it reached while active: `basis`).
 */
export const IncidentImpact = z
  .object({
    priority: Priority.nullable(),
    points: PriorityPointsSchema.nullable(),
    valueAtRisk: z.number(),
    currency: z.string(),
    basis: z.enum(['NOW', 'WHILE_ACTIVE']),
    computedAt: IsoDateTime,
  })
  .meta({ id: 'IncidentImpact' });
export type IncidentImpact = z.infer<typeof IncidentImpact>;

/**
 * "Priority for the organization: P1 · Act now (severity 3, criticality 3, proximity 2, value
 * at risk 3, single source 0: 11 points)." or, with nothing in reach, "… Not exposed now.": the
 * same sentence in the report, the assistant's answers and its prompt.
 */
export function prioritySentence(impact: IncidentImpact | null): string {
  if (!impact?.priority || !impact.points) return 'Priority for the organization: not exposed now.';
  const { severity, criticality, proximity, value, singleSource } = impact.points;
  return (
    `Priority for the organization: ${PRIORITY_LABELS[impact.priority]} (severity ${severity}, ` +
    `criticality ${criticality}, proximity ${proximity}, value at risk ${value}, single source ` +
    `${singleSource}: ${totalPoints(impact.points)} points).`
  );
}
