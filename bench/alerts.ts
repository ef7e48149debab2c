import { type AlertBenchResult, benchAlertDelivery } from '../apps/server/src/test/alert-bench.js';
import { log } from './log.js';
import type { BenchOptions } from './options.js';

/** Alerts fanned out to an organization's members and delivered from the outbox, on each database. */
export async function benchAlerts(options: BenchOptions): Promise<AlertBenchResult[]> {
  const alerts = options.quick ? 20 : 200;
  const members = options.quick ? 10 : 50;
  const results: AlertBenchResult[] = [];
  for (const postgresUrl of [undefined, options.postgresUrl].filter(
    (url, i) => i === 0 || url !== undefined,
  )) {
    log.info({ alerts, members, store: postgresUrl ? 'PostgreSQL' : 'PGlite' }, 'alert delivery');
    results.push(await benchAlertDelivery(alerts, members, postgresUrl));
  }
  return results;
}
