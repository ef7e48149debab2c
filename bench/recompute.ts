import { eq } from 'drizzle-orm';
import { organizations } from '../apps/server/src/db/schema.js';
import { measureRecompute } from '../apps/server/src/test/recompute-bench.js';
import { log } from './log.js';
import type { BenchOptions } from './options.js';
import { openStore, seedStore } from './world.js';

export type Spread = { p50: number; p95: number; max: number };
export type RecomputeFigures = {
  store: string;
  sites: number;
  products: number;
  /** Incidents recomputed, each twice. */
  sample: number;
  /** The first recompute of the run: builds the organization's index (not in the spreads). */
  firstWithIndexMs: number;
  /** Each incident's first recompute: its exposures written, then its priority and value. */
  first: Spread;
  /** The same incident again after a change of severity: exposures kept, impact recomputed. */
  again: Spread;
  /** Sites and shipments an incident reached, median over the sample. */
  reachedMedian: number;
};

const spread = (times: readonly number[]): Spread => {
  const sorted = times.toSorted((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};

/**
 * One incident's recompute (`measureRecompute`) on each store, with the value model in the
 * data: sites near the lanes' ports and products whose bills of materials name them.
 */
export async function benchRecompute(options: BenchOptions): Promise<RecomputeFigures[]> {
  const valueModel = options.quick
    ? { sites: 1_000, products: 200 }
    : { sites: 10_000, products: 2_000 };
  const sample = options.quick ? 20 : 100;
  const targets = [
    { name: 'the embedded database (PGlite)', url: undefined },
    ...(options.postgresUrl ? [{ name: 'PostgreSQL', url: options.postgresUrl }] : []),
  ];
  const results: RecomputeFigures[] = [];
  for (const target of targets) {
    log.info({ store: target.name, ...valueModel }, 'recompute: seeding');
    const store = await seedStore(options.size, target.url, valueModel);
    const database = await openStore(store);
    try {
      const [organization] = await database.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.slug, 'bench-freight'));
      if (!organization) throw new Error('the bench organization is missing');
      const times = await measureRecompute(database.db, organization.id, sample, (done, total) => {
        if (done % 10 === 0) log.info({ done, total }, 'recompute');
      });
      results.push({
        store: target.name,
        ...valueModel,
        sample: times.first.length,
        firstWithIndexMs: times.firstWithIndexMs,
        first: spread(times.first),
        again: spread(times.again),
        reachedMedian: spread(times.reached).p50,
      });
    } finally {
      await database.close();
    }
  }
  return results;
}
