import type { Priority } from '@meridian/contracts';
import type { Database, Executor } from '../../db/client.js';
import {
  type Area,
  areaAnchor,
  areaBoxes,
  arcStretchInArea,
  arcTouchesArea,
  pointInArea,
} from '../../lib/geo/area.js';
import { type LngLat, haversineKm } from '../../lib/geo/sphere.js';
import {
  type Vec,
  capContains,
  capOf,
  capStretchOfArc,
  capTouchesArc,
  toVec,
  vecDistanceKm,
} from '../../lib/geo/vector.js';
import type { AlertRaiser } from '../alerts/raise.js';
import { type Batch, newBatch, raiseExposureAlerts, summaryAlert } from './exposure-alerts.js';
import { refreshImpact } from './impact.js';
import { exposureReads } from './exposure.reads.js';
import { type IndexedShipment, OrganizationIndex, type RoutePiece } from './exposure.index.js';
import {
  type ExposureRow,
  type StoredExposure,
  type ExposureTarget,
  type IncidentRow,
  type MatchableSite,
  exposureRepository as repository,
} from './exposure.repository.js';

type Via = ExposureRow['via'];
/** One item an incident reaches, before it is written. */
export type Match = { kind: ExposureTarget; id: string; via: Via; distanceKm: number };

/**
 * A shipment's exposure that stays as it was is rewritten for its distance only when that moved
 * this far: shipments on their way change their distance a little at every step, and rewriting
 * every such row of every incident each step would be most of the database's work. A site's is
 * kept exact (it moves only when the incident or the site is edited).
 */
const SHIPMENT_DISTANCE_WRITTEN_KM = 10;

/** Indexes kept for this many organizations; each is rebuilt when its data changes. */
const INDEXES_KEPT = 64;

/** An incident's reach: its own polygons, else the circle of its radius; null when it has no place. */
export function incidentArea(incident: IncidentRow): Area | null {
  if (incident.area) {
    const polygons =
      incident.area.type === 'Polygon' ? [incident.area.coordinates] : incident.area.coordinates;
    return { kind: 'polygons', polygons: polygons as unknown as LngLat[][][] };
  }
  if (incident.lat === null || incident.lng === null) return null;
  return {
    kind: 'circle',
    center: [incident.lng, incident.lat],
    radiusKm: incident.affectedRadiusKm,
  };
}

/** Not resolved and not over: an incident that can expose anything now. */
export const isActive = (incident: IncidentRow, now: Date) =>
  incident.status !== 'RESOLVED' && (incident.endsAt === null || incident.endsAt > now);

const round = (km: number) => Math.round(km * 10) / 10;

/**
 * Matches incidents against sites and shipments and keeps the result in `exposures`:
 * a site is exposed when it lies in the incident's area; a shipment when it is there now, or
 * when its route still ahead crosses the area while the incident lasts (at its estimated pace:
 * the stretch inside the area is reached between the incident's start and end).
 * Each recompute touches one incident (or one site or shipment), through spatial indexes.
 */
export class ExposureEngine {
  private readonly indexes = new Map<string, OrganizationIndex>();

  constructor(
    private readonly db: Database,
    /** Raises alerts on new exposures and escalations; none in benchmarks of the engine alone. */
    private readonly alerts: AlertRaiser | null = null,
    /** Moving shipments are placed where they are estimated at the start of steps this long. */
    private readonly moveStepMs = 60_000,
  ) {}

  /**
   * The organization's index, rebuilt when its sites or shipments changed, and when it has
   * shipments on their way and `now` is in a later step than the one they were placed at.
   */
  async indexFor(db: Executor, organizationId: string, now: Date): Promise<OrganizationIndex> {
    const stepStart = Math.floor(now.getTime() / this.moveStepMs) * this.moveStepMs;
    const version = await repository.indexVersion(db, organizationId);
    const kept = this.indexes.get(organizationId);
    if (kept?.version === version && (!kept.moving || kept.at.getTime() === stepStart)) {
      // Most recently used last, so the oldest goes first when the map is full.
      this.indexes.delete(organizationId);
      this.indexes.set(organizationId, kept);
      return kept;
    }
    const index = new OrganizationIndex(
      version,
      await repository.matchableSites(db, organizationId),
      await repository.matchableShipments(db, organizationId),
      new Date(stepStart),
    );
    this.indexes.delete(organizationId);
    this.indexes.set(organizationId, index);
    if (this.indexes.size > INDEXES_KEPT)
      this.indexes.delete(this.indexes.keys().next().value ?? '');
    return index;
  }

  /** What the incident reaches in one organization's index now (pure: nothing is written). */
  static match(index: OrganizationIndex, incident: IncidentRow, now: Date): Match[] {
    const area = incidentArea(incident);
    if (!area || !isActive(incident, now)) return [];
    const boxes = areaBoxes(area);
    const anchor = areaAnchor(area);
    // Circles (most incidents) are tested with unit vectors: dot products, no trigonometry.
    const cap = area.kind === 'circle' ? capOf(area.center, area.radiusKm) : null;
    const inside = (point: LngLat, vec: Vec) =>
      cap ? capContains(cap, vec) : pointInArea(point, area);
    const matches: Match[] = [];
    const sites = index.sites.items;
    const siteSeen = new Uint8Array(sites.length);
    index.sites.visit(boxes, (owner) => {
      if (siteSeen[owner]) return;
      siteSeen[owner] = 1;
      const site = sites[owner] as MatchableSite;
      const at: LngLat = [site.lng, site.lat];
      if (inside(at, toVec(at))) {
        matches.push({
          kind: 'SITE',
          id: site.id,
          via: 'LOCATION',
          distanceKm: round(haversineKm(anchor, at)),
        });
      }
    });
    const touches = (piece: RoutePiece): boolean =>
      cap ? capTouchesArc(cap, piece.arc) : arcTouchesArea(piece.ends[0], piece.ends[1], area);
    // Per shipment, what is known of it: its position is tested once; its route counts unless
    // it arrives before the incident starts; the position wins over the route.
    const items = index.shipments.items;
    const state = new Uint8Array(items.length);
    const reached: number[] = [];
    const BY_ROUTE = 1;
    const BY_POSITION = 2;
    const NOT_ON_ITS_WAY = 3;
    index.shipments.visit(boxes, (owner) => {
      if (state[owner]) return;
      const shipment = items[owner] as IndexedShipment;
      if (inside(shipment.position, shipment.positionVec)) {
        state[owner] = BY_POSITION;
        reached.push(owner);
      }
    });
    // A shipment that arrives before the incident starts (or has arrived) is not on its way.
    const etas = index.etas;
    const nowMs = now.getTime();
    const startsMs = incident.startsAt.getTime();
    const endsMs = incident.endsAt?.getTime() ?? Infinity;
    const pieces = index.routes.items;
    const pieceSeen = new Uint8Array(pieces.length);
    index.routes.visit(boxes, (owner) => {
      if (pieceSeen[owner]) return;
      pieceSeen[owner] = 1;
      const piece = pieces[owner] as RoutePiece;
      if (!touches(piece)) return;
      const { riders, enters, leaves } = piece;
      let stretch: [number, number] | null = null;
      for (let i = 0; i < riders.length; i += 1) {
        const rider = riders[i] as number;
        if (state[rider]) continue;
        const eta = etas[rider] as number;
        if (eta <= nowMs || startsMs > eta) {
          state[rider] = NOT_ON_ITS_WAY;
          continue;
        }
        // Paced riders count only while they are estimated inside the area during the
        // incident's window; another piece of their route may still cross it in time.
        const enter = enters[i] as number;
        const leave = leaves[i] as number;
        if (!Number.isNaN(enter)) {
          stretch ??= cap
            ? (capStretchOfArc(cap, piece.arc) ?? [0, 1])
            : arcStretchInArea(piece.ends[0], piece.ends[1], area);
          const inside = enter + stretch[0] * (leave - enter);
          const outside = enter + stretch[1] * (leave - enter);
          if (outside < startsMs || inside > endsMs) continue;
        }
        state[rider] = BY_ROUTE;
        reached.push(rider);
      }
    });
    const anchorVec = toVec(anchor);
    for (const owner of reached) {
      const shipment = items[owner] as IndexedShipment;
      matches.push({
        kind: 'SHIPMENT',
        id: shipment.id,
        via: state[owner] === BY_POSITION ? 'POSITION' : 'ROUTE',
        distanceKm: round(vecDistanceKm(anchorVec, shipment.positionVec)),
      });
    }
    return matches;
  }

  /**
   * Recomputes one incident: against its organization, or every organization for a global
   * one (or only `onlyOrganizationId`). Answers how many items it now reaches.
   */
  async recomputeIncident(
    incidentId: string,
    onlyOrganizationId?: string,
    /** Part of a bulk change: each organization's batch, told in one summary after. */
    batchOf?: (organizationId: string) => Batch,
  ): Promise<number> {
    const now = new Date();
    return this.db.transaction(async (tx) => {
      await repository.lock(tx, `incident:${incidentId}`);
      const incident = await repository.findIncident(tx, incidentId);
      if (!incident) return 0;
      const organizations = onlyOrganizationId
        ? [onlyOrganizationId]
        : incident.organizationId
          ? [incident.organizationId]
          : await repository.organizationIds(tx);
      let reached = 0;
      for (const organizationId of organizations) {
        const index = isActive(incident, now) ? await this.indexFor(tx, organizationId, now) : null;
        const matches = index ? ExposureEngine.match(index, incident, now) : [];
        const existing = await repository.forIncident(tx, incidentId, organizationId);
        const batch = batchOf?.(organizationId);
        await this.write(tx, incident, organizationId, { matches, existing, now, index, batch });
        reached += matches.length;
      }
      return reached;
    });
  }

  /** Recomputes one site or shipment against every incident that may reach it. */
  async recomputeTarget(
    kind: ExposureTarget,
    targetId: string,
    organizationId: string,
  ): Promise<void> {
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await repository.lock(tx, `target:${kind}:${targetId}`);
      const index = await this.indexFor(tx, organizationId, now);
      const existing = await repository.forTarget(tx, kind, targetId);
      for (const incident of await repository.activeIncidents(tx, organizationId, now)) {
        const matches = ExposureEngine.match(index, incident, now).filter(
          (match) => match.kind === kind && match.id === targetId,
        );
        const mine = existing.filter((row) => row.incidentId === incident.id);
        await this.write(tx, incident, organizationId, { matches, existing: mine, now, index });
      }
      // Incidents no longer active (or gone from view) keep no live exposure of it.
      const activeIds = new Set(
        (await repository.activeIncidents(tx, organizationId, now)).map((incident) => incident.id),
      );
      const stale = existing.filter(
        (row) => row.state !== 'CLEARED' && !activeIds.has(row.incidentId),
      );
      const cleared = await repository.clear(
        tx,
        stale.map((row) => row.id),
        now,
      );
      // What this clears may be the last of an incident's exposures: the all clear is due here.
      for (const row of this.alerts ? cleared : []) {
        const incident = await repository.findIncident(tx, row.incidentId);
        if (!incident || !this.alerts) continue;
        const kept = await exposureReads.priorityOf(tx, incident.id, organizationId);
        await raiseExposureAlerts(tx, this.alerts, incident, organizationId, {
          exposed: [],
          cleared: [{ kind: row.targetKind, id: row.targetId }],
          live: 0,
          over: !isActive(incident, now),
          priority: { before: kept, after: kept },
        });
      }
    });
  }

  /**
   * After a bulk change of an organization's data (`cause`, e.g. "4 shipments imported"):
   * every active incident again, for it only. What it newly exposes is told to people in one
   * summary (webhooks still receive each incident's alert).
   */
  async recomputeOrganization(organizationId: string, cause?: string): Promise<void> {
    const incidents = await repository.activeIncidents(this.db, organizationId, new Date());
    const batch = newBatch(organizationId);
    for (const incident of incidents) {
      await this.recomputeIncident(incident.id, organizationId, () => batch);
    }
    await this.summarize([batch], cause ?? 'Your data changed');
  }

  /**
   * Many incidents changed at once (a feed catching up, `cause`: "USGS earthquakes: 14 events
   * updated"): each recomputed for every organization it concerns, and what they newly expose
   * told to each organization's people in one summary.
   */
  async recomputeIncidents(incidentIds: readonly string[], cause: string): Promise<void> {
    const batches = new Map<string, Batch>();
    const batchOf = (organizationId: string) => {
      let batch = batches.get(organizationId);
      if (!batch) batches.set(organizationId, (batch = newBatch(organizationId)));
      return batch;
    };
    for (const incidentId of incidentIds)
      await this.recomputeIncident(incidentId, undefined, batchOf);
    await this.summarize([...batches.values()], cause);
  }

  private async summarize(batches: readonly Batch[], cause: string): Promise<void> {
    const alerts = this.alerts;
    const told = batches.filter((batch) => batch.items.length > 0);
    if (told.length === 0 || !alerts) return;
    await this.db.transaction(async (tx) => {
      for (const batch of told) await alerts.raise(tx, summaryAlert(batch, cause));
    });
  }

  /**
   * Brings the stored exposures of (incident, organization) in line with the matches, then
   * its priority and value at risk. `index`: the organization's, when the incident is active.
   */
  private async write(
    tx: Executor,
    incident: IncidentRow,
    organizationId: string,
    written: {
      matches: readonly Match[];
      existing: readonly StoredExposure[];
      now: Date;
      index: OrganizationIndex | null;
      batch?: Batch | undefined;
    },
  ): Promise<void> {
    const { matches, existing, now, index, batch } = written;
    const scope = { incidentId: incident.id, organizationId };
    const exposed: { kind: Match['kind']; id: string }[] = [];
    const known = new Map(existing.map((row) => [`${row.targetKind}:${row.targetId}`, row]));
    const inserts: Parameters<typeof repository.insert>[1][number][] = [];
    const updates: Parameters<typeof repository.updateMany>[1][number][] = [];
    for (const match of matches) {
      const row = known.get(`${match.kind}:${match.id}`);
      known.delete(`${match.kind}:${match.id}`);
      if (!row || row.state === 'CLEARED') exposed.push({ kind: match.kind, id: match.id });
      if (!row) {
        inserts.push({
          ...scope,
          targetKind: match.kind,
          targetId: match.id,
          via: match.via,
          distanceKm: match.distanceKm,
          state: 'NEW',
          firstSeenAt: now,
          lastChangedAt: now,
          firstExposedAt: now,
        });
      } else if (row.state === 'CLEARED') {
        // Back in reach: a new exposure.
        updates.push({
          id: row.id,
          state: 'NEW',
          via: match.via,
          distanceKm: match.distanceKm,
          firstSeenAt: now,
          lastChangedAt: now,
        });
      } else if (
        row.state === 'NEW' ||
        row.via !== match.via ||
        (match.kind === 'SITE'
          ? row.distanceKm !== match.distanceKm
          : Math.abs(row.distanceKm - match.distanceKm) >= SHIPMENT_DISTANCE_WRITTEN_KM)
      ) {
        const changed = row.state === 'NEW' || row.via !== match.via;
        updates.push({
          id: row.id,
          state: 'ONGOING',
          via: match.via,
          distanceKm: match.distanceKm,
          // Null: as stored.
          firstSeenAt: null,
          lastChangedAt: changed ? now : null,
        });
      }
      // ONGOING and unchanged: nothing to write.
    }
    await repository.updateMany(tx, updates);
    await repository.insert(tx, inserts);
    if (exposed.length > 0) await repository.raisePeaks(tx, incident.id, organizationId, now);
    const gone = [...known.values()].filter((row) => row.state !== 'CLEARED');
    const cleared = await repository.clear(
      tx,
      gone.map((row) => row.id),
      now,
    );
    // An incident that never reached anything of the organization has no impact for it.
    let priority: { before: Priority | null; after: Priority | null } = {
      before: null,
      after: null,
    };
    if (existing.length > 0 || matches.length > 0) {
      priority = await refreshImpact(tx, {
        incident,
        area: incidentArea(incident),
        organizationId,
        active: isActive(incident, now),
        dataVersion: index?.version ?? '',
        changed: inserts.length + updates.length + cleared.length > 0,
        now,
      });
    }
    if (this.alerts) {
      const raised = await raiseExposureAlerts(tx, this.alerts, incident, organizationId, {
        exposed,
        cleared: cleared.map((row) => ({ kind: row.targetKind, id: row.targetId })),
        live: matches.length,
        over: !isActive(incident, now),
        priority,
        batchKey: batch?.key,
      });
      if (batch && raised && raised.raised !== 'CLEARED') {
        batch.items.push({
          incidentId: incident.id,
          title: incident.title,
          priority: priority.after,
          previousPriority: priority.before,
          urgent: raised.urgent,
          severity: incident.severity,
        });
      }
    }
  }
}
