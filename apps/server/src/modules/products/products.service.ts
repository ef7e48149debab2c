import type {
  BulkResponse,
  Product,
  ProductListQuery,
  ProductListResponse,
  ProductUpdateValues,
  ProductValues,
} from '@meridian/contracts';
import type { Database, Executor } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { type Actor, requireAccess } from '../../lib/access.js';
import type { BulkProgress } from '../../lib/bulk-progress.js';
import { cursors, keyOfTypes } from '../../lib/cursor.js';
import { conflict, type ErrorIssue, invalidRows, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { EXPOSURE_JOBS } from '../exposure/exposure.jobs.js';
import { toProductDto } from './products.mapper.js';
import {
  type NewPart,
  type NewProduct,
  type ProductColumns,
  type ProductRow,
  productsRepository as products,
} from './products.repository.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** What each sort's cursor holds, part by part. */
const KEY_TYPES: Record<ProductListQuery['sort'], readonly ('number' | 'string')[]> = {
  name: ['string', 'string'],
  revenue: ['number', 'string', 'string'],
  updatedAt: ['string', 'string'],
};

type PartValues = NonNullable<ProductValues['parts']>[number];

/** The columns an input sets; a field it leaves out is not among them. */
function columnsOf(input: Partial<ProductValues>): Partial<ProductColumns> {
  const columns: Partial<ProductColumns> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.currency !== undefined) columns.currency = input.currency;
  if (input.coverDays !== undefined) columns.coverDays = input.coverDays;
  if (input.revenuePerDay !== undefined) columns.revenuePerDay = input.revenuePerDay;
  else if (input.revenuePerYear !== undefined) {
    columns.revenuePerDay = input.revenuePerYear === null ? null : input.revenuePerYear / 365;
  }
  return columns;
}

/**
 * Products of the active organization and their bills of materials: read by all its members,
 * written by its MANAGERs and ADMINs (and platform staff acting as it). A bill of materials
 * names the organization's own sites only. Every write is audited and has the organization's
 * values at risk and priorities computed again (an exposure job, in the write's transaction).
 */
export class ProductsService {
  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
  ) {}

  async list(actor: Actor, query: ProductListQuery): Promise<ProductListResponse['data']> {
    const { sort, q, siteId, archived } = query;
    const filters = { q, siteId, archived };
    const fingerprint = [actor.organizationId, sort, q, siteId, archived];
    const after = query.cursor
      ? keyOfTypes(KEY_TYPES[sort], cursors.decode(query.cursor, fingerprint))
      : null;
    const rows = await products.page(this.db, actor.organizationId, {
      filters,
      sort,
      limit: query.limit + 1,
      after,
    });
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      products: await this.dtos(
        this.db,
        actor,
        shown.map(({ product }) => product),
      ),
      nextCursor: rows.length > query.limit && last ? cursors.encode(last.key, fingerprint) : null,
      total: await products.count(this.db, actor.organizationId, filters),
    };
  }

  async get(actor: Actor, productId: string): Promise<Product> {
    const row = await this.visible(this.db, actor, productId);
    const [product] = await this.dtos(this.db, actor, [row]);
    if (!product) throw notFound(API_MESSAGES.product.notFound);
    return product;
  }

  async create(actor: Actor, input: ProductValues): Promise<Product> {
    requireAccess(actor, 'organization.editData', API_MESSAGES.product.editorRequired);
    const created = await this.db.transaction(async (tx) => {
      await this.assertSkuFree(tx, actor, input.sku);
      const siteIds = await this.sitesOf(tx, actor, [input.parts ?? []], 'parts');
      const row = await products.insert(tx, {
        ...columnsOf(input),
        sku: input.sku,
        name: input.name,
        organizationId: actor.organizationId,
      });
      await products.replaceParts(
        tx,
        actor.organizationId,
        [row.id],
        partRows(actor, row.id, input.parts ?? [], siteIds[0] ?? []),
      );
      const [product] = await this.dtos(tx, actor, [row]);
      await recordAudit(tx, actor, {
        action: 'product.create',
        targetType: 'product',
        targetId: row.id,
        after: product,
      });
      await this.recompute(tx, actor);
      return product;
    });
    this.background.kick();
    if (!created) throw new Error('product not read back');
    return created;
  }

  async update(actor: Actor, productId: string, input: ProductUpdateValues): Promise<Product> {
    const { archived, parts, ...fields } = input;
    // Found (or 404) before anything else: another organization's product is never revealed.
    await this.visible(this.db, actor, productId);
    requireAccess(actor, 'organization.editData', API_MESSAGES.product.editorRequired);
    const updated = await this.db.transaction(async (tx) => {
      const beforeRow = await this.visible(tx, actor, productId, true);
      const [before] = await this.dtos(tx, actor, [beforeRow]);
      if (fields.sku) await this.assertSkuFree(tx, actor, fields.sku, productId);
      const siteIds = parts ? await this.sitesOf(tx, actor, [parts], 'parts') : null;
      const row = await products.update(tx, actor.organizationId, productId, {
        ...columnsOf(fields),
        ...(fields.sku ? { sku: fields.sku } : {}),
        ...(archived === undefined
          ? {}
          : { archivedAt: archived ? (beforeRow.archivedAt ?? new Date()) : null }),
      });
      if (parts && siteIds) {
        await products.replaceParts(
          tx,
          actor.organizationId,
          [productId],
          partRows(actor, productId, parts, siteIds[0] ?? []),
        );
      }
      const [product] = await this.dtos(tx, actor, [row]);
      await recordAudit(tx, actor, {
        action:
          archived === true
            ? 'product.archive'
            : archived === false
              ? 'product.restore'
              : 'product.update',
        targetType: 'product',
        targetId: productId,
        before,
        after: product,
      });
      await this.recompute(tx, actor);
      return product;
    });
    this.background.kick();
    if (!updated) throw new Error('product not read back');
    return updated;
  }

  /**
   * Up to IMPORT_LIMITS.rows products in one transaction: a row whose SKU the organization
   * already uses updates that product (only the fields the row gives; its parts, when given,
   * replace the bill of materials), any other row creates one. A part naming a site that is not
   * the organization's refuses the whole write, naming every such row.
   */
  async bulk(
    actor: Actor,
    rows: readonly ProductValues[],
    progress: BulkProgress = () => undefined,
  ): Promise<BulkResponse['data']> {
    requireAccess(actor, 'organization.editData', API_MESSAGES.product.editorRequired);
    const { organizationId } = actor;
    const groups = new Map<string, { update: (keyof ProductColumns)[]; rows: number[] }>();
    rows.forEach((input, index) => {
      const update = Object.keys(columnsOf(input)) as (keyof ProductColumns)[];
      const signature = update.join(',');
      const group = groups.get(signature) ?? { update, rows: [] };
      group.rows.push(index);
      groups.set(signature, group);
    });
    const result = await this.db.transaction(async (tx) => {
      const siteIds = await this.sitesOf(
        tx,
        actor,
        rows.map((row) => row.parts ?? []),
        'products',
      );
      const ids: string[] = new Array<string>(rows.length);
      let created = 0;
      let written = 0;
      for (const group of groups.values()) {
        const values: NewProduct[] = group.rows.map((index) => {
          const input = rows[index] as ProductValues;
          return { ...columnsOf(input), sku: input.sku, name: input.name, organizationId };
        });
        const answers = await products.upsert(tx, values, group.update, (done) =>
          progress({ stage: 'writing', done: written + done, total: rows.length }),
        );
        answers.forEach((answer, i) => {
          ids[group.rows[i] ?? 0] = answer.key;
        });
        written += answers.length;
        created += answers.filter((answer) => answer.created).length;
      }
      const withParts = rows.flatMap((row, index) => (row.parts ? [index] : []));
      await products.replaceParts(
        tx,
        organizationId,
        withParts.map((index) => ids[index] ?? ''),
        withParts.flatMap((index) =>
          partRows(actor, ids[index] ?? '', rows[index]?.parts ?? [], siteIds[index] ?? []),
        ),
      );
      const counts = { created, updated: written - created };
      await recordAudit(tx, actor, {
        action: 'product.bulk',
        targetType: 'product',
        targetId: null,
        after: { ...counts, rows: rows.length },
      });
      await this.recompute(tx, actor);
      return counts;
    });
    this.background.kick();
    return result;
  }

  /**
   * Each line's site id, list by list: a siteId must be a site of the organization (another's
   * is not found: 404 for one product, a row's error in an import), a siteRef the external
   * reference of one of its sites.
   */
  private async sitesOf(
    db: Executor,
    actor: Actor,
    lists: readonly (readonly PartValues[])[],
    path: 'parts' | 'products',
  ): Promise<string[][]> {
    const lines = lists.flat();
    const ids = [...new Set(lines.flatMap((line) => (line.siteId ? [line.siteId] : [])))];
    const refs = [...new Set(lines.flatMap((line) => (line.siteRef ? [line.siteRef] : [])))];
    const known = await products.siteIds(db, actor.organizationId, ids);
    const byRef = await products.sitesByRef(db, actor.organizationId, refs);
    const issues: ErrorIssue[] = [];
    const answer = lists.map((list, row) =>
      list.map((line, index) => {
        const at = path === 'parts' ? `parts.${index}` : `products.${row}.parts.${index}`;
        if (line.siteId !== undefined) {
          if (known.has(line.siteId)) return line.siteId;
          if (path === 'parts') throw notFound(API_MESSAGES.site.notFound);
          issues.push({ path: `${at}.siteId`, message: API_MESSAGES.site.notFound });
          return '';
        }
        const id = byRef.get(line.siteRef ?? '');
        if (id) return id;
        issues.push({
          path: `${at}.siteRef`,
          message: API_MESSAGES.product.siteRefUnknown(line.siteRef ?? ''),
        });
        return '';
      }),
    );
    if (issues.length > 0) throw invalidRows(issues);
    return answer;
  }

  /** Products as the API shows them: with their bills of materials and exposed sites. */
  private async dtos(db: Executor, actor: Actor, rows: readonly ProductRow[]): Promise<Product[]> {
    const ids = rows.map((row) => row.id);
    const parts = await products.partsOf(db, actor.organizationId, ids);
    const exposed = await products.sitesExposed(db, actor.organizationId, ids);
    const byProduct = new Map<string, typeof parts>();
    for (const line of parts) {
      byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), line]);
    }
    return rows.map((row) =>
      toProductDto(row, byProduct.get(row.id) ?? [], exposed.get(row.id) ?? 0),
    );
  }

  /** Values at risk and priorities use the products: the organization's are computed again. */
  private recompute(tx: Executor, actor: Actor) {
    const { organizationId } = actor;
    return this.background.enqueue(tx, EXPOSURE_JOBS.organization, organizationId, {
      organizationId,
      cause: 'Products changed',
    });
  }

  private async assertSkuFree(
    db: Executor,
    actor: Actor,
    sku: string,
    exceptId?: string,
  ): Promise<void> {
    if (await products.findBySku(db, actor.organizationId, sku, exceptId)) {
      throw conflict(API_MESSAGES.product.skuTaken(sku));
    }
  }

  private async visible(
    db: Executor,
    actor: Actor,
    productId: string,
    lock = false,
  ): Promise<ProductRow> {
    const row = await products.find(db, actor.organizationId, productId, lock);
    if (!row) throw notFound(API_MESSAGES.product.notFound);
    return row;
  }
}

/** The rows of a product's bill of materials, in the order given. */
const partRows = (
  actor: Actor,
  productId: string,
  parts: readonly PartValues[],
  siteIds: readonly string[],
): NewPart[] =>
  parts.map((line, position) => ({
    organizationId: actor.organizationId,
    productId,
    part: line.part,
    siteId: siteIds[position] ?? '',
    share: line.singleSource ? 1 : line.share,
    singleSource: line.singleSource,
    position,
  }));
