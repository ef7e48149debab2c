/** Assessment states and their rules, with no zod (exported from `./constants` too). */

/**
 * How an exposed site stands in an incident, from "it is in the area" to "it is back":
 * POTENTIAL until someone says better (the site became exposed), then CONFIRMED (hit) or
 * NO_IMPACT, then RECOVERING and RECOVERED.
 */
export const ASSESSMENT_STATES = [
  'POTENTIAL',
  'CONFIRMED',
  'NO_IMPACT',
  'RECOVERING',
  'RECOVERED',
] as const;
export type AssessmentState = (typeof ASSESSMENT_STATES)[number];

export const ASSESSMENT_STATE_LABELS: Readonly<Record<AssessmentState, string>> = {
  POTENTIAL: 'Potential',
  CONFIRMED: 'Confirmed impact',
  NO_IMPACT: 'No impact',
  RECOVERING: 'Recovering',
  RECOVERED: 'Recovered',
};

/**
 * The states by how much a site in them needs attention, most first: where several incidents
 * reach one site, the map shows the first of its states in this order.
 */
export const ASSESSMENT_ATTENTION: readonly AssessmentState[] = [
  'CONFIRMED',
  'RECOVERING',
  'POTENTIAL',
  'RECOVERED',
  'NO_IMPACT',
];

/** States a site no longer loses revenue in: value at risk leaves it out. */
export const ASSESSED_UNHARMED: ReadonlySet<AssessmentState> = new Set(['NO_IMPACT', 'RECOVERED']);
