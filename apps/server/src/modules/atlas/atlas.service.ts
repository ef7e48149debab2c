import {
  type IncidentDetailResponse,
  NEARBY_SHIPMENT_RADIUS_KM,
  type Scope,
} from '@meridian/contracts';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import type { JsonSnapshot } from '../../lib/versioned-json.js';
import { atlasRepository, toIncidentDto, toShipmentDto } from './atlas.repository.js';

/** A list the database serializes, with the cheap version its ETag is derived from. */
export type VersionedList = {
  key: string;
  readVersion: () => Promise<string>;
  load: () => Promise<JsonSnapshot>;
};

export class AtlasService {
  constructor(private readonly db: Database) {}

  /** The active organization's incidents in the scope, newest first (IncidentListResponse). */
  incidents(actor: Actor, scope: Scope): VersionedList {
    const { organizationId } = actor;
    return {
      key: `incidents/${organizationId}/${scope}`,
      readVersion: () => atlasRepository.incidentsVersion(this.db, organizationId, scope),
      load: () => atlasRepository.incidentsJson(this.db, organizationId, scope),
    };
  }

  /** Shipments always belong to an organization: both scopes list its own (ShipmentListResponse). */
  shipments(actor: Actor): VersionedList {
    const { organizationId } = actor;
    return {
      key: `shipments/${organizationId}`,
      readVersion: () => atlasRepository.shipmentsVersion(this.db, organizationId),
      load: () => atlasRepository.shipmentsJson(this.db, organizationId),
    };
  }

  async incident(actor: Actor, id: string): Promise<IncidentDetailResponse['data']> {
    const row = await atlasRepository.findVisibleIncident(this.db, actor.organizationId, id);
    if (!row) throw notFound('Event not found');
    const incident = toIncidentDto(row);
    const nearby = incident.location
      ? await atlasRepository.listShipmentsNear(
          this.db,
          actor.organizationId,
          incident.location,
          NEARBY_SHIPMENT_RADIUS_KM,
        )
      : [];
    return {
      incident,
      nearbyShipments: nearby.map((shipment) => ({
        ...toShipmentDto(shipment),
        distanceKm: Math.round(shipment.distanceKm * 10) / 10,
      })),
    };
  }
}
