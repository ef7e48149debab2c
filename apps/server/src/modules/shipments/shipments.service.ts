import { randomUUID } from 'node:crypto';
import type {
  BulkResponse,
  Place,
  PlaceInput,
  ShipmentDetail,
  ShipmentListQuery,
  ShipmentPageResponse,
  ShipmentUpdateValues,
  ShipmentValues,
} from '@meridian/contracts';
import type { Database, Executor } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { EXPOSURE_JOBS } from '../exposure/exposure.jobs.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import type { BulkProgress } from '../../lib/bulk-progress.js';
import { mapWithConcurrency } from '../../lib/concurrency.js';
import { cursors } from '../../lib/cursor.js';
import { badRequest, conflict, type ErrorIssue, invalidRows, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  EXTERNAL_GEOCODER_BULK_MAX,
  type GeocodeService,
  type PlaceProblem,
} from '../geocode/geocode.service.js';
import { toShipmentDetail } from './shipments.mapper.js';
import {
  type NewShipment,
  type ShipmentColumns,
  type ShipmentRow,
  shipmentsRepository as shipments,
} from './shipments.repository.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const GEOCODE_CONCURRENCY = 4;

const isProblem = (value: Place | PlaceProblem): value is PlaceProblem => 'field' in value;
const placeKey = (place: PlaceInput) =>
  JSON.stringify([place.locode ?? null, place.lat ?? null, place.lng ?? null, place.name ?? null]);
const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/**
 * Where a new shipment is until it says otherwise: at its origin, as of its departure (so one
 * that left days ago is estimated along its route), or of now without one.
 */
const startAt = (origin: Place, input: Pick<ShipmentValues, 'departureAt'>) => ({
  lat: origin.lat,
  lng: origin.lng,
  positionAt: toDate(input.departureAt) ?? new Date(),
});

/** What a write says about the shipment's sites: ids and references, to resolve together. */
type SiteNames = { siteIds?: string[] | undefined; siteRefs?: string[] | undefined };
const namesSites = (input: SiteNames) =>
  input.siteIds !== undefined || input.siteRefs !== undefined;

/** The columns of the fields an input gives (its ends and position resolved by the caller). */
function columnsOf(
  input: Partial<Omit<ShipmentValues, 'origin' | 'destination'>>,
  ends: { origin?: Place; destination?: Place },
): Partial<ShipmentColumns> {
  const columns: Partial<ShipmentColumns> = {};
  if (input.mode !== undefined) columns.mode = input.mode;
  if (input.carrier !== undefined) columns.carrier = input.carrier;
  if (input.cargoValue !== undefined) columns.cargoValue = input.cargoValue;
  if (input.cargoCurrency !== undefined) columns.cargoCurrency = input.cargoCurrency;
  if (input.status !== undefined) columns.status = input.status;
  const departureAt = toDate(input.departureAt);
  if (departureAt !== undefined) columns.departureAt = departureAt;
  const eta = toDate(input.eta);
  if (eta !== undefined) columns.eta = eta;
  if (input.waypoints !== undefined) columns.waypoints = input.waypoints;
  if (input.currentPosition) {
    columns.lat = input.currentPosition.lat;
    columns.lng = input.currentPosition.lng;
    columns.positionAt = toDate(input.positionAt) ?? new Date();
  }
  if (ends.origin) {
    columns.origin = ends.origin.name;
    columns.originLocode = ends.origin.locode;
    columns.originLat = ends.origin.lat;
    columns.originLng = ends.origin.lng;
  }
  if (ends.destination) {
    columns.destination = ends.destination.name;
    columns.destinationLocode = ends.destination.locode;
    columns.destinationLat = ends.destination.lat;
    columns.destinationLng = ends.destination.lng;
  }
  return columns;
}

/**
 * Shipments of the active organization: read by all its members, written by its MANAGERs and
 * ADMINs (and platform staff acting as it). Their ends come from a UN/LOCODE, coordinates or
 * the geocoder; every write is audited and asks the exposure engine to look again, in the
 * write's transaction.
 */
export class ShipmentsService {
  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
    private readonly geocode: GeocodeService,
  ) {}

  async list(actor: Actor, query: ShipmentListQuery): Promise<ShipmentPageResponse['data']> {
    const { q, status, mode } = query;
    const filters = { q, status, mode };
    const fingerprint = [actor.organizationId, q, status, mode];
    const after = query.cursor ? cursors.decode(query.cursor, fingerprint) : null;
    if (after && !(after.length === 2 && after.every((part) => typeof part === 'string'))) {
      throw badRequest(API_MESSAGES.cursor.invalid);
    }
    const rows = await shipments.page(this.db, actor.organizationId, {
      filters,
      limit: query.limit + 1,
      after,
    });
    const shown = rows.slice(0, query.limit);
    const links = await shipments.siteIdsOf(
      this.db,
      shown.map(({ shipment }) => shipment.id),
    );
    const last = shown.at(-1);
    return {
      shipments: shown.map(({ shipment }) =>
        toShipmentDetail(shipment, links.get(shipment.id) ?? []),
      ),
      nextCursor: rows.length > query.limit && last ? cursors.encode(last.key, fingerprint) : null,
      total: await shipments.count(this.db, actor.organizationId, filters),
    };
  }

  async get(actor: Actor, shipmentId: string): Promise<ShipmentDetail> {
    return this.detail(this.db, await this.visible(this.db, actor, shipmentId));
  }

  async create(actor: Actor, input: ShipmentValues): Promise<ShipmentDetail> {
    requireAccess(actor, 'organization.editData', API_MESSAGES.shipment.editorRequired);
    const [origin, destination] = await Promise.all([
      this.place(input.origin, 'origin'),
      this.place(input.destination, 'destination'),
    ]);
    const created = await this.db.transaction(async (tx) => {
      if (await shipments.findByReference(tx, actor.organizationId, input.reference)) {
        throw conflict(API_MESSAGES.shipment.referenceTaken(input.reference));
      }
      const siteIds = await this.siteIdsFor(tx, actor, input);
      const row = await shipments.insert(tx, {
        ...startAt(origin, input),
        ...(columnsOf(input, { origin, destination }) as Required<
          Pick<ShipmentColumns, 'origin' | 'destination' | 'mode'>
        >),
        id: randomUUID(),
        organizationId: actor.organizationId,
        reference: input.reference,
      });
      if (siteIds) await shipments.replaceLinks(tx, [row.id], this.links(row.id, siteIds));
      const shipment = await this.detail(tx, row);
      await recordAudit(tx, actor, {
        action: 'shipment.create',
        targetType: 'shipment',
        targetId: row.id,
        after: shipment,
      });
      await this.recompute(tx, actor, row.id);
      return shipment;
    });
    this.background.kick();
    return created;
  }

  /** Position reports, status, ETA, route and linked sites. */
  async update(
    actor: Actor,
    shipmentId: string,
    input: ShipmentUpdateValues,
  ): Promise<ShipmentDetail> {
    await this.visible(this.db, actor, shipmentId);
    requireAccess(actor, 'organization.editData', API_MESSAGES.shipment.editorRequired);
    const updated = await this.db.transaction(async (tx) => {
      const before = await this.visible(tx, actor, shipmentId, true);
      const siteIds = await this.siteIdsFor(tx, actor, input);
      const row = await shipments.update(
        tx,
        actor.organizationId,
        shipmentId,
        columnsOf(input, {}),
      );
      if (siteIds) await shipments.replaceLinks(tx, [row.id], this.links(row.id, siteIds));
      const shipment = await this.detail(tx, row);
      await recordAudit(tx, actor, {
        action: 'shipment.update',
        targetType: 'shipment',
        targetId: shipmentId,
        before: await this.detail(tx, before),
        after: shipment,
      });
      await this.recompute(tx, actor, shipmentId);
      return shipment;
    });
    this.background.kick();
    return updated;
  }

  /**
   * Up to IMPORT_LIMITS.rows shipments in one transaction: a known reference updates its
   * shipment (only the fields the row gives, and its linked sites when it names them), any other
   * creates one. Every end is resolved and every site checked first; any problem refuses the
   * whole write, naming each bad row.
   */
  async bulk(
    actor: Actor,
    rows: readonly ShipmentValues[],
    progress: BulkProgress = () => undefined,
  ): Promise<BulkResponse['data']> {
    requireAccess(actor, 'organization.editData', API_MESSAGES.shipment.editorRequired);
    const { organizationId } = actor;
    const issues: ErrorIssue[] = [];
    const places = await this.placesOf(rows, issues, progress);
    const named = await shipments.sitesNamed(
      this.db,
      organizationId,
      [...new Set(rows.flatMap((row) => row.siteIds ?? []))],
      [...new Set(rows.flatMap((row) => row.siteRefs ?? []))],
    );
    const siteIds = rows.map((row, index) =>
      this.resolveSites(row, named, (path, message) =>
        issues.push({ path: `shipments.${index}.${path}`, message }),
      ),
    );
    if (issues.length > 0) {
      const row = (issue: ErrorIssue) => Number(issue.path.split('.')[1]);
      throw invalidRows(issues.sort((a, b) => row(a) - row(b)));
    }

    // Rows giving the same fields are written together; only those fields change on updates.
    const groups = new Map<
      string,
      { update: (keyof ShipmentColumns)[]; rows: NewShipment[]; indexes: number[] }
    >();
    rows.forEach((input, index) => {
      const origin = places.get(placeKey(input.origin)) as Place;
      const destination = places.get(placeKey(input.destination)) as Place;
      const columns = columnsOf(input, { origin, destination });
      const update = Object.keys(columns) as (keyof ShipmentColumns)[];
      const signature = update.join(',');
      const group = groups.get(signature) ?? { update, rows: [], indexes: [] };
      group.rows.push({
        ...startAt(origin, input),
        ...(columns as Pick<NewShipment, 'origin' | 'destination' | 'mode'>),
        id: randomUUID(),
        organizationId,
        reference: input.reference,
      });
      group.indexes.push(index);
      groups.set(signature, group);
    });

    const result = await this.db.transaction(async (tx) => {
      let created = 0;
      let written = 0;
      const relinked: string[] = [];
      const links: { shipmentId: string; siteId: string }[] = [];
      for (const group of groups.values()) {
        const answers = await shipments.upsert(tx, group.rows, group.update, (done) =>
          progress({ stage: 'writing', done: written + done, total: rows.length }),
        );
        answers.forEach((answer, position) => {
          const ids = siteIds[group.indexes[position] ?? -1];
          if (ids) {
            relinked.push(answer.key);
            links.push(...this.links(answer.key, ids));
          }
        });
        written += answers.length;
        created += answers.filter((answer) => answer.created).length;
      }
      await shipments.replaceLinks(tx, relinked, links);
      const counts = { created, updated: written - created };
      await recordAudit(tx, actor, {
        action: 'shipment.bulk',
        targetType: 'shipment',
        targetId: null,
        after: { ...counts, rows: rows.length },
      });
      await this.background.enqueue(tx, EXPOSURE_JOBS.organization, organizationId, {
        organizationId,
        cause: `${rows.length} ${rows.length === 1 ? 'shipment' : 'shipments'} imported`,
      });
      return counts;
    });
    this.background.kick();
    return result;
  }

  /** One end of a new shipment, or a 400 naming the field. */
  private async place(input: PlaceInput, field: 'origin' | 'destination'): Promise<Place> {
    const place = await this.geocode.resolvePlace(input);
    if (isProblem(place)) throw badRequest(`${field}.${place.field}: ${place.message}`);
    return place;
  }

  /** Every distinct end of the rows, resolved once; problems are added to `issues`. */
  private async placesOf(
    rows: readonly ShipmentValues[],
    issues: ErrorIssue[],
    progress: BulkProgress,
  ): Promise<Map<string, Place>> {
    const distinct = new Map<string, PlaceInput>();
    for (const row of rows) {
      distinct.set(placeKey(row.origin), row.origin);
      distinct.set(placeKey(row.destination), row.destination);
    }
    const places = new Map<string, Place | PlaceProblem>();
    const needsGeocoder = [...distinct.values()].filter(
      (place) => place.lat === undefined && !place.locode,
    ).length;
    const external = needsGeocoder <= EXTERNAL_GEOCODER_BULK_MAX;
    let done = 0;
    await mapWithConcurrency([...distinct], GEOCODE_CONCURRENCY, async ([key, input]) => {
      places.set(key, await this.geocode.resolvePlace(input, { external }));
      done += 1;
      if (done % 500 === 0 || done === distinct.size) {
        await progress({ stage: 'locating', done, total: distinct.size });
      }
    });
    rows.forEach((row, index) => {
      for (const field of ['origin', 'destination'] as const) {
        const place = places.get(placeKey(row[field]));
        if (place && isProblem(place)) {
          issues.push({
            path: `shipments.${index}.${field}.${place.field}`,
            message: place.message,
          });
        }
      }
    });
    const resolved = new Map<string, Place>();
    for (const [key, place] of places) if (!isProblem(place)) resolved.set(key, place);
    return resolved;
  }

  /** The sites a write names (undefined: it names none, the links stay), or a 400. */
  private async siteIdsFor(
    db: Executor,
    actor: Actor,
    input: SiteNames,
  ): Promise<string[] | undefined> {
    if (!namesSites(input)) return undefined;
    const named = await shipments.sitesNamed(
      db,
      actor.organizationId,
      input.siteIds ?? [],
      input.siteRefs ?? [],
    );
    return this.resolveSites(input, named, (path, message) => {
      throw badRequest(`${path}: ${message}`);
    });
  }

  private resolveSites(
    input: SiteNames,
    named: { ids: Set<string>; byRef: Map<string, string> },
    problem: (path: string, message: string) => void,
  ): string[] | undefined {
    if (!namesSites(input)) return undefined;
    const ids = new Set<string>();
    for (const id of input.siteIds ?? []) {
      if (named.ids.has(id)) ids.add(id);
      else problem('siteIds', API_MESSAGES.shipment.unknownSite(id));
    }
    for (const ref of input.siteRefs ?? []) {
      const id = named.byRef.get(ref);
      if (id) ids.add(id);
      else problem('siteRefs', API_MESSAGES.shipment.unknownSiteRef(ref));
    }
    return [...ids];
  }

  private links(shipmentId: string, siteIds: readonly string[]) {
    return siteIds.map((siteId) => ({ shipmentId, siteId }));
  }

  private async detail(db: Executor, row: ShipmentRow): Promise<ShipmentDetail> {
    const links = await shipments.siteIdsOf(db, [row.id]);
    return toShipmentDetail(row, links.get(row.id) ?? []);
  }

  private recompute(tx: Executor, actor: Actor, shipmentId: string) {
    return this.background.enqueue(tx, EXPOSURE_JOBS.target, `SHIPMENT:${shipmentId}`, {
      kind: 'SHIPMENT',
      targetId: shipmentId,
      organizationId: actor.organizationId,
    });
  }

  private async visible(
    db: Executor,
    actor: Actor,
    shipmentId: string,
    lock = false,
  ): Promise<ShipmentRow> {
    const row = await shipments.find(db, actor.organizationId, shipmentId, lock);
    if (!row) throw notFound(API_MESSAGES.shipment.notFound);
    return row;
  }
}
