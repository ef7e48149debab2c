import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { Severity } from './enums.js';

/**
 * What kind of natural event a feed reports, where the feed says so (USGS and EMSC: always an
 * earthquake; GDACS by its event type; EONET by its category). Only events of a known hazard are
 * fused across feeds: a warning for a county is not the cyclone itself.
 */
export const HAZARDS = [
  'EARTHQUAKE',
  'TSUNAMI',
  'TROPICAL_CYCLONE',
  'FLOOD',
  'WILDFIRE',
  'VOLCANO',
  'DROUGHT',
] as const;
export const Hazard = z.enum(HAZARDS);
export type Hazard = z.infer<typeof Hazard>;

/**
 * When a feed's new event is one another feed already reported: the same incident type and
 * hazard, starts within `minutes` of each other and places within `km`. The defaults follow how
 * far the agencies' own figures for one event differ: an earthquake's origin time by seconds and
 * its epicentre by tens of kilometres (USGS, EMSC, GDACS), a cyclone's first advisory by days and
 * its centre by hundreds of kilometres. FEED_FUSION changes them (`EARTHQUAKE=10m/100km,...`).
 */
export const FUSION_DEFAULTS: Readonly<Record<Hazard, { minutes: number; km: number }>> = {
  EARTHQUAKE: { minutes: 10, km: 100 },
  TSUNAMI: { minutes: 6 * 60, km: 500 },
  TROPICAL_CYCLONE: { minutes: 72 * 60, km: 500 },
  FLOOD: { minutes: 72 * 60, km: 200 },
  WILDFIRE: { minutes: 72 * 60, km: 50 },
  VOLCANO: { minutes: 7 * 24 * 60, km: 50 },
  DROUGHT: { minutes: 30 * 24 * 60, km: 500 },
};

/** One feed's report of an incident: the first made it, others joined it as the same event. */
export const FeedReport = z
  .object({
    id: z.uuid(),
    /** The source's key (its kind and name) and name, as on the Data sources screen. */
    source: z.string(),
    sourceName: z.string(),
    sourceUrl: z.string().nullable(),
    hazard: Hazard.nullable(),
    /** The severity this source reports; the incident's is the highest of its reports'. */
    severity: Severity,
    /** The report that made the incident: it cannot be split from it. */
    primary: z.boolean(),
    /** The source says the event is over (or no longer lists it). */
    over: z.boolean(),
    firstSeenAt: IsoDateTime,
    lastSeenAt: IsoDateTime,
  })
  .meta({ id: 'FeedReport' });
export type FeedReport = z.infer<typeof FeedReport>;

export const FeedReportListResponse = z.object({
  data: z.object({ reports: z.array(FeedReport) }),
});
export type FeedReportListResponse = z.infer<typeof FeedReportListResponse>;

export const FeedReportParams = z.object({
  id: z.uuid({ message: 'id must be a UUID' }),
  reportId: z.uuid({ message: 'reportId must be a UUID' }),
});

export const FeedReportSplitResponse = z.object({
  message: z.string(),
  data: z.object({ incidentId: z.uuid() }),
});
export type FeedReportSplitResponse = z.infer<typeof FeedReportSplitResponse>;

/** Which hazards are fused across feeds, and how near two reports must be to be one event. */
export type FusionRules = Partial<Record<Hazard, { minutes: number; km: number }>>;

const MINUTES_PER = { m: 1, h: 60, d: 24 * 60 } as const;

/**
 * FEED_FUSION: empty for FUSION_DEFAULTS, `off` for no fusion, or changes to the defaults
 * separated by commas: `EARTHQUAKE=15m/150km` (minutes, hours or days, then kilometres) or
 * `FLOOD=off`. Anything else throws, with what was expected.
 */
export function parseFusionRules(text: string | undefined): FusionRules {
  const rules: FusionRules = { ...FUSION_DEFAULTS };
  const said = text?.trim() ?? '';
  if (said === '') return rules;
  if (said.toLowerCase() === 'off') return {};
  for (const part of said.split(',')) {
    const [name = '', value = ''] = part.split('=').map((piece) => piece.trim());
    const hazard = HAZARDS.find((known) => known === name.toUpperCase());
    if (!hazard) throw new Error(`unknown hazard "${name}" (one of ${HAZARDS.join(', ')})`);
    if (value.toLowerCase() === 'off') {
      delete rules[hazard];
      continue;
    }
    const match = /^(\d+(?:\.\d+)?)([mhd])\/(\d+(?:\.\d+)?)km$/i.exec(value);
    if (!match)
      throw new Error(
        `"${part.trim()}" is not HAZARD=<time>/<distance>km, e.g. EARTHQUAKE=10m/100km`,
      );
    const unit = MINUTES_PER[(match[2] ?? 'm').toLowerCase() as keyof typeof MINUTES_PER];
    rules[hazard] = { minutes: Number(match[1]) * unit, km: Number(match[3]) };
  }
  return rules;
}
