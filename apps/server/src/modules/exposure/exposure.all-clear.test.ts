import { and, eq, sql } from 'drizzle-orm';
import type { IncidentResponse } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKS, lockFor } from '../../db/advisory-lock.js';
import { alerts, exposures, sites } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { allClearLockKey } from './exposure-alerts.js';

/**
 * The all clear when two transactions clear an incident's last two exposures at once. Only
 * PostgreSQL runs transactions side by side (the embedded database has one connection).
 */
describe.runIf(process.env.MERIDIAN_TEST_DB === 'postgres')(
  'the all clear under concurrency',
  () => {
    let server: TestServer;
    let organizationId: string;
    let token: string;
    const site: Record<'a' | 'b', string> = { a: '', b: '' };

    beforeAll(async () => {
      server = await startTestServer({ WORKERS: '0' });
      organizationId = (await server.createOrganization('All Clear Freight')).id;
      await server.createUser({
        organizationId,
        email: 'm@allclear.example',
        adminRole: 'MANAGER',
      });
      token = (await server.login('m@allclear.example')).accessToken;
      for (const [key, name] of [
        ['a', 'Quay A'],
        ['b', 'Quay B'],
      ] as const) {
        const [row] = await server.database.db
          .insert(sites)
          .values({ organizationId, name, lat: 51.95, lng: 4.5 })
          .returning({ id: sites.id });
        site[key] = row!.id;
      }
    });
    afterAll(() => server.close());

    it('is sent once when another transaction clears the other last exposure meanwhile', async () => {
      const created = await server.request<IncidentResponse>('POST', '/api/incidents', {
        token,
        body: { title: 'Harbour fire', severity: 'HIGH', location: { lat: 51.92, lng: 4.48 } },
      });
      const incidentId = created.body.data.incident.id;
      await server.app.jobWorker.runDue();
      const exposureKinds = async () =>
        (
          await server.database.db
            .select({ kind: alerts.kind })
            .from(alerts)
            .where(eq(alerts.incidentId, incidentId))
        )
          .map((row) => row.kind)
          .filter((kind) => kind.startsWith('EXPOSURE_'))
          .sort();
      expect(await exposureKinds()).toEqual(['EXPOSURE_NEW']);

      // Quay B moves far away, which queues its recompute; quay A's is cleared below.
      const moved = await server.request('PATCH', `/api/sites/${site.b}`, {
        token,
        body: { location: { lat: -33.9, lng: 18.4 } },
      });
      expect(moved.status).toBe(200);
      const db = server.database.db;

      // Another transaction has cleared quay A's exposure and is deciding on the all clear.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const other = db.transaction(async (tx) => {
        await tx
          .update(exposures)
          .set({ state: 'CLEARED', lastChangedAt: new Date() })
          .where(and(eq(exposures.incidentId, incidentId), eq(exposures.targetId, site.a)));
        await lockFor(tx, LOCKS.exposure, allClearLockKey(incidentId, organizationId));
        holding();
        await released;
      });
      await held;
      const recompute = server.app.jobWorker.runDue();
      try {
        // Quay B's recompute waits for the decision in progress, then counts what it committed.
        await expect
          .poll(
            async () => {
              const waiting = await db.execute<{ count: number }>(
                sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and not granted`,
              );
              return (waiting as { rows: { count: number }[] }).rows[0]?.count;
            },
            { timeout: 10_000, interval: 50 },
          )
          .toBe(1);
      } finally {
        release();
        await other;
        await recompute;
      }
      expect(await exposureKinds()).toEqual(['EXPOSURE_CLEARED', 'EXPOSURE_NEW']);
    });
  },
);
