import type { Hazard, IncidentType, Severity } from '@meridian/contracts';

/** GDACS's event type codes (its RSS `gdacs:eventtype` and its event list's `eventtype`). */
const GDACS_HAZARDS: Record<string, Hazard> = {
  EQ: 'EARTHQUAKE',
  TC: 'TROPICAL_CYCLONE',
  FL: 'FLOOD',
  VO: 'VOLCANO',
  DR: 'DROUGHT',
  WF: 'WILDFIRE',
  TS: 'TSUNAMI',
};

/** The hazard a GDACS event type code names; null for none or another code. */
export const hazardOfCode = (code: string | null | undefined): Hazard | null =>
  (code && GDACS_HAZARDS[code.trim().toUpperCase()]) || null;

/**
 * Words a feed uses for how bad an event is, in the vocabularies Meridian meets: CAP 1.2
 * severities, alert colours (GDACS, PAGER, meteoalarm) and Meridian's own levels.
 */
const SEVERITY_WORDS: Record<string, Severity> = {
  extreme: 'CRITICAL',
  critical: 'CRITICAL',
  red: 'CRITICAL',
  severe: 'HIGH',
  high: 'HIGH',
  orange: 'HIGH',
  moderate: 'MEDIUM',
  medium: 'MEDIUM',
  yellow: 'MEDIUM',
  minor: 'LOW',
  low: 'LOW',
  green: 'LOW',
  unknown: 'LOW',
};

/** The first of the values that names a severity; LOW when none does. */
export function severityOf(...values: (string | null | undefined)[]): Severity {
  for (const value of values) {
    const word = value?.trim().toLowerCase();
    if (word && SEVERITY_WORDS[word]) return SEVERITY_WORDS[word];
  }
  return 'LOW';
}

/**
 * A storm by its maximum sustained wind (knots), as the Saffir-Simpson scale and the storm's
 * name step: a major hurricane (category 3, 96 kt) CRITICAL, a hurricane (64 kt) HIGH, a
 * tropical storm (34 kt) MEDIUM, a depression LOW (NHC, EONET).
 */
export function windSeverity(knots: number | null): Severity {
  if (knots === null) return 'LOW';
  if (knots >= 96) return 'CRITICAL';
  if (knots >= 64) return 'HIGH';
  if (knots >= 34) return 'MEDIUM';
  return 'LOW';
}

/** Supply-chain kinds of event first (a port strike is a strike), then hazards. */
const TYPE_PATTERNS: [RegExp, IncidentType][] = [
  [/\b(strike|walkout|walk-out|industrial action|labou?r dispute|lockout)\b/i, 'STRIKE'],
  [/\b(port congestion|congestion|berth|vessel queue|terminal closure)\b/i, 'PORT_CONGESTION'],
  [/\b(border|customs|checkpoint|embargo)\b/i, 'BORDER_CUSTOMS'],
  [/\b(cyber|ransomware|malware|outage of systems|data breach)\b/i, 'CYBER'],
  // A product's quality; the air's or the water's is the weather's or the environment's.
  [/\b(recall|contamination|(?<!\b(?:air|water) )quality)\b/i, 'QUALITY'],
  [/\b(bankrupt|insolven|plant closure|factory fire)\b/i, 'SUPPLIER_FAILURE'],
  [/\b(war|conflict|unrest|protests?|riots?|sanctions?|coup|terror\w*)\b/i, 'GEOPOLITICAL'],
  [
    /\b(earthquake|tsunami|volcan|landslide|avalanche|wildfire|bushfire|fire weather|flood|drought)/i,
    'NATURAL_HAZARD',
  ],
  [
    /\b(storm|cyclone|hurricane|typhoon|tornado|wind|snow|blizzard|ice|heat|cold|rain|fog|thunder|weather)/i,
    'WEATHER',
  ],
];

/** CAP 1.2 categories, for when the words say nothing. */
const CAP_CATEGORIES: Record<string, IncidentType> = {
  geo: 'NATURAL_HAZARD',
  met: 'WEATHER',
  fire: 'NATURAL_HAZARD',
  env: 'NATURAL_HAZARD',
  security: 'GEOPOLITICAL',
};

export function typeOf(
  words: (string | null | undefined)[],
  categories: string[] = [],
): IncidentType {
  const said = words.filter(Boolean).join(' ');
  for (const [pattern, type] of TYPE_PATTERNS) if (pattern.test(said)) return type;
  for (const category of categories) {
    const type = CAP_CATEGORIES[category.trim().toLowerCase()];
    if (type) return type;
  }
  return 'OTHER';
}
