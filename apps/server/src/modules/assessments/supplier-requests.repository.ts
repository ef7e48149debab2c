import type { Severity } from '@meridian/contracts';
import {
  type SQL,
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { incidents, organizations, sites, supplierRequests } from '../../db/schema.js';

export type SupplierRequestRow = typeof supplierRequests.$inferSelect;
export type NewSupplierRequest = typeof supplierRequests.$inferInsert;
export type SupplierRequestWithSite = SupplierRequestRow & { siteName: string };

/** How many were asked, answered and refused, and the median hours to a first answer. */
export type ResponseCounts = {
  asked: number;
  answered: number;
  bounced: number;
  medianHours: number | null;
};
type SiteRef = { id: string; name: string };

/** A request with what its e-mail and its public page say: the incident, the site, who asks. */
export type SupplierRequestContext = SupplierRequestRow & {
  organizationName: string;
  incident: {
    title: string;
    countryCode: string | null;
    lat: number | null;
    lng: number | null;
    startsAt: Date;
    endsAt: Date | null;
    severity: Severity;
    assigneeId: string | null;
  };
  site: { name: string; city: string | null };
};

const CONTEXT_SELECTION = {
  request: supplierRequests,
  organizationName: organizations.name,
  incidentTitle: incidents.title,
  countryCode: incidents.countryCode,
  lat: incidents.lat,
  lng: incidents.lng,
  startsAt: incidents.startsAt,
  endsAt: incidents.endsAt,
  severity: incidents.severity,
  assigneeId: incidents.assigneeId,
  siteName: sites.name,
  siteCity: sites.city,
};

/** Supplier requests; the organization's own ones, except where the public page looks one up. */
export const supplierRequestsRepository = {
  /** The contact e-mail of each of the organization's sites asked for (blank is none). */
  async contactEmails(
    db: Executor,
    organizationId: string,
    siteIds: readonly string[],
  ): Promise<Map<string, string | null>> {
    if (siteIds.length === 0) return new Map();
    const rows = await db
      .select({ id: sites.id, email: sites.contactEmail })
      .from(sites)
      .where(and(eq(sites.organizationId, organizationId), inArray(sites.id, [...siteIds])));
    return new Map(rows.map((row) => [row.id, row.email?.trim() || null]));
  },

  async insert(db: Executor, rows: readonly NewSupplierRequest[]): Promise<SupplierRequestRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(supplierRequests)
      .values([...rows])
      .returning();
  },

  /** Every request of the incident, newest first per site. */
  async ofIncident(
    db: Executor,
    organizationId: string,
    incidentId: string,
  ): Promise<SupplierRequestWithSite[]> {
    const rows = await db
      .select({ request: supplierRequests, siteName: sites.name })
      .from(supplierRequests)
      .innerJoin(sites, eq(sites.id, supplierRequests.siteId))
      .where(
        and(
          eq(supplierRequests.incidentId, incidentId),
          eq(supplierRequests.organizationId, organizationId),
        ),
      )
      .orderBy(supplierRequests.siteId, desc(supplierRequests.createdAt));
    return rows.map((row) => ({ ...row.request, siteName: row.siteName }));
  },

  async findOwn(db: Executor, organizationId: string, incidentId: string, id: string) {
    const [row] = await db
      .select()
      .from(supplierRequests)
      .where(
        and(
          eq(supplierRequests.id, id),
          eq(supplierRequests.incidentId, incidentId),
          eq(supplierRequests.organizationId, organizationId),
        ),
      )
      .for('update');
    return row;
  },

  /** The sites of `siteIds` with a link still open (not revoked; expiry is the caller's). */
  async openOf(db: Executor, incidentId: string, organizationId: string, siteIds: string[]) {
    if (siteIds.length === 0) return [];
    return db
      .select()
      .from(supplierRequests)
      .where(
        and(
          eq(supplierRequests.incidentId, incidentId),
          eq(supplierRequests.organizationId, organizationId),
          inArray(supplierRequests.siteId, siteIds),
          isNull(supplierRequests.revokedAt),
        ),
      );
  },

  /** The request with what its e-mail and page say, by id (the mail job) or by token hash. */
  async context(
    db: Executor,
    by: { id: string } | { tokenHash: string },
    lock = false,
  ): Promise<SupplierRequestContext | undefined> {
    const query = db
      .select(CONTEXT_SELECTION)
      .from(supplierRequests)
      .innerJoin(incidents, eq(incidents.id, supplierRequests.incidentId))
      .innerJoin(sites, eq(sites.id, supplierRequests.siteId))
      .innerJoin(organizations, eq(organizations.id, supplierRequests.organizationId))
      .where(
        'id' in by ? eq(supplierRequests.id, by.id) : eq(supplierRequests.tokenHash, by.tokenHash),
      );
    const [row] = lock ? await query.for('update', { of: supplierRequests }) : await query;
    if (!row) return undefined;
    return {
      ...row.request,
      organizationName: row.organizationName,
      incident: {
        title: row.incidentTitle,
        countryCode: row.countryCode,
        lat: row.lat,
        lng: row.lng,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        severity: row.severity,
        assigneeId: row.assigneeId,
      },
      site: { name: row.siteName, city: row.siteCity },
    };
  },

  /**
   * How the organization's suppliers answered the requests made in a window (on incidents
   * meeting `incidents`, a condition on `incidents`): asked (not withdrawn before an answer),
   * answered, refused by their mail server, and the median hours from the e-mail to the first
   * answer; overall, and for the `limit` sites asked most.
   */
  async responseStats(
    db: Executor,
    organizationId: string,
    window: { from: Date; end: Date; incidents: SQL | undefined; limit: number },
  ): Promise<{ overall: ResponseCounts; sites: (ResponseCounts & SiteRef)[] }> {
    const hours = sql`extract(epoch from (${supplierRequests.firstAnsweredAt} - coalesce(${supplierRequests.sentAt}, ${supplierRequests.createdAt}))) / 3600`;
    const counts = {
      asked: sql<number>`count(*)::int`,
      answered: sql<number>`count(${supplierRequests.firstAnsweredAt})::int`,
      bounced: sql<number>`count(${supplierRequests.bouncedAt})::int`,
      medianHours: sql<number | null>`(percentile_cont(0.5) within group (order by ${hours})
        filter (where ${supplierRequests.firstAnsweredAt} is not null))::float8`,
    };
    const where = and(
      eq(supplierRequests.organizationId, organizationId),
      gte(supplierRequests.createdAt, window.from),
      lt(supplierRequests.createdAt, window.end),
      or(isNull(supplierRequests.revokedAt), isNotNull(supplierRequests.firstAnsweredAt)),
      window.incidents,
    );
    const [overall] = await db
      .select(counts)
      .from(supplierRequests)
      .innerJoin(incidents, eq(incidents.id, supplierRequests.incidentId))
      .where(where);
    const bySite = await db
      .select({ id: sites.id, name: sites.name, ...counts })
      .from(supplierRequests)
      .innerJoin(incidents, eq(incidents.id, supplierRequests.incidentId))
      .innerJoin(sites, eq(sites.id, supplierRequests.siteId))
      .where(where)
      .groupBy(sites.id, sites.name)
      .orderBy(desc(counts.asked), asc(sites.name), asc(sites.id))
      .limit(window.limit);
    return {
      overall: overall ?? { asked: 0, answered: 0, bounced: 0, medianHours: null },
      sites: bySite,
    };
  },

  async update(db: Executor, id: string, values: Partial<NewSupplierRequest>): Promise<void> {
    await db.update(supplierRequests).set(values).where(eq(supplierRequests.id, id));
  },
};
