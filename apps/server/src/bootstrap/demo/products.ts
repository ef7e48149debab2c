import type { productParts, products } from '../../db/schema.js';
import { createRandom } from './random.js';
import type { DemoSiteRow } from './sites.js';

export type DemoProductRow = typeof products.$inferInsert & { id: string };
export type DemoPartRow = Omit<typeof productParts.$inferInsert, 'id'>;

/** What a demo organization sells, and the parts each needs. */
const CATALOG = [
  {
    sku: 'DRV-400',
    name: 'Industrial drive',
    parts: ['Motor housing', 'Bearing set', 'Controller board'],
  },
  { sku: 'PMP-220', name: 'Pump assembly', parts: ['Impeller', 'Seal kit'] },
  { sku: 'BAT-90', name: 'Battery pack', parts: ['Cell module', 'Enclosure'] },
  { sku: 'CTL-15', name: 'Control unit', parts: ['Controller board', 'Enclosure'] },
] as const;

/** Adds a product's bill-of-materials lines in order, each with its position. */
function billOf(parts: DemoPartRow[], organizationId: string, productId: string) {
  let position = 0;
  return (part: string, site: DemoSiteRow, share: number, singleSource: boolean) => {
    parts.push({ organizationId, productId, part, siteId: site.id, share, singleSource, position });
    position += 1;
  };
}

/**
 * Each demo organization's products and bills of materials, drawn from its supplier sites: a
 * product's revenue per day and days of cover in a mid-size manufacturer's ranges; each part
 * from one supplier, or split between two. The critical suppliers placed inside open incidents
 * are the single source of a part of the first product, so the demo's first screens show what
 * a single source costs. Pure, like the rest of the demo.
 */
export function generateProducts(options: { seed: number; sites: readonly DemoSiteRow[] }): {
  products: DemoProductRow[];
  parts: DemoPartRow[];
} {
  const products: DemoProductRow[] = [];
  const parts: DemoPartRow[] = [];
  const byOrganization = new Map<string, DemoSiteRow[]>();
  for (const site of options.sites) {
    if (site.kind !== 'SUPPLIER') continue;
    byOrganization.set(site.organizationId, [
      ...(byOrganization.get(site.organizationId) ?? []),
      site,
    ]);
  }
  for (const [organizationId, suppliers] of byOrganization) {
    const random = createRandom(options.seed, `products:${organizationId}`);
    const critical = suppliers.filter((site) => site.criticality === 'CRITICAL');
    CATALOG.forEach((entry, index) => {
      const id = random.uuid();
      products.push({
        id,
        organizationId,
        sku: entry.sku,
        name: entry.name,
        revenuePerDay: Math.round(random.float(40_000, 240_000) / 1000) * 1000,
        currency: 'USD',
        coverDays: random.int(2, 14),
      });
      const line = billOf(parts, organizationId, id);
      entry.parts.forEach((part, partIndex) => {
        const sole = index === 0 ? critical[partIndex] : undefined;
        if (sole) {
          line(part, sole, 1, true);
          return;
        }
        const first = random.pick(suppliers);
        const second = random.pick(suppliers);
        if (second.id !== first.id && random.chance(0.5)) {
          const share = random.pick([0.5, 0.6, 0.7]);
          line(part, first, share, false);
          line(part, second, Math.round((1 - share) * 10) / 10, false);
        } else line(part, first, 1, false);
      });
    });
  }
  return { products, parts };
}

/**
 * Many products of one organization for benchmarks: each with two to four parts, a part from
 * one supplier (its single source one time in four) or split between two, revenue and cover in
 * the demo's ranges. Pure.
 */
export function generateScaleProducts(options: {
  seed: number;
  organizationId: string;
  /** The random stream (the organization's id when not given). */
  stream?: string;
  count: number;
  sites: readonly DemoSiteRow[];
}): { products: DemoProductRow[]; parts: DemoPartRow[] } {
  const { organizationId } = options;
  const random = createRandom(options.seed, `scale-products:${options.stream ?? organizationId}`);
  const suppliers = options.sites.filter((site) => site.kind === 'SUPPLIER');
  const products: DemoProductRow[] = [];
  const parts: DemoPartRow[] = [];
  if (suppliers.length === 0) return { products, parts };
  for (let index = 0; index < options.count; index += 1) {
    const id = random.uuid();
    products.push({
      id,
      organizationId,
      sku: `P-${String(index + 1).padStart(6, '0')}`,
      name: `Scale product ${index + 1}`,
      revenuePerDay: Math.round(random.float(5_000, 120_000) / 1000) * 1000,
      currency: 'USD',
      coverDays: random.int(2, 21),
    });
    const line = billOf(parts, organizationId, id);
    for (let part = 1; part <= random.int(2, 4); part += 1) {
      const first = random.pick(suppliers);
      const second = random.pick(suppliers);
      if (second.id !== first.id && random.chance(0.5)) {
        const share = random.pick([0.5, 0.6, 0.7]);
        line(`Part ${part}`, first, share, false);
        line(`Part ${part}`, second, Math.round((1 - share) * 10) / 10, false);
      } else line(`Part ${part}`, first, 1, random.chance(0.25));
    }
  }
  return { products, parts };
}
