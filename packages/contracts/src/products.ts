import { z } from 'zod';
import { CurrencyCode, Cursor, IsoDateTime } from './common.js';
import { IMPORT_LIMITS } from './constants.js';
import { duplicateKeyIssues } from './sites.js';

/**
 * Products and their bill of materials (README, "Value at risk"): what the organization sells,
 * the revenue each brings in a day, the days its inventory covers, and the parts it is made
 * of, each from one or more sites with a share of the supply. One level: product ← part ← site.
 */
export const PRODUCT_LIMITS = {
  sku: 100,
  name: 200,
  part: 100,
  /** Lines of one product's bill of materials. */
  parts: 200,
  bulk: IMPORT_LIMITS.rows,
  pageMax: 200,
  pageDefault: 50,
  /** A year: more cover than that is a warehouse, not a buffer. */
  coverDays: 365,
  revenuePerDay: 1e12,
} as const;

/** Shares of one part's supply may add up to this much over 100% (rounding in a spreadsheet). */
const SHARE_SLACK = 0.005;

const Text = (max: number) => z.string().trim().max(max);

/** One line of a bill of materials: a part, the site supplying it and its share of the supply. */
export const ProductPart = z
  .object({
    part: z.string(),
    site: z.object({ id: z.uuid(), name: z.string(), externalRef: z.string().nullable() }),
    /** The site's share of the part's supply, 0–1. */
    share: z.number(),
    /** No other source: the product stops with the site, whatever the share says. */
    singleSource: z.boolean(),
  })
  .meta({ id: 'ProductPart' });
export type ProductPart = z.infer<typeof ProductPart>;

export const Product = z
  .object({
    id: z.uuid(),
    sku: z.string(),
    name: z.string(),
    /** The revenue it brings in a day, in `currency`; null when not known. */
    revenuePerDay: z.number().nullable(),
    currency: z.string().nullable(),
    /** Days the inventory of finished goods and parts keeps it selling (its time to survive). */
    coverDays: z.number(),
    parts: z.array(ProductPart),
    /** Its supplying sites that an active incident reaches now. */
    sitesExposed: z.number().int(),
    archivedAt: IsoDateTime.nullable(),
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

/** A line as a client sends it: the site by id, or by its externalRef (files, ERP exports). */
export const ProductPartInput = z
  .strictObject({
    part: Text(PRODUCT_LIMITS.part).min(1, 'part is required'),
    siteId: z.uuid('siteId must be a site id').optional(),
    siteRef: Text(100).min(1).optional(),
    share: z
      .number()
      .gt(0, 'share must be more than 0')
      .max(1, 'share must be at most 1 (100%)')
      .default(1),
    singleSource: z.boolean().default(false),
  })
  .refine((line) => (line.siteId === undefined) !== (line.siteRef === undefined), {
    message: 'give the site as siteId or siteRef (its external reference), one of them',
    path: ['siteId'],
  });
export type ProductPartInput = z.input<typeof ProductPartInput>;

type PartLine = z.output<typeof ProductPartInput>;
type Issue = { path: (string | number)[]; message: string };

/**
 * What is wrong with a bill of materials as a whole: a line twice (the same part from the same
 * site), a product among its own parts, shares of a part over 100%, a single-source part with
 * more than one site.
 */
export function billOfMaterialsIssues(
  sku: string | undefined,
  parts: readonly PartLine[],
): Issue[] {
  const issues: Issue[] = [];
  const siteOf = (line: PartLine) => line.siteId ?? `ref:${line.siteRef ?? ''}`;
  const lineKeys = parts.map((line) => `${line.part.toLowerCase()}|${siteOf(line)}`);
  for (const issue of duplicateKeyIssues(lineKeys)) {
    issues.push({
      path: ['parts', issue.index, 'part'],
      message: `part "${parts[issue.index]?.part}" from this site is also in parts.${issue.firstIndex}`,
    });
  }
  const byPart = new Map<string, number[]>();
  parts.forEach((line, index) => {
    if (sku !== undefined && line.part.toLowerCase() === sku.trim().toLowerCase()) {
      issues.push({
        path: ['parts', index, 'part'],
        message: 'a product cannot be one of its own parts',
      });
    }
    const key = line.part.toLowerCase();
    byPart.set(key, [...(byPart.get(key) ?? []), index]);
  });
  for (const indexes of byPart.values()) {
    const first = indexes[0] ?? 0;
    const name = parts[first]?.part ?? '';
    const total = indexes.reduce((sum, index) => sum + (parts[index]?.share ?? 0), 0);
    if (total > 1 + SHARE_SLACK) {
      issues.push({
        path: ['parts', indexes.at(-1) ?? first, 'share'],
        message: `the shares of part "${name}" add up to ${Math.round(total * 100)}%, more than 100%`,
      });
    }
    const single = indexes.find((index) => parts[index]?.singleSource);
    if (single !== undefined && indexes.length > 1) {
      issues.push({
        path: ['parts', single, 'singleSource'],
        message: `part "${name}" is single-source but has ${indexes.length} sites`,
      });
    }
  }
  return issues;
}

const productFields = {
  sku: Text(PRODUCT_LIMITS.sku).min(1, 'sku is required'),
  name: Text(PRODUCT_LIMITS.name).min(1, 'name is required'),
  revenuePerDay: z
    .number()
    .nonnegative('revenuePerDay must be 0 or more')
    .max(PRODUCT_LIMITS.revenuePerDay, 'revenuePerDay must be at most 1,000,000,000,000')
    .nullable()
    .optional(),
  /** Another way to give the revenue: a year's, kept as a day's (÷ 365). */
  revenuePerYear: z
    .number()
    .nonnegative('revenuePerYear must be 0 or more')
    .max(PRODUCT_LIMITS.revenuePerDay * 365, 'revenuePerYear is too large')
    .nullable()
    .optional(),
  /** The currency of the revenue (the organization's when not given). */
  currency: CurrencyCode.nullable().optional(),
  coverDays: z
    .number()
    .min(0, 'coverDays must be between 0 and 365')
    .max(PRODUCT_LIMITS.coverDays, 'coverDays must be between 0 and 365')
    .optional(),
  /** The whole bill of materials: on an update, given lines replace the ones kept. */
  parts: z
    .array(ProductPartInput)
    .max(PRODUCT_LIMITS.parts, `a product has at most ${PRODUCT_LIMITS.parts} parts`)
    .optional(),
};

const checkProduct = (
  product: {
    sku?: string;
    revenuePerDay?: number | null;
    revenuePerYear?: number | null;
    parts?: PartLine[];
  },
  context: z.RefinementCtx,
  prefix: (string | number)[] = [],
) => {
  if (
    product.revenuePerDay !== undefined &&
    product.revenuePerDay !== null &&
    product.revenuePerYear !== undefined &&
    product.revenuePerYear !== null
  ) {
    context.addIssue({
      code: 'custom',
      path: [...prefix, 'revenuePerYear'],
      message: 'give revenuePerDay or revenuePerYear, not both',
    });
  }
  for (const issue of billOfMaterialsIssues(product.sku, product.parts ?? [])) {
    context.addIssue({ code: 'custom', path: [...prefix, ...issue.path], message: issue.message });
  }
};

export const ProductInput = z.strictObject(productFields).superRefine((product, context) => {
  checkProduct(product, context);
});
export type ProductInput = z.input<typeof ProductInput>;
export type ProductValues = z.output<typeof ProductInput>;

export const ProductUpdate = z
  .strictObject(productFields)
  .partial()
  .extend({
    /** true archives (left out of value at risk), false restores. */
    archived: z.boolean().optional(),
  })
  .superRefine((product, context) => {
    checkProduct(product, context);
  });
export type ProductUpdate = z.input<typeof ProductUpdate>;
export type ProductUpdateValues = z.output<typeof ProductUpdate>;

export const PRODUCT_SORTS = ['name', 'revenue', 'updatedAt'] as const;

export const ProductListQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PRODUCT_LIMITS.pageMax)
    .default(PRODUCT_LIMITS.pageDefault),
  cursor: Cursor.optional(),
  /** Searches SKU, name and part numbers. */
  q: z.string().trim().max(200).optional(),
  /** Only the products a site supplies a part of. */
  siteId: z.uuid('siteId must be a site id').optional(),
  sort: z.enum(PRODUCT_SORTS).default('name'),
  archived: z.enum(['true', 'false']).optional(),
});
export type ProductListQuery = z.output<typeof ProductListQuery>;

export const ProductResponse = z.object({
  message: z.string(),
  data: z.object({ product: Product }),
});
export type ProductResponse = z.infer<typeof ProductResponse>;
export const ProductListResponse = z.object({
  message: z.string(),
  data: z.object({
    products: z.array(Product),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
  }),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

/** Up to PRODUCT_LIMITS.bulk products at once; a row with a SKU already known updates it. */
export const ProductBulk = z
  .strictObject({
    products: z.array(z.strictObject(productFields)).min(1).max(PRODUCT_LIMITS.bulk),
  })
  .superRefine(({ products }, context) => {
    products.forEach((product, index) => {
      checkProduct(product, context, ['products', index]);
    });
    for (const issue of duplicateKeyIssues(products.map((p) => p.sku))) {
      context.addIssue({
        code: 'custom',
        path: ['products', issue.index, 'sku'],
        message: `sku "${products[issue.index]?.sku}" is also in products.${issue.firstIndex}`,
      });
    }
  });
export type ProductBulk = z.input<typeof ProductBulk>;
