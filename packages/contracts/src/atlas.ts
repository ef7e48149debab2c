import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { IncidentStatus, IncidentType, Scope, Severity } from './enums.js';

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
