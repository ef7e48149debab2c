import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { alerts, incidents, planActions, plans } from '../../db/schema.js';
import { AlertRaiser } from '../alerts/raise.js';
import { PlanAlerts } from './plan-alerts.js';
import { plansRepository } from './plans.repository.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { backgroundWork } from '../../jobs/background.js';
import { OverdueActions } from './plans.overdue.js';

/**
 * The overdue scanner on several instances and through a crash: every overdue action is
 * alerted exactly once, whichever scanner finds it, and a scan that dies before it commits
 * leaves its actions to the next one.
 */
const silent = pino({ level: 'silent' });
let server: TestServer;
let planId: string;
let organizationId: string;
let assigneeId: string;

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  const org = await server.createOrganization('Overdue Works');
  organizationId = org.id;
  const user = await server.createUser({
    organizationId,
    email: 'ops@overdue.example',
    adminRole: 'MANAGER',
  });
  assigneeId = user.id;
  const { db } = server.database;
  const [incident] = await db
    .insert(incidents)
    .values({ organizationId, title: 'Canal closure', severity: 'HIGH' })
    .returning({ id: incidents.id });
  const [plan] = await db
    .insert(plans)
    .values({ organizationId, incidentId: incident!.id, name: 'Reroute', ownerId: assigneeId })
    .returning({ id: plans.id });
  planId = plan!.id;
});
afterAll(() => server.close());

const scannerOn = (db: Database) =>
  new OverdueActions(
    db,
    new PlanAlerts(new AlertRaiser(backgroundWork(server.app.jobWorker))),
    () => undefined,
    silent,
  );

/** `count` actions of the plan, all due an hour ago; answers their ids. */
async function overdueActions(count: number, prefix: string): Promise<string[]> {
  const dueAt = new Date(Date.now() - 3_600_000);
  const rows = await server.database.db
    .insert(planActions)
    .values(
      Array.from({ length: count }, (_, index) => ({
        planId,
        organizationId,
        position: index,
        title: `${prefix} ${index}`,
        assigneeId,
        dueAt,
      })),
    )
    .returning({ id: planActions.id });
  return rows.map((row) => row.id);
}

const alertedTimes = async (prefix: string) =>
  (
    await server.database.db
      .select({ line: alerts.line })
      .from(alerts)
      .where(and(eq(alerts.organizationId, organizationId), eq(alerts.kind, 'ACTION_OVERDUE')))
  ).filter((row) => row.line.startsWith(`“${prefix} `)).length;

describe('the overdue scanner', () => {
  it('alerts each overdue action once, with three scanners at work at the same time', async () => {
    // More than one batch (100), so the scanners meet in the middle of each other's work.
    await overdueActions(250, 'Race');
    // On PostgreSQL each scanner has its own connection, as separate instances would.
    const extra = server.databaseUrl
      ? await Promise.all(
          [1, 2].map(() => openDatabase({ kind: 'postgres', url: server.databaseUrl! })),
        )
      : [];
    try {
      const databases = [server.database.db, ...extra.map((handle) => handle.db)];
      while (databases.length < 3) databases.push(server.database.db);
      const found = await Promise.all(databases.map((db) => scannerOn(db).runDue()));
      expect(found.reduce((sum, n) => sum + n, 0)).toBe(250);
      expect(await alertedTimes('Race')).toBe(250);
      // Nothing is left to find, and nothing is alerted again.
      expect(await scannerOn(server.database.db).runDue()).toBe(0);
      expect(await alertedTimes('Race')).toBe(250);
    } finally {
      await Promise.all(extra.map((handle) => handle.close()));
    }
  });

  it('leaves the actions of a scan that died before committing to the next scan', async () => {
    const ids = await overdueActions(5, 'Crash');
    // A scan claims them, then dies: its transaction is rolled back.
    await expect(
      server.database.db.transaction(async (tx) => {
        const claimed = await plansRepository.claimOverdue(tx, new Date(), 100);
        expect(claimed.map((row) => row.action.id)).toEqual(expect.arrayContaining(ids));
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    const rows = await server.database.db
      .select({ alertedAt: planActions.overdueAlertedAt })
      .from(planActions)
      .where(inArray(planActions.id, ids));
    expect(rows.every((row) => row.alertedAt === null)).toBe(true);
    expect(await scannerOn(server.database.db).runDue()).toBe(5);
    expect(await alertedTimes('Crash')).toBe(5);
  });

  it.runIf(process.env.MERIDIAN_TEST_DB === 'postgres')(
    'skips actions another instance holds, and takes them when that instance is gone',
    async () => {
      const ids = await overdueActions(4, 'Held');
      const holder = await openDatabase({ kind: 'postgres', url: server.databaseUrl! });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let claimed!: () => void;
      const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
      // The other instance claims the actions and stops answering mid-transaction.
      const held = holder.db
        .transaction(async (tx) => {
          await plansRepository.claimOverdue(tx, new Date(), 100);
          claimed();
          await released;
          throw new Error('instance lost');
        })
        .catch(() => undefined);
      await hasClaimed;
      expect(await scannerOn(server.database.db).runDue()).toBe(0);
      // It ends without committing: PostgreSQL rolls its claim back, and the next scan finds them.
      release();
      await held;
      await holder.close();
      expect(await scannerOn(server.database.db).runDue()).toBe(ids.length);
      expect(await alertedTimes('Held')).toBe(4);
    },
  );
});
