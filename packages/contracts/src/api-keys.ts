import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { IncidentType, Severity } from './enums.js';
import { GeoArea } from './geojson.js';
import { INCIDENT_LIMITS } from './incident-rules.js';

export const API_KEY_LIMITS = {
  name: 80,
  /** Incidents in one ingestion request. */
  batch: 1000,
  externalId: 200,
  /** Ingestion requests per key per minute. */
  perMinute: 60,
  /** Addresses or ranges one key may be limited to. */
  networks: 50,
} as const;

/** A key as its organization's admins see it: never the secret, only its first characters. */
export const ApiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The key's first characters, to tell keys apart. */
    prefix: z.string(),
    createdAt: IsoDateTime,
    createdBy: z.string().nullable(),
    lastUsedAt: IsoDateTime.nullable(),
    revokedAt: IsoDateTime.nullable(),
    /** Addresses or CIDR ranges the key works from; empty: wherever its organization allows. */
    allowedNetworks: z.array(z.string()).optional(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyCreate = z.strictObject({
  name: z.string().trim().min(1, 'name is required').max(API_KEY_LIMITS.name),
  allowedNetworks: z
    .array(z.string().trim().min(1).max(64))
    .max(API_KEY_LIMITS.networks)
    .default([]),
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreate>;

export const ApiKeyListResponse = z.object({
  message: z.string(),
  data: z.object({ apiKeys: z.array(ApiKey) }),
});
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;

export const ApiKeyCreatedResponse = z.object({
  message: z.string(),
  /** `secret` is the key itself, shown this once. */
  data: z.object({ apiKey: ApiKey, secret: z.string() }),
});
export type ApiKeyCreatedResponse = z.infer<typeof ApiKeyCreatedResponse>;

/** One incident from a customer's own system; `externalId` is its identity there. */
export const IngestIncident = z.strictObject({
  externalId: z.string().trim().min(1, 'externalId is required').max(API_KEY_LIMITS.externalId),
  title: z.string().trim().min(1, 'title is required').max(INCIDENT_LIMITS.title),
  description: z.string().trim().max(INCIDENT_LIMITS.description).nullable().optional(),
  severity: Severity,
  type: IncidentType.default('OTHER'),
  location: z
    .strictObject({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      countryCode: z
        .string()
        .regex(/^[A-Z]{2}$/, 'countryCode must be two capital letters (ISO 3166-1)')
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  area: GeoArea.nullable().optional(),
  affectedRadiusKm: z.number().positive().max(INCIDENT_LIMITS.radiusMaxKm).optional(),
  startsAt: IsoDateTime.optional(),
  endsAt: IsoDateTime.nullable().optional(),
  /** RESOLVED: the system says it is over. */
  status: z.enum(['OPEN', 'RESOLVED']).default('OPEN'),
  sourceUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable()
    .optional(),
});
export type IngestIncident = z.input<typeof IngestIncident>;

export const IngestRequest = z.strictObject({
  incidents: z
    .array(IngestIncident)
    .min(1, 'send at least one incident')
    .max(API_KEY_LIMITS.batch, `send at most ${API_KEY_LIMITS.batch} incidents a request`),
});
export type IngestRequest = z.input<typeof IngestRequest>;

export const IngestResponse = z.object({
  message: z.string(),
  data: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    resolved: z.number().int(),
    unchanged: z.number().int(),
    /** Each incident of the batch that exists in Meridian, by its externalId. */
    incidents: z.array(z.object({ externalId: z.string(), id: z.uuid() })),
  }),
});
export type IngestResponse = z.infer<typeof IngestResponse>;
