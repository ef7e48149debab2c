import { z } from 'zod';
import { CurrencyCode, Cursor, IsoDateTime } from './common.js';
import { IMPORT_LIMITS } from './constants.js';
import { isCountryCode } from './countries.js';
import { CRITICALITIES, SITE_KINDS } from './roles.js';

export const SiteKind = z.enum(SITE_KINDS);
export type SiteKind = z.infer<typeof SiteKind>;
export const Criticality = z.enum(CRITICALITIES);
export type Criticality = z.infer<typeof Criticality>;
/** Not in `./constants`: the login page's bundle has no need of it. */
export const CRITICALITY_LABELS: Readonly<Record<Criticality, string>> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};

export const SITE_LIMITS = {
  name: 200,
  externalRef: 100,
  tags: 50,
  tag: 100,
  bulk: IMPORT_LIMITS.rows,
  pageMax: 200,
  pageDefault: 50,
  /** Two years: longer is a site that is gone, not one that recovers. */
  recoveryDays: 730,
} as const;

const Text = (max: number) => z.string().trim().max(max);
const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'countryCode must be two capital letters (ISO 3166-1)')
  .refine(isCountryCode, 'countryCode is not a known country (ISO 3166-1)');

/** What a site's revenue per day is made of (see Site.dependentRevenue). */
export const SiteRevenue = z
  .object({
    perDay: z.number(),
    currency: z.string(),
    from: z.enum(['PRODUCTS', 'SITE']),
    /** The unarchived products with a revenue it supplies a part of. */
    products: z.number().int(),
    /** Amounts in currencies the organization keeps no rate for, left out of perDay. */
    unconverted: z.array(z.object({ currency: z.string(), amount: z.number() })),
  })
  .meta({ id: 'SiteRevenue' });
export type SiteRevenue = z.infer<typeof SiteRevenue>;

/** A supplier, own facility, warehouse, port or customer of the organization. */
export const Site = z
  .object({
    id: z.uuid(),
    externalRef: z.string().nullable(),
    name: z.string(),
    kind: SiteKind,
    tier: z.number().int().min(1).max(3).nullable(),
    criticality: Criticality,
    address: z.string().nullable(),
    city: z.string().nullable(),
    countryCode: z.string().nullable(),
    location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    products: z.array(z.string()),
    contact: z
      .object({
        name: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
      })
      .nullable(),
    annualSpend: z.number().nullable(),
    /** The revenue that stops while the site is down, per day, in `currency`. */
    revenuePerDay: z.number().nullable(),
    /** Days the site needs to recover from a disruption (its time to recover), when known. */
    recoveryDays: z.number().int().nullable(),
    currency: z.string().nullable(),
    archivedAt: IsoDateTime.nullable(),
    updatedAt: IsoDateTime,
    /** In lists: how many active incidents reach it now. */
    activeExposures: z.number().int().optional(),
    /**
     * The revenue per day that stops while the site is down, in the organization's currency:
     * from the products it supplies a part of (each product's revenue × its dependence on the
     * site, as value at risk counts it), or the site's own revenuePerDay when it supplies none;
     * null when neither is known.
     */
    dependentRevenue: SiteRevenue.nullable().optional(),
  })
  .meta({ id: 'Site' });
export type Site = z.infer<typeof Site>;

/**
 * A site as a client sends it. Its location is given (lat, lng) or found from the address
 * (city and country at least) by the gazetteer or GEOCODER_URL.
 */
export const SiteInput = z.strictObject({
  externalRef: Text(SITE_LIMITS.externalRef).min(1).nullable().optional(),
  name: Text(SITE_LIMITS.name).min(1, 'name is required'),
  /** SUPPLIER when a new site does not say. */
  kind: SiteKind.optional(),
  tier: z
    .number()
    .int()
    .min(1, 'tier must be 1, 2 or 3')
    .max(3, 'tier must be 1, 2 or 3')
    .nullable()
    .optional(),
  /** MEDIUM when a new site does not say. */
  criticality: Criticality.optional(),
  address: Text(300).nullable().optional(),
  city: Text(100).nullable().optional(),
  countryCode: CountryCode.nullable().optional(),
  location: z
    .strictObject({
      lat: z
        .number()
        .min(-90, 'lat must be between -90 and 90')
        .max(90, 'lat must be between -90 and 90'),
      lng: z
        .number()
        .min(-180, 'lng must be between -180 and 180')
        .max(180, 'lng must be between -180 and 180'),
    })
    .nullable()
    .optional(),
  products: z.array(Text(SITE_LIMITS.tag).min(1)).max(SITE_LIMITS.tags).optional(),
  contact: z
    .strictObject({
      name: Text(100).nullable().optional(),
      email: z.email().max(254).nullable().optional(),
      phone: Text(40).nullable().optional(),
    })
    .nullable()
    .optional(),
  annualSpend: z.number().nonnegative().max(1e13).nullable().optional(),
  revenuePerDay: z
    .number()
    .nonnegative('revenuePerDay must be 0 or more')
    .max(1e12, 'revenuePerDay must be at most 1,000,000,000,000')
    .nullable()
    .optional(),
  recoveryDays: z
    .number()
    .int('recoveryDays must be a whole number of days')
    .min(0, 'recoveryDays must be between 0 and 730')
    .max(SITE_LIMITS.recoveryDays, 'recoveryDays must be between 0 and 730')
    .nullable()
    .optional(),
  /** The currency of annualSpend and revenuePerDay (the organization's when not given). */
  currency: CurrencyCode.nullable().optional(),
});
export type SiteInput = z.input<typeof SiteInput>;
/** A site as the server reads it (trimmed). A field left out stays as it is on an update. */
export type SiteValues = z.output<typeof SiteInput>;

export const SiteUpdate = SiteInput.partial().extend({
  /** true archives (hidden from lists and matching), false restores. */
  archived: z.boolean().optional(),
});
export type SiteUpdate = z.input<typeof SiteUpdate>;
export type SiteUpdateValues = z.output<typeof SiteUpdate>;

export const SITE_SORTS = ['name', 'criticality', 'tier', 'updatedAt'] as const;

export const SiteListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(SITE_LIMITS.pageMax).default(SITE_LIMITS.pageDefault),
  cursor: Cursor.optional(),
  q: z.string().trim().max(200).optional(),
  kind: SiteKind.optional(),
  criticality: Criticality.optional(),
  sort: z.enum(SITE_SORTS).default('name'),
  archived: z.enum(['true', 'false']).optional(),
});
export type SiteListQuery = z.output<typeof SiteListQuery>;

export const SiteResponse = z.object({ message: z.string(), data: z.object({ site: Site }) });
export type SiteResponse = z.infer<typeof SiteResponse>;
export const SiteListResponse = z.object({
  message: z.string(),
  data: z.object({
    sites: z.array(Site),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
  }),
});
export type SiteListResponse = z.infer<typeof SiteListResponse>;

/**
 * Issues for every row whose key an earlier row already has: a file must not name one record
 * twice (which of the two would win?). Used by the bulk schemas and the import preview.
 */
export const duplicateKeyIssues = (keys: readonly (string | null | undefined)[]) => {
  const first = new Map<string, number>();
  const issues: { index: number; firstIndex: number; key: string }[] = [];
  keys.forEach((key, index) => {
    if (key === null || key === undefined || key === '') return;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, index);
    else issues.push({ index, firstIndex: seen, key });
  });
  return issues;
};

/** Up to SITE_LIMITS.bulk sites at once; a row with an externalRef already known updates it. */
export const SiteBulk = z
  .strictObject({ sites: z.array(SiteInput).min(1).max(SITE_LIMITS.bulk) })
  .superRefine(({ sites }, context) => {
    for (const issue of duplicateKeyIssues(sites.map((site) => site.externalRef?.trim()))) {
      context.addIssue({
        code: 'custom',
        path: ['sites', issue.index, 'externalRef'],
        message: `externalRef "${issue.key}" is also in sites.${issue.firstIndex}`,
      });
    }
  });
export const BulkResponse = z.object({
  message: z.string(),
  data: z.object({ created: z.number().int(), updated: z.number().int() }),
});
export type BulkResponse = z.infer<typeof BulkResponse>;
