import { z } from 'zod';
import { ASSESSMENT_STATES } from './assessment-states.js';
import { Incident } from './atlas.js';
import { IsoDateTime } from './common.js';
import { IncidentImpact, Priority } from './impact.js';
import { formatMoney } from './money.js';
import { EXPOSURE_STATES } from './roles.js';
import { Site } from './sites.js';
import { ShipmentDetail } from './shipments.js';

export const ExposureState = z.enum(EXPOSURE_STATES);
export type ExposureState = z.infer<typeof ExposureState>;

/** Whether the incident reaches the item now: any state but CLEARED (which it reached before). */
export const isInReach = (exposure: { state: string }): boolean => exposure.state !== 'CLEARED';

const exposureFacts = {
  /** From the incident's location (or its area's centre). */
  distanceKm: z.number(),
  state: ExposureState,
  /** POSITION: it is inside now; ROUTE: its remaining route crosses the area; LOCATION: a site. */
  via: z.enum(['LOCATION', 'POSITION', 'ROUTE']),
  /** Since when it is in reach this time. */
  firstSeenAt: IsoDateTime,
  lastChangedAt: IsoDateTime,
  /** The first time the incident reached it, kept through clearings. */
  firstExposedAt: IsoDateTime,
  /** When it left the incident's reach, or the incident ended; null while in reach. */
  clearedAt: IsoDateTime.nullable(),
};

export const SiteExposure = z.object({ site: Site, ...exposureFacts });
export type SiteExposure = z.infer<typeof SiteExposure>;
export const ShipmentExposure = z.object({ shipment: ShipmentDetail, ...exposureFacts });
export type ShipmentExposure = z.infer<typeof ShipmentExposure>;

/**
 * The most of the organization's sites, and of its shipments, the incident reached at once while
 * active, and when (null: never any).
 */
export const ExposurePeak = z.object({
  sites: z.number().int(),
  sitesAt: IsoDateTime.nullable(),
  shipments: z.number().int(),
  shipmentsAt: IsoDateTime.nullable(),
});
export type ExposurePeak = z.infer<typeof ExposurePeak>;

/** What one exposed site puts at risk (README, "Value at risk"). */
export const SiteValueAtRisk = z.object({
  siteId: z.uuid(),
  /**
   * Days the site is expected down, and from what: its assessment's expected recovery date, its
   * own recovery days, or the incident's type.
   */
  downtimeDays: z.number(),
  downtimeFrom: z.enum(['ASSESSMENT', 'SITE', 'INCIDENT']),
  /** Days the chain can go on without the site (inventory cover). */
  coverDays: z.number(),
  /** The revenue that depends on it per day, in the organization's currency (null: unknown, or no rate). */
  revenuePerDay: z.number().nullable(),
  /** revenuePerDay × the days down beyond the cover (null as revenuePerDay). */
  amount: z.number().nullable(),
});
export type SiteValueAtRisk = z.infer<typeof SiteValueAtRisk>;

/**
 * The value an incident puts at risk for the organization, in its currency: the revenue of the
 * exposed sites for the days they are expected down beyond their cover, and the cargo value of
 * the exposed shipments. Of what is in reach (NOW), or, once nothing is, of what the incident
 * reached while active (WHILE_ACTIVE).
 */
export const ValueAtRisk = z
  .object({
    currency: z.string(),
    basis: z.enum(['NOW', 'WHILE_ACTIVE']),
    total: z.number(),
    sites: z.number(),
    shipments: z.number(),
    /** Sites without a revenue per day, shipments without a cargo value: not in the total. */
    unknown: z.object({ sites: z.number().int(), shipments: z.number().int() }),
    /** Amounts in currencies the organization keeps no rate for: not in the total. */
    unconverted: z.array(z.object({ currency: z.string(), amount: z.number() })),
    /** The day the organization's rates were taken, as its admin gave it. */
    ratesAsOf: z.string().nullable(),
    bySite: z.array(SiteValueAtRisk),
  })
  .meta({ id: 'ValueAtRisk' });
export type ValueAtRisk = z.infer<typeof ValueAtRisk>;

const count = (n: number, noun: string) =>
  `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The value at risk in one sentence, for the report and the analysis assistant: "Value at risk:
 * $255,000 (sites $175,000 over their days down, cargo $80,000); not counted: 1 shipment without
 * a cargo value."
 */
export function valueAtRiskSentence(value: ValueAtRisk): string {
  const money = (amount: number) => formatMoney(amount, value.currency);
  const left = [
    ...value.unconverted.map(
      (sum) => `${formatMoney(sum.amount, sum.currency)} (no exchange rate)`,
    ),
    ...(value.unknown.sites > 0
      ? [`${count(value.unknown.sites, 'site')} without a revenue per day`]
      : []),
    ...(value.unknown.shipments > 0
      ? [`${count(value.unknown.shipments, 'shipment')} without a cargo value`]
      : []),
  ];
  return (
    `${value.basis === 'NOW' ? 'Value at risk' : 'Value at risk while active'}: ${money(value.total)} ` +
    `(sites ${money(value.sites)} over their days down, cargo ${money(value.shipments)})` +
    (left.length > 0 ? `; not counted: ${left.join(', ')}.` : '.')
  );
}

export const IncidentExposureResponse = z.object({
  message: z.string(),
  data: z.object({
    sites: z.array(SiteExposure),
    shipments: z.array(ShipmentExposure),
    /** What the incident exposed at most while active, whether or not cleared items are listed. */
    peak: ExposurePeak,
    valueAtRisk: ValueAtRisk,
    /** The priority as last computed with the exposure (null: nothing in reach, or not yet). */
    impact: IncidentImpact.nullable(),
  }),
});
export type IncidentExposureResponse = z.infer<typeof IncidentExposureResponse>;

/** Per incident of the organization's view: how many of its sites and shipments are exposed now. */
export const ExposureSummaryResponse = z.object({
  message: z.string(),
  data: z.object({
    incidents: z.array(
      z.object({
        incidentId: z.uuid(),
        sites: z.number().int(),
        shipments: z.number().int(),
        /** Its priority for the organization, for the map's colours (null: not computed yet). */
        priority: Priority.nullable().optional(),
      }),
    ),
    /** The organization's sites and shipments reached by any incident of the view, for the map. */
    exposedSiteIds: z.array(z.string()).optional(),
    exposedShipmentIds: z.array(z.string()).optional(),
    /**
     * Each exposed site's assessment (Potential until someone says better); where several
     * incidents reach it, the state that needs the most attention (ASSESSMENT_ATTENTION).
     */
    siteAssessments: z.record(z.string(), z.enum(ASSESSMENT_STATES)).optional(),
  }),
});
export type ExposureSummaryResponse = z.infer<typeof ExposureSummaryResponse>;

/** An incident reaching one of the organization's sites, for the site's card. */
export const SiteIncidentExposure = z.object({ incident: Incident, ...exposureFacts });
export type SiteIncidentExposure = z.infer<typeof SiteIncidentExposure>;

export const SiteExposureResponse = z.object({
  message: z.string(),
  data: z.object({ exposures: z.array(SiteIncidentExposure) }),
});
export type SiteExposureResponse = z.infer<typeof SiteExposureResponse>;

/** The routes still ahead of the organization's exposed shipments, for the map (at most 1,000). */
export const ExposedRoutesResponse = z.object({
  data: z.array(z.object({ id: z.string(), route: z.array(z.tuple([z.number(), z.number()])) })),
});
export type ExposedRoutesResponse = z.infer<typeof ExposedRoutesResponse>;
