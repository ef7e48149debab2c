import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { z } from 'zod';
import { jobs } from '../db/schema.js';
import { type TestServer, startTestServer } from '../test/test-server.js';
import { JOB_LEASE_MS, backoffMs, jobQueue } from './queue.js';
import { EXPOSURE_JOBS } from '../modules/exposure/exposure.jobs.js';
import { jobHandlers } from './registry.js';
import { JobWorker } from './worker.js';

let server: TestServer;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
});
afterAll(() => server.close());
// Each test sees only its own jobs.
beforeEach(async () => {
  await server.database.db.delete(jobs);
});

describe('the job queue', () => {
  it('keeps one pending job per kind and key, however often it is asked for', async () => {
    const { db } = server.database;
    await jobQueue.enqueue(db, 'test.once', 'k1', { n: 1 });
    await jobQueue.enqueue(db, 'test.once', 'k1', { n: 2 });
    const rows = await db.select().from(jobs).where(eq(jobs.kind, 'test.once'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toEqual({ n: 2 });
  });

  it('gives a due job to exactly one of several claimers at once', async () => {
    const { db } = server.database;
    await jobQueue.enqueue(db, 'test.race', 'only');
    const claims = await Promise.all(Array.from({ length: 6 }, () => jobQueue.claim(db)));
    expect(claims.filter((job) => job?.kind === 'test.race')).toHaveLength(1);
  });

  it('runs a job once, retries a failure later with a growing delay, and keeps what went wrong', async () => {
    const { db } = server.database;
    let calls = 0;
    const worker = new JobWorker(
      db,
      {
        'test.flaky': async () => {
          calls += 1;
          if (calls === 1) throw new Error('feed unreachable');
        },
      },
      silent,
    );
    await jobQueue.enqueue(db, 'test.flaky', 'a');
    await worker.runDue();
    const [failed] = await db.select().from(jobs).where(eq(jobs.kind, 'test.flaky'));
    expect(failed?.lastError).toBe('feed unreachable');
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 500);
    expect(worker.health.get('test.flaky')).toMatchObject({ failures: 1, runs: 0 });
    // Once due again it runs and is gone.
    await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, 'test.flaky'));
    await worker.runDue();
    expect(await db.select().from(jobs).where(eq(jobs.kind, 'test.flaky'))).toEqual([]);
    expect(calls).toBe(2);
    expect(backoffMs(1)).toBe(1000);
    expect(backoffMs(5)).toBe(16_000);
    expect(backoffMs(50)).toBe(600_000);
  });

  it('runs again when the job is asked for while it runs', async () => {
    const { db } = server.database;
    let calls = 0;
    const worker = new JobWorker(
      db,
      {
        'test.again': async () => {
          calls += 1;
          if (calls === 1) await jobQueue.enqueue(db, 'test.again', 'x');
        },
      },
      silent,
    );
    await jobQueue.enqueue(db, 'test.again', 'x');
    await worker.runDue();
    expect(calls).toBe(2);
    expect(await db.select().from(jobs).where(eq(jobs.kind, 'test.again'))).toEqual([]);
  });

  it('gives a job cut off by a crash to another worker once its lease runs out', async () => {
    const { db } = server.database;
    await jobQueue.enqueue(db, 'test.crash', 'c');
    const taken = await jobQueue.claim(db);
    expect(taken?.kind).toBe('test.crash');
    // The instance dies here: nothing completes or fails the job.
    expect(await jobQueue.claim(db)).toBeUndefined();
    const afterLease = new Date(Date.now() + JOB_LEASE_MS + 1000);
    expect((await jobQueue.claim(db, afterLease))?.kind).toBe('test.crash');
  });
});

describe('the job registry', () => {
  const definition = (seen: string[]) => ({
    [EXPOSURE_JOBS.incident]: {
      payload: z.object({ incidentId: z.string().min(1) }),
      run: async ({ incidentId }: { incidentId: string }) => void seen.push(incidentId),
    },
  });

  it("hands a handler its kind's payload, and fails a malformed one with the reason", async () => {
    const { db } = server.database;
    const seen: string[] = [];
    const worker = new JobWorker(db, jobHandlers(definition(seen)), silent);
    await jobQueue.enqueue(db, EXPOSURE_JOBS.incident, 'good', { incidentId: 'i-1' });
    await jobQueue.enqueue(db, EXPOSURE_JOBS.incident, 'bad', { incident: 'i-2' });
    await worker.runDue();
    expect(seen).toEqual(['i-1']);
    const [failed] = await db.select().from(jobs).where(eq(jobs.key, 'bad'));
    expect(failed?.lastError).toMatch(
      /^job payload of exposure\.incident is malformed: .*incidentId/s,
    );
  });

  it('refuses a kind defined twice', () => {
    expect(() => jobHandlers(definition([]), definition([]))).toThrow(
      'job kind exposure.incident is defined twice',
    );
  });
});
