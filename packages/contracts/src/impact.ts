import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { PRIORITIES } from './priority.js';

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
