import { and, eq, ne, sql } from 'drizzle-orm';
import type { Severity } from '@meridian/contracts';
import type { Database } from '../db/client.js';
import { incidents } from '../db/schema.js';
import { ExposureEngine } from '../modules/exposure/exposure.engine.js';

const SEVERITIES: readonly Severity[] = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];

export type RecomputeTimes = {
  /** The first recompute of the run: builds the organization's index. */
  firstWithIndexMs: number;
  /** Each sampled incident's first recompute (ms). */
  first: number[];
  /** The same incident again after a change of its severity (ms). */
  again: number[];
  /** The sites and shipments each reached. */
  reached: number[];
};

/**
 * One incident's recompute as the `exposure.incident` job runs it, timed in this process against
 * the database, as `npm run bench` reports it: `sample` open incidents of the organization (in
 * an order unrelated to the data's, the same on every store; their ids are not, the database
 * draws them), each recomputed once (its exposures written, then its value at risk and
 * priority), then again after its severity changes (the exposures stay; value at risk and
 * priority are recomputed), the change a manager's edit or a feed's update makes.
 */
export async function measureRecompute(
  db: Database,
  organizationId: string,
  sample: number,
  progress: (done: number, total: number) => void = () => undefined,
): Promise<RecomputeTimes> {
  const picked = await db
    .select({ id: incidents.id, severity: incidents.severity })
    .from(incidents)
    .where(and(eq(incidents.organizationId, organizationId), ne(incidents.status, 'RESOLVED')))
    .orderBy(sql`md5(${incidents.title} || extract(epoch from ${incidents.startsAt})::text)`)
    .limit(sample + 1);
  const engine = new ExposureEngine(db);
  const [warmUp, ...measured] = picked;
  if (!warmUp) throw new Error('the data has no open incident');
  let started = performance.now();
  await engine.recomputeIncident(warmUp.id);
  const times: RecomputeTimes = {
    firstWithIndexMs: performance.now() - started,
    first: [],
    again: [],
    reached: [],
  };
  for (const [index, incident] of measured.entries()) {
    started = performance.now();
    times.reached.push(await engine.recomputeIncident(incident.id));
    times.first.push(performance.now() - started);
    const severity = SEVERITIES[(SEVERITIES.indexOf(incident.severity) + 1) % 4] ?? 'LOW';
    await db
      .update(incidents)
      .set({ severity, updatedAt: new Date() })
      .where(eq(incidents.id, incident.id));
    started = performance.now();
    await engine.recomputeIncident(incident.id);
    times.again.push(performance.now() - started);
    progress(index + 1, measured.length);
  }
  return times;
}
