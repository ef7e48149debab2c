import { z } from 'zod';
import { IsoDateTime } from './common.js';
import { IncidentStatus, Scope, Severity } from './enums.js';

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
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof Shipment>;

export const ScopeQuery = z.strictObject({
  scope: Scope.default('ORG'),
});
export type ScopeQuery = z.infer<typeof ScopeQuery>;

export const IncidentListResponse = z.object({ data: z.array(Incident) });
export type IncidentListResponse = z.infer<typeof IncidentListResponse>;

export const ShipmentListResponse = z.object({ data: z.array(Shipment) });
export type ShipmentListResponse = z.infer<typeof ShipmentListResponse>;

/** Radius around an incident within which shipments count as exposed to it. */
export const NEARBY_SHIPMENT_RADIUS_KM = 500;

export const IncidentDetailResponse = z.object({
  data: z.object({
    incident: Incident,
    /** The active organization's shipments within NEARBY_SHIPMENT_RADIUS_KM, nearest first. */
    nearbyShipments: z.array(Shipment.extend({ distanceKm: z.number() })),
  }),
});
export type IncidentDetailResponse = z.infer<typeof IncidentDetailResponse>;
