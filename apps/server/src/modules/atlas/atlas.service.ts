import { createHash } from 'node:crypto';
import {
  type Bbox,
  SHIPMENT_MAP_FORMAT,
  type Scope,
  type Shipment,
  bboxContains,
  encodeShipmentMap,
  shipmentStatusCode,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/access.js';
import { badRequest, notFound, stale } from '../../lib/errors.js';
import {
  type Movement,
  type RouteFacts,
  estimatedPosition,
  travelWindow,
} from '../../lib/geo/route.js';
import type { VersionedList } from '../../lib/versioned-json.js';
import { exposureReads } from '../exposure/exposure.reads.js';
import { toShipmentDto } from './atlas.mapper.js';
import { atlasRepository } from './atlas.repository.js';

/** One organization's map columns at one data version, ordered by id. */
type MapColumns = {
  version: string;
  /** Names the version in the body and in the id list, so a client can pair them. */
  tag: string;
  ids: string[];
  lng: Float64Array;
  lat: Float64Array;
  statuses: Uint8Array;
  /** Each id's ordinal, built the first time exposure flags are set on a body. */
  ordinalOf?: Map<string, number>;
  /** The shipments that move on their own between reports, by ordinal. */
  moving: { ordinal: number; route: RouteFacts; movement: Movement }[];
  /** The start of the step `lng`/`lat` place the moving shipments at (epoch ms). */
  placedAt: number;
  /** When the last of them arrives (epoch ms): after it, the columns stay as they are. */
  movingUntil: number;
};

/** A map row's `pace` (see `atlasRepository.shipmentMapRows`). */
type Pace = [
  RouteFacts['mode'],
  number | null,
  number | null,
  number,
  number,
  [number, number][] | null,
  number,
  number | null,
  number,
];

/** The organizations whose map columns are kept (about 6 MB for 100,000 shipments). */
const MAP_COLUMNS_KEPT = 16;

const WORLD: Bbox = { west: -180, south: -90, east: 180, north: 90 };

/** A map body's version: its shipments', their exposure's and the step moving ones are placed at. */
const mapVersion = (shipments: string, exposure: string, step: string) =>
  `${shipments}|${exposure}|${step}`;

/**
 * The map's shipments; incidents are the incidents module's. A shipment on its way is drawn
 * where it is estimated to be (as the exposure engine places it), at the start of steps of
 * `moveStepMs` (EXPOSURE_CLOCK_SECONDS): the body's version changes with the step only for an
 * organization with shipments on their way.
 */
export class AtlasService {
  private readonly mapColumns = new Map<string, Promise<MapColumns>>();

  constructor(
    private readonly db: Database,
    private readonly moveStepMs = 60_000,
  ) {}

  private stepOf(now: number) {
    return Math.floor(now / this.moveStepMs) * this.moveStepMs;
  }

  /**
   * The step the map places shipments at, as part of its version: empty when the columns kept
   * for this data version have every shipment at rest by then (not loaded yet: the step).
   */
  private async stepTag(organizationId: string, version: string): Promise<string> {
    const kept = await this.mapColumns.get(organizationId)?.catch(() => null);
    const step = this.stepOf(Date.now());
    return kept?.version === version && kept.movingUntil < step ? '' : String(step);
  }

  /** The columns with their moving shipments placed at the current step's start. */
  private placed(columns: MapColumns): MapColumns {
    const step = this.stepOf(Date.now());
    if (columns.placedAt === step || columns.moving.length === 0) return columns;
    const at = new Date(step);
    for (const { ordinal, route, movement } of columns.moving) {
      const [lng, lat] = estimatedPosition(route, movement, at);
      columns.lng[ordinal] = lng;
      columns.lat[ordinal] = lat;
    }
    columns.placedAt = step;
    return columns;
  }

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

  /**
   * The same shipments as `shipments`, those in the box only, in the compact binary form
   * (SHIPMENT_MAP_FORMAT), each flagged when an incident of the scope reaches it now (the
   * exposure summary's exposedShipmentIds). Both scopes list the organization's own shipments,
   * so one set of columns per organization and version serves both; the body is cached per
   * scope and box by the caller, and its version changes with the shipments or their exposure.
   */
  shipmentMap(actor: Actor, scope: Scope, bbox: Bbox = WORLD): VersionedList {
    const { organizationId } = actor;
    const box = `${bbox.west},${bbox.south},${bbox.east},${bbox.north}`;
    return {
      key: `shipment-map/${organizationId}/${scope}/${box}`,
      contentType: SHIPMENT_MAP_FORMAT.contentType,
      readVersion: async () => {
        const shipments = await atlasRepository.shipmentsVersion(this.db, organizationId);
        return mapVersion(
          shipments,
          await exposureReads.shipmentExposureVersion(this.db, organizationId),
          await this.stepTag(organizationId, shipments),
        );
      },
      load: async () => {
        const columns = this.placed(await this.columnsOf(organizationId));
        const exposure = await exposureReads.exposedShipmentIds(
          this.db,
          organizationId,
          scope === 'ORG',
        );
        const exposed = new Uint8Array(columns.ids.length);
        columns.ordinalOf ??= new Map(columns.ids.map((id, ordinal) => [id, ordinal]));
        for (const id of exposure.ids) {
          const ordinal = columns.ordinalOf.get(id);
          if (ordinal !== undefined) exposed[ordinal] = 1;
        }
        const inView: number[] = [];
        for (let i = 0; i < columns.ids.length; i += 1)
          if (bboxContains(bbox, columns.lng[i] ?? 0, columns.lat[i] ?? 0)) inView.push(i);
        const body = encodeShipmentMap({
          tag: columns.tag,
          total: columns.ids.length,
          lng: inView.map((i) => columns.lng[i] ?? 0),
          lat: inView.map((i) => columns.lat[i] ?? 0),
          ordinals: inView,
          statuses: inView.map((i) => columns.statuses[i] ?? 0),
          exposed: inView.map((i) => exposed[i] === 1),
        });
        const step = await this.stepTag(organizationId, columns.version);
        return { version: mapVersion(columns.version, exposure.version, step), body };
      },
    };
  }

  /**
   * One shipment of a map body, by its ordinal at the body's tag: what hovering a point shows
   * (reference, route) without the whole id list. A tag of another version is a conflict: the
   * client loads the map again.
   */
  async shipmentMapDetails(actor: Actor, ordinal: number, tag: string): Promise<Shipment> {
    const { organizationId } = actor;
    const columns = await this.columnsOf(organizationId);
    if (tag !== columns.tag) throw stale(API_MESSAGES.shipmentMap.staleTag);
    const id = columns.ids[ordinal];
    if (id === undefined) throw badRequest(API_MESSAGES.shipmentMap.ordinalOutOfRange);
    const row = await atlasRepository.findShipment(this.db, organizationId, id);
    // Deleted between reading the version and this row.
    if (!row) throw notFound(API_MESSAGES.shipment.notFound);
    return toShipmentDto(row);
  }

  /** The ids the map body's ordinals index (ShipmentMapIdsResponse), for the current tag. */
  shipmentMapIds(actor: Actor): VersionedList {
    const { organizationId } = actor;
    return {
      key: `shipment-map-ids/${organizationId}`,
      readVersion: () => atlasRepository.shipmentsVersion(this.db, organizationId),
      load: async () => {
        const { version, tag, ids } = await this.columnsOf(organizationId);
        return { version, json: JSON.stringify({ data: { tag, ids } }) };
      },
    };
  }

  /** The organization's columns at the current version: read again only after a write. */
  private async columnsOf(organizationId: string): Promise<MapColumns> {
    const version = await atlasRepository.shipmentsVersion(this.db, organizationId);
    const kept = this.mapColumns.get(organizationId);
    if (kept && (await kept.catch(() => null))?.version === version) {
      this.mapColumns.delete(organizationId);
      this.mapColumns.set(organizationId, kept);
      return kept;
    }
    const loading = this.loadColumns(organizationId);
    this.mapColumns.delete(organizationId);
    this.mapColumns.set(organizationId, loading);
    loading.catch(() => {
      if (this.mapColumns.get(organizationId) === loading) this.mapColumns.delete(organizationId);
    });
    for (const oldest of this.mapColumns.keys()) {
      if (this.mapColumns.size <= MAP_COLUMNS_KEPT) break;
      this.mapColumns.delete(oldest);
    }
    return loading;
  }

  private async loadColumns(organizationId: string): Promise<MapColumns> {
    const { version, json } = await atlasRepository.shipmentMapRows(this.db, organizationId);
    const rows = JSON.parse(json) as [string, number, number, string, Pace | null][];
    const columns: MapColumns = {
      version,
      tag: createHash('sha256')
        .update(`shipment-map/${organizationId}\n${version}`)
        .digest('hex')
        .slice(0, 2 * SHIPMENT_MAP_FORMAT.tagBytes),
      ids: new Array<string>(rows.length),
      lng: new Float64Array(rows.length),
      lat: new Float64Array(rows.length),
      statuses: new Uint8Array(rows.length),
      moving: [],
      placedAt: NaN,
      movingUntil: -Infinity,
    };
    rows.forEach(([id, lng, lat, status, pace], i) => {
      columns.ids[i] = id;
      columns.lng[i] = lng;
      columns.lat[i] = lat;
      columns.statuses[i] = shipmentStatusCode(status);
      if (!pace) return;
      const [mode, originLng, originLat, destinationLng, destinationLat, waypoints] = pace;
      const [positionAt, departureAt, eta] = pace.slice(6) as [number, number | null, number];
      const route: RouteFacts = {
        mode,
        position: [lng, lat],
        origin: originLng === null || originLat === null ? null : [originLng, originLat],
        destination: [destinationLng, destinationLat],
        waypoints,
      };
      const movement: Movement = {
        status: status as Movement['status'],
        positionAt: new Date(positionAt),
        departureAt: departureAt === null ? null : new Date(departureAt),
        eta: new Date(eta),
      };
      const window = travelWindow(route, movement);
      if (!window) return;
      columns.moving.push({ ordinal: i, route, movement });
      columns.movingUntil = Math.max(columns.movingUntil, window[1]);
    });
    return columns;
  }
}
