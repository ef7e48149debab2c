import { likePattern } from '../../db/text-search.js';
import { type SQL, and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { ShipmentListQuery } from '@meridian/contracts';
import { type BulkColumn, bulkInsert, bulkUpsert } from '../../db/bulk.js';
import type { Executor } from '../../db/client.js';
import { countWhere, findOwned } from '../../db/scoped.js';
import { type SortPart, keyOf, keysetAfter, orderOf } from '../../db/keyset.js';
import { shipmentSites, shipments, sites } from '../../db/schema.js';

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipment = typeof shipments.$inferInsert;
/** The columns a write sets (everything but keys and timestamps). */
export type ShipmentColumns = Omit<
  NewShipment,
  'id' | 'organizationId' | 'reference' | 'createdAt' | 'updatedAt'
>;
export type ShipmentFilters = Pick<ShipmentListQuery, 'q' | 'status' | 'mode'>;

/** By reference, case aside; the id settles ties. */
export const SHIPMENT_ORDER: SortPart[] = [
  { expression: sql`lower(${shipments.reference})` },
  { expression: sql`${shipments.id}` },
];

const filterConditions = (
  organizationId: string,
  filters: ShipmentFilters,
): (SQL | undefined)[] => [
  eq(shipments.organizationId, organizationId),
  filters.status ? eq(shipments.status, filters.status) : undefined,
  filters.mode ? eq(shipments.mode, filters.mode) : undefined,
  filters.q
    ? or(
        ilike(shipments.reference, likePattern(filters.q)),
        ilike(shipments.carrier, likePattern(filters.q)),
        ilike(shipments.origin, likePattern(filters.q)),
        ilike(shipments.destination, likePattern(filters.q)),
      )
    : undefined,
];

const time = (value: Date | null | undefined) => value?.toISOString() ?? null;

/** The bulk write's columns, in one place for inserts and updates. */
const BULK_COLUMNS: Record<
  keyof ShipmentColumns | 'id' | 'organizationId' | 'reference',
  BulkColumn<NewShipment>
> = {
  id: { column: shipments.id, type: 'text', value: (row) => row.id },
  organizationId: {
    column: shipments.organizationId,
    type: 'uuid',
    value: (row) => row.organizationId,
  },
  reference: { column: shipments.reference, type: 'text', value: (row) => row.reference },
  origin: { column: shipments.origin, type: 'text', value: (row) => row.origin },
  destination: { column: shipments.destination, type: 'text', value: (row) => row.destination },
  mode: { column: shipments.mode, type: 'text', value: (row) => row.mode },
  lat: { column: shipments.lat, type: 'float8', value: (row) => row.lat },
  lng: { column: shipments.lng, type: 'float8', value: (row) => row.lng },
  positionAt: {
    column: shipments.positionAt,
    type: 'timestamptz',
    value: (row) => (row.positionAt ?? new Date()).toISOString(),
  },
  carrier: { column: shipments.carrier, type: 'text', value: (row) => row.carrier ?? null },
  cargoValue: {
    column: shipments.cargoValue,
    type: 'float8',
    value: (row) => row.cargoValue ?? null,
  },
  cargoCurrency: {
    column: shipments.cargoCurrency,
    type: 'text',
    value: (row) => row.cargoCurrency ?? null,
  },
  status: { column: shipments.status, type: 'text', value: (row) => row.status ?? 'IN_TRANSIT' },
  originLocode: {
    column: shipments.originLocode,
    type: 'text',
    value: (row) => row.originLocode ?? null,
  },
  originLat: { column: shipments.originLat, type: 'float8', value: (row) => row.originLat ?? null },
  originLng: { column: shipments.originLng, type: 'float8', value: (row) => row.originLng ?? null },
  destinationLocode: {
    column: shipments.destinationLocode,
    type: 'text',
    value: (row) => row.destinationLocode ?? null,
  },
  destinationLat: {
    column: shipments.destinationLat,
    type: 'float8',
    value: (row) => row.destinationLat ?? null,
  },
  destinationLng: {
    column: shipments.destinationLng,
    type: 'float8',
    value: (row) => row.destinationLng ?? null,
  },
  departureAt: {
    column: shipments.departureAt,
    type: 'timestamptz',
    value: (row) => time(row.departureAt),
  },
  eta: { column: shipments.eta, type: 'timestamptz', value: (row) => time(row.eta) },
  waypoints: {
    column: shipments.waypoints,
    type: 'jsonb',
    value: (row) => (row.waypoints ? JSON.stringify(row.waypoints) : null),
  },
};

const LINK_COLUMNS: BulkColumn<{ shipmentId: string; siteId: string }>[] = [
  { column: shipmentSites.shipmentId, type: 'text', value: (link) => link.shipmentId },
  { column: shipmentSites.siteId, type: 'uuid', value: (link) => link.siteId },
];

/** Queries on shipments, each scoped to one organization. */
export const shipmentsRepository = {
  page(
    db: Executor,
    organizationId: string,
    options: {
      filters: ShipmentFilters;
      limit: number;
      after: readonly (string | number)[] | null;
    },
  ) {
    return db
      .select({ shipment: shipments, key: keyOf(SHIPMENT_ORDER) })
      .from(shipments)
      .where(
        and(
          ...filterConditions(organizationId, options.filters),
          options.after ? keysetAfter(SHIPMENT_ORDER, options.after) : undefined,
        ),
      )
      .orderBy(...orderOf(SHIPMENT_ORDER))
      .limit(options.limit);
  },

  count(db: Executor, organizationId: string, filters: ShipmentFilters): Promise<number> {
    return countWhere(db, shipments, filterConditions(organizationId, filters));
  },

  find(
    db: Executor,
    organizationId: string,
    shipmentId: string,
    lock = false,
  ): Promise<ShipmentRow | undefined> {
    return findOwned(db, shipments, organizationId, shipmentId, lock);
  },

  async findByReference(db: Executor, organizationId: string, reference: string) {
    const [row] = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.organizationId, organizationId), eq(shipments.reference, reference)));
    return row;
  },

  /** The linked sites of each shipment. */
  async siteIdsOf(db: Executor, shipmentIds: readonly string[]) {
    const links = new Map<string, string[]>();
    if (shipmentIds.length === 0) return links;
    const rows = await db
      .select()
      .from(shipmentSites)
      .where(inArray(shipmentSites.shipmentId, [...shipmentIds]));
    for (const { shipmentId, siteId } of rows) {
      links.set(shipmentId, [...(links.get(shipmentId) ?? []), siteId].sort());
    }
    return links;
  },

  /** The organization's sites among these ids, and its sites with these external references. */
  async sitesNamed(
    db: Executor,
    organizationId: string,
    ids: readonly string[],
    refs: readonly string[],
  ): Promise<{ ids: Set<string>; byRef: Map<string, string> }> {
    const found = { ids: new Set<string>(), byRef: new Map<string, string>() };
    for (let start = 0; start < Math.max(ids.length, refs.length); start += 5000) {
      const someIds = ids.slice(start, start + 5000);
      const someRefs = refs.slice(start, start + 5000);
      const rows = await db
        .select({ id: sites.id, ref: sites.externalRef })
        .from(sites)
        .where(
          and(
            eq(sites.organizationId, organizationId),
            or(
              someIds.length > 0 ? inArray(sites.id, someIds) : undefined,
              someRefs.length > 0 ? inArray(sites.externalRef, someRefs) : undefined,
            ),
          ),
        );
      for (const row of rows) {
        if (someIds.includes(row.id)) found.ids.add(row.id);
        if (row.ref) found.byRef.set(row.ref, row.id);
      }
    }
    return found;
  },

  async insert(db: Executor, values: NewShipment): Promise<ShipmentRow> {
    const [row] = await db.insert(shipments).values(values).returning();
    if (!row) throw new Error('shipment not inserted');
    return row;
  },

  async update(
    db: Executor,
    organizationId: string,
    shipmentId: string,
    values: Partial<ShipmentColumns>,
  ): Promise<ShipmentRow> {
    const [row] = await db
      .update(shipments)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(shipments.organizationId, organizationId), eq(shipments.id, shipmentId)))
      .returning();
    if (!row) throw new Error('shipment not updated');
    return row;
  },

  /**
   * Creates each row, or updates the shipment its reference names. Only `update`'s columns
   * change on an existing shipment (its id never does); answers each row's shipment id.
   */
  upsert(
    db: Executor,
    rows: readonly NewShipment[],
    update: readonly (keyof ShipmentColumns)[],
    onBatch?: (done: number) => Promise<void> | void,
  ) {
    return bulkUpsert(
      db,
      shipments,
      Object.values(BULK_COLUMNS),
      rows,
      {
        columns: [shipments.organizationId, shipments.reference],
        update: update.map((column) => BULK_COLUMNS[column].column),
        returning: shipments.id,
      },
      onBatch,
    );
  },

  /** The shipments' linked sites become these (the caller checked they are the organization's). */
  async replaceLinks(
    db: Executor,
    shipmentIds: readonly string[],
    links: readonly { shipmentId: string; siteId: string }[],
  ): Promise<void> {
    for (let start = 0; start < shipmentIds.length; start += 5000) {
      await db
        .delete(shipmentSites)
        .where(inArray(shipmentSites.shipmentId, shipmentIds.slice(start, start + 5000)));
    }
    for (let start = 0; start < links.length; start += 5000) {
      await bulkInsert(db, shipmentSites, LINK_COLUMNS, links.slice(start, start + 5000));
    }
  },
};
