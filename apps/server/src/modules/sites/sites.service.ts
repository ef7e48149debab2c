import type {
  BulkResponse,
  GeoPoint,
  Site,
  SiteIncidentExposure,
  SiteListQuery,
  SiteListResponse,
  SiteUpdateValues,
  SiteValues,
} from '@meridian/contracts';
import type { Database, Executor } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { EXPOSURE_JOBS } from '../exposure/exposure.jobs.js';
import { toExposureFacts } from '../exposure/exposure.mapper.js';
import { exposureReads } from '../exposure/exposure.reads.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import type { BulkProgress } from '../../lib/bulk-progress.js';
import { mapWithConcurrency } from '../../lib/concurrency.js';
import { cursors, keyOfTypes } from '../../lib/cursor.js';
import { badRequest, conflict, type ErrorIssue, invalidRows, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type AddressParts,
  EXTERNAL_GEOCODER_BULK_MAX,
  type GeocodeService,
} from '../geocode/geocode.service.js';
import { toIncidentDto } from '../incidents/incidents.mapper.js';
import { toSiteDto } from './sites.mapper.js';
import {
  type NewSite,
  type SiteColumns,
  type SiteRow,
  sitesRepository as sites,
} from './sites.repository.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** What each sort's cursor holds, part by part. */
const KEY_TYPES: Record<SiteListQuery['sort'], readonly ('number' | 'string')[]> = {
  name: ['string', 'string'],
  criticality: ['number', 'string', 'string'],
  tier: ['number', 'string', 'string'],
  updatedAt: ['string', 'string'],
};

/** Geocoder calls at once in a bulk write: the external one is a shared service. */
const GEOCODE_CONCURRENCY = 4;

const SIMPLE_FIELDS = [
  'externalRef',
  'name',
  'kind',
  'tier',
  'criticality',
  'address',
  'city',
  'countryCode',
  'products',
  'annualSpend',
  'revenuePerDay',
  'recoveryDays',
  'currency',
] as const satisfies readonly (keyof SiteValues & keyof SiteColumns)[];

/** The columns an input sets; a field it leaves out is not among them. */
function columnsOf(input: Partial<SiteValues>): Partial<SiteColumns> {
  const columns: Partial<SiteColumns> = {};
  for (const field of SIMPLE_FIELDS) {
    const value = input[field];
    if (value !== undefined) Object.assign(columns, { [field]: value });
  }
  if (input.contact !== undefined) {
    columns.contactName = input.contact?.name ?? null;
    columns.contactEmail = input.contact?.email ?? null;
    columns.contactPhone = input.contact?.phone ?? null;
  }
  return columns;
}

/** The field an unlocatable address is blamed on: its most precise part. */
const addressField = (parts: AddressParts) =>
  parts.address ? 'address' : parts.city ? 'city' : 'countryCode';

/**
 * Sites (suppliers, facilities, ports, customers) of the active organization: read by all its
 * members, written by its MANAGERs and ADMINs (and platform staff acting as it). Every write is
 * audited and asks the exposure engine to look again, in the write's transaction.
 */
export class SitesService {
  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
    private readonly geocode: GeocodeService,
  ) {}

  async list(actor: Actor, query: SiteListQuery): Promise<SiteListResponse['data']> {
    const { sort, q, kind, criticality, archived } = query;
    const filters = { q, kind, criticality, archived };
    const fingerprint = [actor.organizationId, sort, q, kind, criticality, archived];
    const after = query.cursor
      ? keyOfTypes(KEY_TYPES[sort], cursors.decode(query.cursor, fingerprint))
      : null;
    const rows = await sites.page(this.db, actor.organizationId, {
      filters,
      sort,
      limit: query.limit + 1,
      after,
    });
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    const revenue = await exposureReads.dependentRevenueOf(
      this.db,
      actor.organizationId,
      shown.map(({ site }) => site),
    );
    return {
      sites: shown.map(({ site, activeExposures }) => ({
        ...toSiteDto(site),
        activeExposures,
        dependentRevenue: revenue.get(site.id) ?? null,
      })),
      nextCursor: rows.length > query.limit && last ? cursors.encode(last.key, fingerprint) : null,
      total: await sites.count(this.db, actor.organizationId, filters),
    };
  }

  async get(actor: Actor, siteId: string): Promise<Site> {
    const row = await this.visible(this.db, actor, siteId);
    const revenue = await exposureReads.dependentRevenueOf(this.db, actor.organizationId, [row]);
    return {
      ...toSiteDto(row),
      activeExposures: await sites.activeExposureCount(this.db, siteId),
      dependentRevenue: revenue.get(row.id) ?? null,
    };
  }

  async exposure(
    actor: Actor,
    siteId: string,
    withCleared: boolean,
  ): Promise<SiteIncidentExposure[]> {
    await this.visible(this.db, actor, siteId);
    const rows = await sites.exposuresOf(this.db, actor.organizationId, siteId, withCleared);
    return rows.map(({ exposure, incident }) => ({
      incident: toIncidentDto(incident),
      ...toExposureFacts(exposure),
    }));
  }

  async create(actor: Actor, input: SiteValues): Promise<Site> {
    requireAccess(actor, 'organization.editData', API_MESSAGES.site.editorRequired);
    const point = await this.locate(input, input);
    if (!point) throw badRequest(`location: ${API_MESSAGES.site.locationRequired}`);
    const created = await this.db.transaction(async (tx) => {
      await this.assertRefFree(tx, actor, input.externalRef);
      const row = await sites.insert(tx, {
        ...columnsOf(input),
        name: input.name,
        organizationId: actor.organizationId,
        lat: point.lat,
        lng: point.lng,
      });
      const site = toSiteDto(row);
      await recordAudit(tx, actor, {
        action: 'site.create',
        targetType: 'site',
        targetId: row.id,
        after: site,
      });
      await this.recompute(tx, actor, row.id);
      return site;
    });
    this.background.kick();
    return created;
  }

  async update(actor: Actor, siteId: string, input: SiteUpdateValues): Promise<Site> {
    const { archived, ...fields } = input;
    // Found (or 404) before anything else: another organization's site is never revealed.
    const current = await this.visible(this.db, actor, siteId);
    requireAccess(actor, 'organization.editData', API_MESSAGES.site.editorRequired);
    const addressChanged =
      fields.address !== undefined ||
      fields.city !== undefined ||
      fields.countryCode !== undefined ||
      fields.location !== undefined;
    const point = addressChanged ? await this.locate(fields, { ...current, ...fields }) : null;
    if (addressChanged && !point)
      throw badRequest(`location: ${API_MESSAGES.site.locationRequired}`);

    const updated = await this.db.transaction(async (tx) => {
      const before = await this.visible(tx, actor, siteId, true);
      if (fields.externalRef) await this.assertRefFree(tx, actor, fields.externalRef, siteId);
      const columns: Partial<SiteColumns> = {
        ...columnsOf(fields),
        ...(point ? { lat: point.lat, lng: point.lng } : {}),
        ...(archived === undefined
          ? {}
          : { archivedAt: archived ? (before.archivedAt ?? new Date()) : null }),
      };
      const row = await sites.update(tx, actor.organizationId, siteId, columns);
      const site = toSiteDto(row);
      await recordAudit(tx, actor, {
        action:
          archived === true ? 'site.archive' : archived === false ? 'site.restore' : 'site.update',
        targetType: 'site',
        targetId: siteId,
        before: toSiteDto(before),
        after: site,
      });
      await this.recompute(tx, actor, siteId);
      return site;
    });
    this.background.kick();
    return updated;
  }

  /**
   * Up to IMPORT_LIMITS.rows sites in one transaction: a row whose externalRef the organization
   * already uses updates that site (only the fields the row gives), any other row creates one.
   * Every row is located first; one that cannot be refuses the whole write, naming its index.
   */
  async bulk(
    actor: Actor,
    rows: readonly SiteValues[],
    progress: BulkProgress = () => undefined,
  ): Promise<BulkResponse['data']> {
    requireAccess(actor, 'organization.editData', API_MESSAGES.site.editorRequired);
    const { organizationId } = actor;
    const refs = rows.flatMap((row) => (row.externalRef ? [row.externalRef] : []));
    const known = await sites.knownRefs(this.db, organizationId, refs);
    const points = await this.locateAll(rows, known, progress);

    // Rows giving the same fields are written together; only those fields change on updates.
    const groups = new Map<string, { update: (keyof SiteColumns)[]; rows: NewSite[] }>();
    rows.forEach((input, index) => {
      const point = points[index];
      const columns: Partial<SiteColumns> = {
        ...columnsOf(input),
        ...(point ? { lat: point.lat, lng: point.lng } : {}),
      };
      const update = (Object.keys(columns) as (keyof SiteColumns)[]).filter(
        (column) => column !== 'externalRef',
      );
      const signature = update.join(',');
      const group = groups.get(signature) ?? { update, rows: [] };
      group.rows.push({ ...columns, name: input.name, organizationId });
      groups.set(signature, group);
    });

    const result = await this.db.transaction(async (tx) => {
      let created = 0;
      let written = 0;
      for (const group of groups.values()) {
        const answers = await sites.upsert(tx, group.rows, group.update, (done) =>
          progress({ stage: 'writing', done: written + done, total: rows.length }),
        );
        written += answers.length;
        created += answers.filter((answer) => answer.created).length;
      }
      const counts = { created, updated: written - created };
      await recordAudit(tx, actor, {
        action: 'site.bulk',
        targetType: 'site',
        targetId: null,
        after: { ...counts, rows: rows.length },
      });
      await this.background.enqueue(tx, EXPOSURE_JOBS.organization, organizationId, {
        organizationId,
        cause: `${rows.length} ${rows.length === 1 ? 'site' : 'sites'} imported`,
      });
      return counts;
    });
    this.background.kick();
    return result;
  }

  /**
   * Where a site is: its given location, else its address found by the geocoder; null when it
   * gives neither. `parts` is the whole address after the change.
   */
  private async locate(
    input: Pick<Partial<SiteValues>, 'location'>,
    parts: AddressParts,
  ): Promise<GeoPoint | null> {
    if (input.location) return input.location;
    const query = await this.geocode.addressQuery(parts);
    if (!query) return null;
    const point = await this.geocode.tryLocate(query);
    if (!point)
      throw badRequest(`${addressField(parts)}: ${API_MESSAGES.site.addressNotFound(query)}`);
    return point;
  }

  /** Each row's point (undefined: an existing site keeps its own), or every row's problem. */
  private async locateAll(
    rows: readonly SiteValues[],
    known: ReadonlySet<string>,
    progress: BulkProgress,
  ): Promise<(GeoPoint | undefined)[]> {
    const issues: ErrorIssue[] = [];
    const points: (GeoPoint | undefined)[] = rows.map((row) => row.location ?? undefined);
    const queries = new Map<string, number[]>();
    for (const [index, row] of rows.entries()) {
      if (row.location) continue;
      const query = await this.geocode.addressQuery(row);
      if (query) queries.set(query, [...(queries.get(query) ?? []), index]);
      else if (!row.externalRef || !known.has(row.externalRef)) {
        issues.push({
          path: `sites.${index}.location`,
          message: API_MESSAGES.site.locationRequired,
        });
      }
    }
    let located = 0;
    const distinct = [...queries.entries()];
    const external = distinct.length <= EXTERNAL_GEOCODER_BULK_MAX;
    await mapWithConcurrency(distinct, GEOCODE_CONCURRENCY, async ([query, indexes]) => {
      const point = await this.geocode.tryLocate(query, { external });
      for (const index of indexes) {
        if (point) points[index] = point;
        else {
          const row = rows[index] ?? {};
          issues.push({
            path: `sites.${index}.${addressField(row)}`,
            message: API_MESSAGES.site.addressNotFound(query),
          });
        }
      }
      located += 1;
      if (located % 500 === 0 || located === distinct.length) {
        await progress({ stage: 'locating', done: located, total: distinct.length });
      }
    });
    if (issues.length > 0) {
      const row = (issue: ErrorIssue) => Number(issue.path.split('.')[1]);
      throw invalidRows(issues.sort((a, b) => row(a) - row(b)));
    }
    return points;
  }

  private recompute(tx: Executor, actor: Actor, siteId: string) {
    return this.background.enqueue(tx, EXPOSURE_JOBS.target, `SITE:${siteId}`, {
      kind: 'SITE',
      targetId: siteId,
      organizationId: actor.organizationId,
    });
  }

  private async assertRefFree(
    db: Executor,
    actor: Actor,
    ref: string | null | undefined,
    exceptId?: string,
  ): Promise<void> {
    if (ref && (await sites.findByRef(db, actor.organizationId, ref, exceptId))) {
      throw conflict(API_MESSAGES.site.refTaken(ref));
    }
  }

  private async visible(
    db: Executor,
    actor: Actor,
    siteId: string,
    lock = false,
  ): Promise<SiteRow> {
    const row = await sites.find(db, actor.organizationId, siteId, lock);
    if (!row) throw notFound(API_MESSAGES.site.notFound);
    return row;
  }
}
