import { z } from 'zod';
import { IncidentImpact } from './impact.js';
import { IsoDateTime } from './common.js';
import { IncidentStatus, IncidentType, Scope, Severity } from './enums.js';
import * as API_MESSAGES from './messages/index.js';

export const GeoPoint = z.object({ lat: z.number(), lng: z.number() });
export type GeoPoint = z.infer<typeof GeoPoint>;

export const Incident = z
  .object({
    id: z.uuid(),
    organizationId: z.uuid().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    severity: Severity,
    status: IncidentStatus,
    location: z
      .object({ lat: z.number(), lng: z.number(), countryCode: z.string().nullable() })
      .nullable(),
    updatedAt: IsoDateTime,
    // Additions to the spec's shape; optional so that older and sample records still parse.
    type: IncidentType.optional(),
    /** MANUAL, or the feed it came from. */
    source: z.string().optional(),
    startsAt: IsoDateTime.optional(),
    endsAt: IsoDateTime.nullable().optional(),
    affectedRadiusKm: z.number().optional(),
    assigneeId: z.uuid().nullable().optional(),
    resolvedAt: IsoDateTime.nullable().optional(),
    createdAt: IsoDateTime.optional(),
    /** Made from a news item by keyword rules, and not yet confirmed by a person. */
    unverified: z.boolean().optional(),
    /** Its priority and value at risk for the reader's organization (Events pages). */
    impact: IncidentImpact.nullable().optional(),
  })
  .meta({ id: 'Incident' });
export type Incident = z.infer<typeof Incident>;

export const Shipment = z
  .object({
    id: z.string(),
    currentPosition: GeoPoint,
    reference: z.string(),
    origin: z.string(),
    destination: z.string(),
    mode: z.enum(['SEA', 'AIR', 'ROAD', 'RAIL']),
    // Additions to the spec's shape (optional, so older records still parse).
    carrier: z.string().nullable().optional(),
    status: z.enum(['PLANNED', 'IN_TRANSIT', 'DELIVERED', 'DELAYED']).optional(),
    eta: IsoDateTime.nullable().optional(),
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof Shipment>;

export const ScopeQuery = z.strictObject({
  scope: Scope.default('ORG'),
});
export type ScopeQuery = z.infer<typeof ScopeQuery>;

/**
 * Without `page` the whole list, as the spec's screens read it; with `limit` one page of it and
 * `page.nextCursor` for the next (null on the last).
 */
export const IncidentListResponse = z.object({
  data: z.array(Incident),
  page: z.object({ nextCursor: z.string().nullable() }).optional(),
});
export type IncidentListResponse = z.infer<typeof IncidentListResponse>;

export const ShipmentListResponse = z.object({ data: z.array(Shipment) });
export type ShipmentListResponse = z.infer<typeof ShipmentListResponse>;

/** Radius around an incident within which shipments count as exposed to it. */
export const NEARBY_SHIPMENT_RADIUS_KM = 500;

/** A site as the map draws it: where it is and how much it matters. */
export const MapSite = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(['SUPPLIER', 'OWN_FACILITY', 'WAREHOUSE', 'PORT', 'CUSTOMER']),
    criticality: z.enum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']),
    location: GeoPoint,
  })
  .meta({ id: 'MapSite' });
export type MapSite = z.infer<typeof MapSite>;

export const MapSiteListResponse = z.object({ data: z.array(MapSite) });
export type MapSiteListResponse = z.infer<typeof MapSiteListResponse>;

/** `west,south,east,north` in degrees; west > east crosses the antimeridian. */
export const BboxText = z.string().transform((text, context) => {
  const parts = text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  const [west = 0, south = 0, east = 0, north = 0] = parts;
  const problem =
    parts.length !== 4 || parts.some((part) => !Number.isFinite(part))
      ? API_MESSAGES.shipmentMap.bbox
      : Math.abs(west) > 180 || Math.abs(east) > 180
        ? API_MESSAGES.shipmentMap.longitude
        : Math.abs(south) > 90 || Math.abs(north) > 90
          ? API_MESSAGES.shipmentMap.latitude
          : south > north
            ? API_MESSAGES.shipmentMap.southAboveNorth
            : null;
  if (problem) {
    context.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return { west, south, east, north };
});

/**
 * GET /atlas/shipments/map: the scope as for the JSON list, the view's box (the whole world
 * without it), and the zoom, accepted for clustering at low zooms but not used yet.
 */
export const ShipmentMapQuery = z.strictObject({
  scope: Scope.default('ORG'),
  bbox: BboxText.optional(),
  zoom: z.coerce
    .number({ message: API_MESSAGES.shipmentMap.zoom })
    .min(0, { message: API_MESSAGES.shipmentMap.zoom })
    .max(24, { message: API_MESSAGES.shipmentMap.zoom })
    .optional(),
});
export type ShipmentMapQuery = z.infer<typeof ShipmentMapQuery>;

/** The ids the map body's ordinals index, for the body of the same tag. */
export const ShipmentMapIdsResponse = z.object({
  data: z.object({ tag: z.string(), ids: z.array(z.string()) }),
});
export type ShipmentMapIdsResponse = z.infer<typeof ShipmentMapIdsResponse>;

/**
 * GET /atlas/shipments/map/details: one shipment of a map body, by its ordinal and the body's
 * tag. A tag of an older version answers 409 (SHIPMENT_MAP_MESSAGES.staleTag).
 */
export const ShipmentMapDetailsQuery = z.strictObject({
  scope: Scope.default('ORG'),
  ordinal: z.coerce
    .number({ message: API_MESSAGES.shipmentMap.ordinal })
    .int({ message: API_MESSAGES.shipmentMap.ordinal })
    .min(0, { message: API_MESSAGES.shipmentMap.ordinal }),
  tag: z.string().regex(/^[0-9a-f]{16}$/, { message: API_MESSAGES.shipmentMap.tag }),
});
export type ShipmentMapDetailsQuery = z.infer<typeof ShipmentMapDetailsQuery>;

export const ShipmentMapDetailsResponse = z.object({ data: Shipment });
export type ShipmentMapDetailsResponse = z.infer<typeof ShipmentMapDetailsResponse>;
