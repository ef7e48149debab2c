import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import type { VersionedList } from '../../lib/versioned-json.js';
import { atlasRepository } from './atlas.repository.js';

/** The map's shipments; incidents are the incidents module's. */
export class AtlasService {
  constructor(private readonly db: Database) {}

  /** The active organization's sites that have a location (MapSiteListResponse). */
  sites(actor: Actor): VersionedList {
    const { organizationId } = actor;
    return {
      key: `sites/${organizationId}`,
      readVersion: () => atlasRepository.sitesVersion(this.db, organizationId),
      load: () => atlasRepository.sitesJson(this.db, organizationId),
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
}
