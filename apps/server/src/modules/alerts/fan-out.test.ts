import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@meridian/contracts';
import {
  alerts,
  inboxEntries,
  incidents,
  jobs,
  notifications,
  sites,
  userSettings,
} from '../../db/schema.js';
import { backgroundWork } from '../../jobs/background.js';
import { Mailer } from '../../lib/mailer.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { ExposureEngine } from '../exposure/exposure.engine.js';
import { alertsRepository } from './alerts.repository.js';
import { buildChannels } from './channels.js';
import { AlertFanOut } from './fan-out.js';
import { AlertRaiser } from './raise.js';

/**
 * The fan-out's rules with a clock the test moves: at most one message per incident and
 * recipient per window, later changes folded into one digest; each alert fanned out once; the
 * exposure engine raising alerts only for what changed. Background workers are off: the test
 * runs each step itself.
 */
let server: TestServer;
let organizationId = '';
let memberId = '';
let incidentId = '';
let clock = new Date('2026-11-24T08:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.parse('2026-11-24T08:00:00Z') + minutes * MINUTE);

let fanOut: AlertFanOut;

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  organizationId = (await server.createOrganization('Digest Co')).id;
  memberId = (
    await server.createUser({ organizationId, email: 'member@digest.example', adminRole: 'VIEWER' })
  ).id;
  const [incident] = await server.database.db
    .insert(incidents)
    .values({ organizationId, title: 'Canal blocked', severity: 'MEDIUM', lat: 30, lng: 32.5 })
    .returning();
  incidentId = incident?.id ?? '';
  const channels = buildChannels(
    { allowPrivateUrls: false, timeoutMs: 1000, sms: null },
    new Mailer({ smtpUrl: undefined, from: 'alerts@digest.example' }, server.app.log),
  );
  fanOut = new AlertFanOut(
    server.database.db,
    backgroundWork(null),
    channels,
    () => undefined,
    15 * MINUTE,
    () => clock,
  );
});
afterAll(() => server.close());

const raise = async (line: string, severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL' = 'MEDIUM') => {
  const row = await alertsRepository.insert(server.database.db, {
    organizationId,
    incidentId,
    // A critical site newly exposed: it reaches the channels whatever the priority.
    kind: 'EXPOSURE_NEW',
    urgent: true,
    severity,
    title: 'Canal blocked',
    line,
    link: `/admin/events/${incidentId}`,
  });
  return row.id;
};
const mine = () =>
  server.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, memberId))
    .orderBy(notifications.createdAt);

describe('digest window', () => {
  it('sends the first change at once and folds later ones into one digest sent when the window ends', async () => {
    clock = at(0);
    await fanOut.fanOut(await raise('Open → In progress'));
    let rows = await mine();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'New exposure: Canal blocked',
      sentAt: at(0),
    });

    clock = at(1);
    await fanOut.fanOut(await raise('Severity raised', 'HIGH'));
    clock = at(2);
    await fanOut.fanOut(await raise('Note added'));
    rows = await mine();
    expect(rows).toHaveLength(2);
    const digest = rows.find((row) => row.sentAt === null);
    expect(digest).toMatchObject({
      lines: ['Severity raised', 'Note added'],
      severity: 'HIGH',
      sendAfter: at(15),
    });
    // Its job waits for the window's end.
    const [job] = await server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'alerts.digest'), eq(jobs.key, digest?.id ?? '')));
    expect(job?.runAt).toEqual(at(15));

    clock = at(15);
    await fanOut.sendDigest(digest?.id ?? '');
    const sent = (await mine()).find((row) => row.id === digest?.id);
    expect(sent).toMatchObject({ title: '2 updates: Canal blocked', sentAt: at(15) });
    // Sending again (a job run twice) changes nothing.
    clock = at(16);
    await fanOut.sendDigest(digest?.id ?? '');
    expect((await mine()).find((row) => row.id === digest?.id)?.sentAt).toEqual(at(15));
  });

  it('counts the window from the digest: a change right after it waits again', async () => {
    clock = at(16);
    await fanOut.fanOut(await raise('Resolved by someone'));
    const pending = (await mine()).filter((row) => row.sentAt === null);
    expect(pending).toHaveLength(1);
    expect(pending[0]?.sendAfter).toEqual(at(30));
  });

  it('sends at once when the last message is older than the window', async () => {
    clock = at(31);
    await fanOut.sendDigest((await mine()).find((row) => row.sentAt === null)?.id ?? '');
    clock = at(60);
    await fanOut.fanOut(await raise('Reopened'));
    const rows = await mine();
    expect(rows.filter((row) => row.sentAt === null)).toHaveLength(0);
    expect(rows.at(-1)).toMatchObject({ lines: ['Reopened'], sentAt: at(60) });
  });

  it('sends one message when alerts of one incident are fanned out at the same time', async () => {
    clock = at(200);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await raise(`Change ${i} at once`));
    await Promise.all(ids.map((id) => fanOut.fanOut(id)));
    const rows = (await mine()).filter((row) => row.alertIds.some((id) => ids.includes(id)));
    expect(rows.filter((row) => row.sentAt !== null)).toHaveLength(1);
    expect(rows.filter((row) => row.sentAt === null)).toHaveLength(1);
    expect(rows.flatMap((row) => row.lines)).toHaveLength(6);
  });

  it('sends what is assigned to someone or overdue for them at once, beside a waiting digest', async () => {
    clock = at(205);
    const waiting = (await mine()).filter((row) => row.sentAt === null);
    expect(waiting).toHaveLength(1);
    for (const [kind, line, title] of [
      [
        'ACTION_ASSIGNED',
        '“Call the carrier” (Canal plan) assigned to you',
        'Action assigned to you: Canal blocked',
      ],
      [
        'ACTION_OVERDUE',
        '“Call the carrier” (Canal plan) is overdue',
        'Action overdue: Canal blocked',
      ],
    ] as const) {
      const alert = await alertsRepository.insert(server.database.db, {
        organizationId,
        incidentId,
        kind,
        severity: 'MEDIUM',
        title: 'Canal blocked',
        line,
        link: '/admin/plans',
        targetUserId: memberId,
      });
      await fanOut.fanOut(alert.id);
      const rows = (await mine()).filter((row) => row.alertIds.includes(alert.id));
      expect(rows).toEqual([expect.objectContaining({ title, lines: [line], sentAt: at(205) })]);
    }
    // The digest holds what it held, and still waits for its window.
    expect((await mine()).filter((row) => row.sentAt === null)).toEqual(waiting);
  });

  it('fans each alert out once, however often its job runs', async () => {
    clock = at(120);
    const id = await raise('Once only');
    await fanOut.fanOut(id);
    await fanOut.fanOut(id);
    const rows = (await mine()).filter((row) => row.alertIds.includes(id));
    expect(rows).toHaveLength(1);
    const [alert] = await server.database.db.select().from(alerts).where(eq(alerts.id, id));
    expect(alert?.fannedOutAt).toEqual(at(120));
  });
});

describe('quiet hours and the hourly cap', () => {
  const night = (hour: number, minute = 0) =>
    new Date(Date.UTC(2026, 10, 25, hour, minute) - (hour < 12 ? 0 : 24 * 60 * MINUTE));
  let quietId = '';
  const newIncident = async (title: string) => {
    const [row] = await server.database.db
      .insert(incidents)
      .values({ organizationId, title, severity: 'HIGH', lat: 10, lng: 10 })
      .returning();
    return row?.id ?? '';
  };
  /** An incident reaching P2, the member's alert priority, from below: for their channels. */
  const crossing = async (incident: string, title: string) =>
    (
      await alertsRepository.insert(server.database.db, {
        organizationId,
        incidentId: incident,
        kind: 'EXPOSURE_NEW',
        severity: 'HIGH',
        priority: 'P2',
        title,
        line: 'Now exposed: 1 site (Canal depot)',
        link: `/admin/events/${incident}`,
      })
    ).id;
  const about = async (incident: string) =>
    (await mine()).filter((row) => row.incidentId === incident);

  it('holds what can wait until they end, sends one’s own work at once, and says why', async () => {
    await server.database.db
      .insert(userSettings)
      .values({
        userId: memberId,
        notifications: {
          ...DEFAULT_NOTIFICATION_SETTINGS,
          quietHours: { enabled: true, from: '22:00', to: '07:00', timeZone: 'UTC' },
        },
      })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: {
          notifications: {
            ...DEFAULT_NOTIFICATION_SETTINGS,
            quietHours: { enabled: true, from: '22:00', to: '07:00', timeZone: 'UTC' },
          },
        },
      });
    quietId = await newIncident('Night fire at the depot');
    clock = night(23);
    await fanOut.fanOut(await crossing(quietId, 'Night fire at the depot'));
    const [held] = await about(quietId);
    expect(held).toMatchObject({ sentAt: null, held: 'QUIET', sendAfter: night(7) });
    // The inbox has it at once, all the same.
    const [thread] = await server.database.db
      .select()
      .from(inboxEntries)
      .where(and(eq(inboxEntries.userId, memberId), eq(inboxEntries.incidentId, quietId)));
    expect(thread?.lines).toEqual(['Now exposed: 1 site (Canal depot)']);
    const [job] = await server.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${held?.id}@${night(7).toISOString()}`));
    expect(job?.runAt).toEqual(night(7));

    // Assigned to them: at once, quiet or not.
    clock = night(23, 5);
    const assigned = await alertsRepository.insert(server.database.db, {
      organizationId,
      incidentId: quietId,
      kind: 'ACTION_ASSIGNED',
      severity: 'HIGH',
      title: 'Night fire at the depot',
      line: '“Call the fire brigade” assigned to you',
      targetUserId: memberId,
    });
    await fanOut.fanOut(assigned.id);
    expect(
      (await about(quietId)).find((row) => row.alertIds.includes(assigned.id))?.sentAt,
    ).toEqual(night(23, 5));

    // A job that comes early leaves it; at the end of the quiet hours it goes, saying why.
    clock = night(6);
    await fanOut.sendDigest(held?.id ?? '');
    expect((await about(quietId)).find((row) => row.id === held?.id)?.sentAt).toBeNull();
    clock = night(7);
    await fanOut.sendDigest(held?.id ?? '');
    expect((await about(quietId)).find((row) => row.id === held?.id)).toMatchObject({
      sentAt: night(7),
      lines: ['Now exposed: 1 site (Canal depot)', 'Held for your quiet hours'],
    });
  });

  it('holds what passes the cap of an hour for a digest, with a note, never drops it', async () => {
    await server.database.db
      .update(userSettings)
      .set({ notifications: DEFAULT_NOTIFICATION_SETTINGS })
      .where(eq(userSettings.userId, memberId));
    const start = at(3000);
    clock = start;
    // Whatever reached them in the hour before counts: ten messages now fill it.
    const sentBefore = (await mine()).filter(
      (row) => row.sentAt && row.sentAt > new Date(start.getTime() - 60 * MINUTE),
    ).length;
    expect(sentBefore).toBe(0);
    for (let i = 0; i < 10; i += 1) {
      clock = new Date(start.getTime() + i * MINUTE);
      const incident = await newIncident(`Flood ${i}`);
      await fanOut.fanOut(await crossing(incident, `Flood ${i}`));
      expect((await about(incident))[0]?.sentAt).toEqual(clock);
    }
    clock = new Date(start.getTime() + 20 * MINUTE);
    const eleventh = await newIncident('Flood 10');
    await fanOut.fanOut(await crossing(eleventh, 'Flood 10'));
    const [held] = await about(eleventh);
    expect(held).toMatchObject({
      sentAt: null,
      held: 'CAP',
      sendAfter: new Date(start.getTime() + 60 * MINUTE),
    });
    clock = new Date(start.getTime() + 60 * MINUTE);
    await fanOut.sendDigest(held?.id ?? '');
    expect((await about(eleventh))[0]?.lines).toEqual([
      'Now exposed: 1 site (Canal depot)',
      'Held: more than 10 alerts reached you within an hour',
    ]);
  });
});

describe('exposure alerts', () => {
  it('raises one alert for new exposures, none when a recompute finds nothing new, one when the incident escalates', async () => {
    const db = server.database.db;
    const organization = (await server.createOrganization('Exposure Alerts Co')).id;
    await db.insert(sites).values([
      {
        organizationId: organization,
        name: 'Suez depot',
        kind: 'WAREHOUSE',
        lat: 30.01,
        lng: 32.55,
      },
      {
        organizationId: organization,
        name: 'Port Said yard',
        kind: 'PORT',
        lat: 30.02,
        lng: 32.52,
      },
    ]);
    const [incident] = await db
      .insert(incidents)
      .values({
        organizationId: organization,
        title: 'Canal closure',
        severity: 'MEDIUM',
        lat: 30,
        lng: 32.5,
        affectedRadiusKm: 20,
      })
      .returning();
    const engine = new ExposureEngine(db, new AlertRaiser(backgroundWork(null)));
    const raised = () =>
      db
        .select()
        .from(alerts)
        .where(and(eq(alerts.organizationId, organization), isNull(alerts.actorUserId)));

    await engine.recomputeIncident(incident?.id ?? '');
    let rows = await raised();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'EXPOSURE_NEW',
      line: 'Now exposed: 2 sites (Port Said yard, Suez depot)',
    });

    await engine.recomputeIncident(incident?.id ?? '');
    expect(await raised()).toHaveLength(1);

    await db
      .update(incidents)
      .set({ severity: 'HIGH' })
      .where(eq(incidents.id, incident?.id ?? ''));
    await engine.recomputeIncident(incident?.id ?? '');
    rows = await raised();
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.kind === 'EXPOSURE_ESCALATED')).toMatchObject({
      severity: 'HIGH',
      line: 'Severity raised to HIGH; 2 of your sites and shipments exposed',
    });

    // Lowered and raised back to an alerted level: nothing new to say.
    await db
      .update(incidents)
      .set({ severity: 'MEDIUM' })
      .where(eq(incidents.id, incident?.id ?? ''));
    await engine.recomputeIncident(incident?.id ?? '');
    await db
      .update(incidents)
      .set({ severity: 'HIGH' })
      .where(eq(incidents.id, incident?.id ?? ''));
    await engine.recomputeIncident(incident?.id ?? '');
    expect(await raised()).toHaveLength(2);
  });
});
