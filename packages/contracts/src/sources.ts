import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { IncidentType } from './enums.js';
import * as API_MESSAGES from './messages/index.js';

/**
 * The feeds Meridian reads. Each kind is one connector: USGS earthquakes (GeoJSON summary),
 * EMSC earthquakes (FDSN event service, JSON; added by URL, not installed by default, since
 * it reports many of the quakes USGS does), NOAA National Hurricane Center active storms
 * (CurrentStorms.json),
 * GDACS disasters (GeoJSON event list), US National Weather Service alerts (CAP 1.2 as
 * GeoJSON), NASA EONET v3 natural events (GeoJSON); and generic connectors for any CAP 1.2
 * XML document or feed, any GeoJSON FeatureCollection of events, and any geotagged RSS or Atom
 * feed, which a platform admin adds by URL; and news (`NEWS`): any RSS or Atom feed of articles,
 * whose items matching the source's keyword rules become unverified incidents placed by the
 * places they name.
 */
export const SOURCE_KINDS = [
  'USGS',
  'EMSC',
  'NHC',
  'GDACS',
  'NWS',
  'EONET',
  'CAP',
  'GEOJSON',
  'RSS',
  'NEWS',
] as const;
/** The public feeds Meridian knows by name, each with a default URL (`FEEDS` installs them). */
export const BUILT_IN_SOURCE_KINDS = ['USGS', 'GDACS', 'NWS', 'EONET', 'NHC'] as const;
export type BuiltInSourceKind = (typeof BUILT_IN_SOURCE_KINDS)[number];
export const SourceKind = z.enum(SOURCE_KINDS, {
  message: `kind must be one of ${SOURCE_KINDS.join(', ')}`,
});
export type SourceKind = z.infer<typeof SourceKind>;

export const SOURCE_LIMITS = {
  name: 80,
  url: 2000,
  intervalMinSeconds: 60,
  intervalMaxSeconds: 86_400,
  intervalDefaultSeconds: 300,
} as const;

/**
 * A news source's rule: an item whose title or summary holds one of the keywords (whole words,
 * any case) becomes an incident of this type. The first matching rule wins.
 */
export const NewsRule = z.strictObject({
  type: IncidentType,
  keywords: z
    .array(
      z
        .string()
        .trim()
        .min(3, 'a keyword must be at least 3 characters')
        .max(80, 'a keyword must be at most 80 characters'),
    )
    .min(1, 'a rule needs at least one keyword')
    .max(40, 'a rule holds at most 40 keywords'),
});
export type NewsRule = z.infer<typeof NewsRule>;
const NewsRules = z
  .array(NewsRule)
  .min(1, 'a news source needs at least one rule')
  .max(20, 'a news source holds at most 20 rules');

/** The rules a news source starts with when none are given (README: "News"). */
export const DEFAULT_NEWS_RULES: NewsRule[] = [
  {
    type: 'STRIKE',
    keywords: ['port strike', 'dockworkers strike', 'dock strike', 'walkout', 'industrial action'],
  },
  {
    type: 'SUPPLIER_FAILURE',
    keywords: [
      'factory fire',
      'plant fire',
      'warehouse fire',
      'factory explosion',
      'plant explosion',
    ],
  },
  {
    type: 'GEOPOLITICAL',
    keywords: ['canal closure', 'canal closed', 'canal blocked', 'strait closed', 'blockade'],
  },
  {
    type: 'BORDER_CUSTOMS',
    keywords: ['customs backlog', 'customs delays', 'border closure', 'border closed'],
  },
  {
    type: 'PORT_CONGESTION',
    keywords: ['port congestion', 'vessel queue', 'berthing delays', 'port closed', 'port closure'],
  },
];

const Name = z.string().trim().min(1, 'name is required').max(SOURCE_LIMITS.name);
const Url = z
  .url({ protocol: /^https?$/, message: 'url must be an http or https address' })
  .max(SOURCE_LIMITS.url);
const Interval = z
  .number()
  .int('intervalSeconds must be a whole number')
  .min(SOURCE_LIMITS.intervalMinSeconds, {
    message: `intervalSeconds must be at least ${SOURCE_LIMITS.intervalMinSeconds}`,
  })
  .max(SOURCE_LIMITS.intervalMaxSeconds, {
    message: `intervalSeconds must be at most ${SOURCE_LIMITS.intervalMaxSeconds}`,
  });

export const Source = z
  .object({
    id: z.uuid(),
    kind: SourceKind,
    /** What the incidents it creates carry as their `source`; fixed at creation. */
    key: z.string(),
    name: z.string(),
    url: z.string(),
    enabled: z.boolean(),
    intervalSeconds: z.number().int(),
    lastPolledAt: IsoDateTime.nullable(),
    lastSuccessAt: IsoDateTime.nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: IsoDateTime.nullable(),
    /** Failures in a row; the next poll waits longer after each. */
    failures: z.number().int(),
    nextPollAt: IsoDateTime,
    /** Events in the last document read. */
    itemCount: z.number().int(),
    /**
     * Items in the last document read that were left out: not placed (no position or area, as
     * a CAP alert placed by a geocode only), or not actual (a CAP test or exercise).
     */
    skippedCount: z.number().int(),
    /** Incidents this source has created so far. */
    incidentCount: z.number().int(),
    /** A news source's keyword rules; null for every other kind. */
    rules: z.array(NewsRule).nullable(),
  })
  .meta({ id: 'Source' });
export type Source = z.infer<typeof Source>;

const rulesOnlyForNews = (value: { kind?: SourceKind; rules?: unknown }) =>
  value.rules === undefined || value.kind === undefined || value.kind === 'NEWS';

export const SourceCreate = z
  .strictObject({
    kind: SourceKind,
    name: Name,
    url: Url,
    enabled: z.boolean().default(true),
    intervalSeconds: Interval.default(SOURCE_LIMITS.intervalDefaultSeconds),
    /** NEWS only; DEFAULT_NEWS_RULES when left out. */
    rules: NewsRules.optional(),
  })
  .refine(rulesOnlyForNews, { message: API_MESSAGES.source.rulesForNewsOnly, path: ['rules'] });
export type SourceCreate = z.input<typeof SourceCreate>;

export const SourceUpdate = z
  .strictObject({
    name: Name.optional(),
    url: Url.optional(),
    enabled: z.boolean().optional(),
    intervalSeconds: Interval.optional(),
    /** NEWS sources only (another kind's update is refused). */
    rules: NewsRules.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, {
    message: 'send at least one field to change',
  });
export type SourceUpdate = z.input<typeof SourceUpdate>;

export const SourceResponse = z.object({ message: z.string(), data: z.object({ source: Source }) });
export type SourceResponse = z.infer<typeof SourceResponse>;

export const SourceListResponse = z.object({
  message: z.string(),
  data: z.object({ sources: z.array(Source) }),
});
export type SourceListResponse = z.infer<typeof SourceListResponse>;
