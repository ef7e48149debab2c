import { eq, sql } from 'drizzle-orm';
import type { IncidentExposureResponse, IncidentResponse } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKS, tryLockFor } from '../../db/advisory-lock.js';
import { openDatabase } from '../../db/client.js';
import { alerts, incidents, jobs, shipments, sites } from '../../db/schema.js';
import { backgroundWork } from '../../jobs/background.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { ExposureClock } from './exposure.clock.js';
import { exposureRepository } from './exposure.repository.js';

/**
 * Exposure that follows the clock: an incident's end and a shipment's ETA change what is exposed
 * with no write to start a recompute. The clock's passes are run by hand here (workers off), the
 * passing of time played by moving those times into the past; the last test lets real time run.
 */
const ROTTERDAM = { lat: 51.92, lng: 4.48 };
const HOUR = 3600_000;

async function world(env: Record<string, string>) {
  const server = await startTestServer(env);
  const organizationId = (await server.createOrganization(`Clock ${Math.random()}`)).id;
  const email = `m-${organizationId.slice(0, 8)}@clock.example`;
  await server.createUser({ organizationId, email, adminRole: 'MANAGER' });
  const token = (await server.login(email)).accessToken;
  await server.database.db.insert(sites).values({
    organizationId,
    name: 'Depot Rotterdam',
    lat: 51.95,
    lng: 4.5,
  });
  return { server, organizationId, token };
}

/** The states of what an incident reaches, of one kind, as the API lists them. */
async function statesOf(
  server: TestServer,
  token: string,
  id: string,
  kind: 'sites' | 'shipments',
): Promise<string> {
  const response = await server.request<IncidentExposureResponse>(
    'GET',
    `/api/incidents/${id}/exposure?include=cleared`,
    { token },
  );
  return response.body.data[kind].map((item) => item.state).join();
}

describe('the exposure clock', () => {
  let server: TestServer;
  let organizationId: string;
  let token: string;
  let clock: ExposureClock;
  const runJobs = () => server.app.jobWorker.runDue();

  beforeAll(async () => {
    ({ server, organizationId, token } = await world({ WORKERS: '0' }));
    clock = server.app.exposureClock;
    // Far west, heading east through Rotterdam to Germany: exposed by its route.
    await server.database.db.insert(shipments).values({
      id: 'S-LANE',
      organizationId,
      reference: 'LANE',
      mode: 'SEA',
      origin: 'A',
      destination: 'B',
      eta: new Date(Date.now() + HOUR),
      lat: 51.92,
      lng: 1.0,
      originLat: 51.92,
      originLng: 0,
      destinationLat: 51.92,
      destinationLng: 8.0,
    });
  });
  afterAll(() => server.close());

  const exposureOf = async (id: string) => {
    const response = await server.request<IncidentExposureResponse>(
      'GET',
      `/api/incidents/${id}/exposure?include=cleared`,
      { token },
    );
    return [
      ...response.body.data.sites.map((item) => `${item.site.name}: ${item.state}`),
      ...response.body.data.shipments.map((item) => `${item.shipment.id}: ${item.state}`),
    ];
  };
  const exposedEvents = async () => {
    const response = await server.request<{ data: { id: string }[] }>(
      'GET',
      '/api/atlas/events?scope=ORG&limit=500&exposed=true',
      { token },
    );
    return response.body.data.map((incident) => incident.id);
  };
  /**
   * As if time had run on: a moment that was ahead is now behind, and no recompute was asked for.
   * (`updatedAt` moves as with any write to the row, so the engine's cached index sees the ETA.)
   */
  const timePasses = async (table: typeof incidents | typeof shipments, id: string) => {
    const { db } = server.database;
    const past = sql`now() - interval '1 second'`;
    if (table === incidents) {
      await db
        .update(incidents)
        .set({ endsAt: past, updatedAt: new Date() })
        .where(eq(incidents.id, id));
    } else {
      await db
        .update(shipments)
        .set({ eta: past, updatedAt: new Date() })
        .where(eq(shipments.id, id));
    }
  };

  it("ends a shipment's route exposure when its ETA passes, and a site's when the incident ends", async () => {
    const endsAt = new Date(Date.now() + 2 * HOUR);
    const created = await server.request<IncidentResponse>('POST', '/api/incidents', {
      token,
      body: {
        title: 'Port strike',
        severity: 'HIGH',
        type: 'STRIKE',
        location: ROTTERDAM,
        affectedRadiusKm: 20,
        endsAt: endsAt.toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.incident.id;
    await runJobs();
    expect(await exposureOf(id)).toEqual(['Depot Rotterdam: NEW', 'S-LANE: NEW']);
    // Nothing has changed by itself yet; the next moment is the shipment's ETA.
    expect(await clock.runDue()).toBe(0);
    const next = await exposureRepository.nextMoment(server.database.db, new Date());
    expect(next?.getTime()).toBeLessThan(endsAt.getTime());
    expect(next?.getTime()).toBeGreaterThan(Date.now());

    await timePasses(shipments, 'S-LANE');
    expect(await clock.runDue()).toBe(1);
    // Found again before its recompute ran: already queued, left as it is (not queued twice).
    expect(await clock.runDue()).toBe(0);
    await runJobs();
    // The depot is still in reach: NEW, or ONGOING when a minute's step began meanwhile and the
    // clock moved the shipment on (a second recompute of the incident).
    expect(await exposureOf(id)).toEqual([
      expect.stringMatching(/^Depot Rotterdam: (NEW|ONGOING)$/),
      'S-LANE: CLEARED',
    ]);
    expect((await exposureRepository.nextMoment(server.database.db, new Date()))?.getTime()).toBe(
      endsAt.getTime(),
    );

    await timePasses(incidents, id);
    expect(await clock.runDue()).toBe(1);
    await runJobs();
    expect(await exposureOf(id)).toEqual(['Depot Rotterdam: CLEARED', 'S-LANE: CLEARED']);
    expect(await exposedEvents()).not.toContain(id);
    // Alerted of the exposure, then all clear once nothing is exposed (not at the ETA: the
    // depot still was).
    const raised = await server.database.db
      .select({ kind: alerts.kind, line: alerts.line })
      .from(alerts)
      .where(eq(alerts.incidentId, id))
      .orderBy(alerts.createdAt);
    expect(raised.filter((row) => row.kind.startsWith('EXPOSURE_'))).toEqual([
      { kind: 'EXPOSURE_NEW', line: 'Now exposed: 1 site (Depot Rotterdam); 1 shipment (LANE)' },
      {
        kind: 'EXPOSURE_CLEARED',
        line: 'No longer exposed (the event is over): 1 site (Depot Rotterdam)',
      },
    ]);
    const summary = await server.request<{ data: { incidents: { incidentId: string }[] } }>(
      'GET',
      '/api/exposure/summary?scope=ORG',
      { token },
    );
    expect(summary.body.data.incidents.map((row) => row.incidentId)).not.toContain(id);
    // Done: nothing left to find, and no moment ahead.
    expect(await clock.runDue()).toBe(0);
    expect(await exposureRepository.nextMoment(server.database.db, new Date())).toBeNull();
  });

  it('moves a shipment on its way along its route: in the area by its position, then past it', async () => {
    // From the Channel (0°E) to Germany (8°E) along 51.92°N in an hour: half way now, ~4°E,
    // ~33 km west of Rotterdam; its given position (0°E) is 300 km away.
    const { db } = server.database;
    const departed = new Date(Date.now() - HOUR / 2);
    await db.insert(shipments).values({
      id: 'S-MOVER',
      organizationId,
      reference: 'MOVER',
      mode: 'SEA',
      origin: 'Channel',
      destination: 'Germany',
      lat: 51.92,
      lng: 0,
      positionAt: departed,
      departureAt: departed,
      eta: new Date(departed.getTime() + HOUR),
      originLat: 51.92,
      originLng: 0,
      destinationLat: 51.92,
      destinationLng: 8.0,
    });
    const created = await server.request<IncidentResponse>('POST', '/api/incidents', {
      token,
      body: {
        title: 'Storm surge',
        severity: 'HIGH',
        type: 'WEATHER',
        location: ROTTERDAM,
        affectedRadiusKm: 60,
      },
    });
    const id = created.body.data.incident.id;
    await runJobs();
    const mover = async () => {
      const response = await server.request<IncidentExposureResponse>(
        'GET',
        `/api/incidents/${id}/exposure?include=cleared`,
        { token },
      );
      const item = response.body.data.shipments.find((row) => row.shipment.id === 'S-MOVER');
      return item && `${item.via} ${item.state} ${Math.round(item.distanceKm / 10) * 10} km`;
    };
    // There by where it is estimated to be, not by its route from where it was given.
    expect(await mover()).toMatch(/^POSITION NEW [34]0 km$/);

    // The clock asks for this incident again at the start of the next step, once.
    expect(await clock.runDue()).toBe(0);
    expect(await clock.runDue()).toBe(0);
    const moved = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.key} like ${`${id}@%`}`);
    expect(moved).toHaveLength(1);
    const step = 60_000;
    expect(moved[0]?.runAt.getTime()).toBe((Math.floor(Date.now() / step) + 1) * step);

    // Twenty-five minutes on (its times moved back as the clock would have run on) it is near
    // 7.3°E, beyond the area, and nothing of its route ahead crosses it.
    const earlier = sql`- interval '25 minutes'`;
    await db
      .update(shipments)
      .set({
        positionAt: sql`${shipments.positionAt} ${earlier}`,
        departureAt: sql`${shipments.departureAt} ${earlier}`,
        eta: sql`${shipments.eta} ${earlier}`,
        updatedAt: new Date(),
      })
      .where(eq(shipments.id, 'S-MOVER'));
    // The next step has come.
    await db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.id, moved[0]?.id ?? -1));
    await runJobs();
    expect(await mover()).toMatch(/^POSITION CLEARED/);
    // The depot still is: no all clear.
    const raised = await db
      .select({ kind: alerts.kind })
      .from(alerts)
      .where(eq(alerts.incidentId, id));
    expect(raised.map((row) => row.kind)).not.toContain('EXPOSURE_CLEARED');
    // No longer exposed, so nothing to move for: no job for the next step.
    expect(await clock.runDue()).toBe(0);
    const left = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.key} like ${`${id}@%`}`);
    expect(left).toHaveLength(0);
  });

  it.runIf(process.env.MERIDIAN_TEST_DB === 'postgres')(
    'passes on one instance at a time: another skips while one holds the clock',
    async () => {
      const created = await server.request<IncidentResponse>('POST', '/api/incidents', {
        token,
        body: { title: 'Flood', severity: 'LOW', location: ROTTERDAM, affectedRadiusKm: 20 },
      });
      const id = created.body.data.incident.id;
      await runJobs();
      await timePasses(incidents, id);
      const other = await openDatabase({ kind: 'postgres', url: server.databaseUrl! });
      try {
        const otherClock = new ExposureClock(
          other.db,
          backgroundWork(null),
          server.app.log,
          60_000,
        );
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let held!: () => void;
        const holding = new Promise<void>((resolve) => (held = resolve));
        // This instance is in the middle of a pass.
        const pass = server.database.db.transaction(async (tx) => {
          expect(await tryLockFor(tx, LOCKS.exposureClock, 'clock')).toBe(true);
          held();
          await released;
        });
        await holding;
        expect(await otherClock.runDue()).toBe(0);
        release();
        await pass;
        expect(await otherClock.runDue()).toBe(1);
        const queued = await server.database.db.select().from(jobs).where(eq(jobs.key, id));
        expect(queued).toHaveLength(1);
        await runJobs();
        expect(await exposureOf(id)).toEqual(['Depot Rotterdam: CLEARED']);
      } finally {
        await other.close();
      }
    },
  );
});

describe('the exposure clock in real time', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // The longest sleep is a minute: clearing within seconds means it woke at the moment itself.
    ({ server, token } = await world({ EXPOSURE_CLOCK_SECONDS: '60' }));
  });
  afterAll(() => server.close());

  it('clears what an incident reached within seconds of its end, with no write', async () => {
    const created = await server.request<IncidentResponse>('POST', '/api/incidents', {
      token,
      body: {
        title: 'Short closure',
        severity: 'HIGH',
        location: ROTTERDAM,
        affectedRadiusKm: 20,
        endsAt: new Date(Date.now() + 4_000).toISOString(),
      },
    });
    const id = created.body.data.incident.id;
    const state = () => statesOf(server, token, id, 'sites');
    await expect.poll(state, { timeout: 4_000, interval: 200 }).toBe('NEW');
    const started = Date.now();
    await expect.poll(state, { timeout: 15_000, interval: 250 }).toBe('CLEARED');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('a moving shipment in real time', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // Steps of two seconds: positions move on and the clock looks again every two seconds.
    ({ server, token } = await world({ EXPOSURE_CLOCK_SECONDS: '2' }));
  });
  afterAll(() => server.close());

  it('is no longer exposed once it has passed the area, long before its ETA', async () => {
    // 275 km east along 51.92°N in 40 s: through Rotterdam's 20 km (4.2°E–4.8°E) by ~8 s.
    const departureAt = new Date();
    const eta = new Date(departureAt.getTime() + 40_000);
    const shipment = await server.request<{ data: { shipment: { id: string } } }>(
      'POST',
      '/api/shipments',
      {
        token,
        body: {
          reference: 'FAST',
          mode: 'SEA',
          origin: { name: 'West', lat: 51.92, lng: 4.0 },
          destination: { name: 'East', lat: 51.92, lng: 8.0 },
          departureAt: departureAt.toISOString(),
          eta: eta.toISOString(),
        },
      },
    );
    expect(shipment.status).toBe(201);
    const created = await server.request<IncidentResponse>('POST', '/api/incidents', {
      token,
      body: { title: 'Lock closed', severity: 'HIGH', location: ROTTERDAM, affectedRadiusKm: 20 },
    });
    const id = created.body.data.incident.id;
    const state = () => statesOf(server, token, id, 'shipments');
    await expect.poll(state, { timeout: 6_000, interval: 200 }).toMatch(/NEW|ONGOING/);
    await expect.poll(state, { timeout: 20_000, interval: 250 }).toBe('CLEARED');
    // Cleared by moving past, not by its ETA.
    expect(eta.getTime() - Date.now()).toBeGreaterThan(10_000);
  });
});
