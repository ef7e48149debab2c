import { type FeedBenchResult, benchFeedIngest } from '../apps/server/src/test/feed-bench.js';
import { log } from './log.js';
import type { BenchOptions } from './options.js';

/** A hazard feed document of many events through the real poll path, on each database. */
export async function benchFeeds(options: BenchOptions): Promise<FeedBenchResult[]> {
  const events = options.quick ? 1_000 : 10_000;
  const results: FeedBenchResult[] = [];
  for (const postgresUrl of [undefined, options.postgresUrl].filter(
    (url, i) => i === 0 || url !== undefined,
  )) {
    log.info({ events, store: postgresUrl ? 'PostgreSQL' : 'PGlite' }, 'feed ingestion');
    results.push(await benchFeedIngest(events, postgresUrl));
  }
  return results;
}
