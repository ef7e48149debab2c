import { eq } from 'drizzle-orm';
import { alertEndpoints, deliveries, incidents, users } from '../db/schema.js';
import { jobQueue } from '../jobs/queue.js';
import { Mailer } from '../lib/mailer.js';
import { alertsRepository } from '../modules/alerts/alerts.repository.js';
import { buildChannels } from '../modules/alerts/channels.js';
import { ALERT_JOBS } from '../modules/alerts/alerts.jobs.js';
import { startSmtpCapture } from './smtp-server.js';
import { startTestServer } from './test-server.js';
import { startWebhookReceiver } from './webhook-receiver.js';

export type AlertBenchResult = {
  store: string;
  alerts: number;
  members: number;
  /** Notifications written by the fan-out (one per member and alert, one per endpoint). */
  notifications: number;
  fanOutMs: number;
  /** E-mails (to a local SMTP server) and webhook posts, from the outbox. */
  deliveries: number;
  deliveryMs: number;
  /** Baseline in the same run: the same messages sent straight through the channels, 32 at a time. */
  directMs: number;
  /** The first delivery: from the change's commit to the receiver, with workers running. */
  latencyMs: number;
  /** From a request that assigns an incident to a member to their e-mail at the SMTP server. */
  emailLatency: { probes: number; p50Ms: number; p95Ms: number };
};

/** Assignments timed to their e-mail. */
const EMAIL_PROBES = 20;

const setStore = (postgresUrl: string | undefined) => {
  const previous = { db: process.env.MERIDIAN_TEST_DB, url: process.env.TEST_DATABASE_URL };
  process.env.MERIDIAN_TEST_DB = postgresUrl ? 'postgres' : 'pglite';
  if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
  return () => {
    for (const [name, value] of [
      ['MERIDIAN_TEST_DB', previous.db],
      ['TEST_DATABASE_URL', previous.url],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
};

/**
 * `alerts` alerts about as many incidents to an organization of `members` people (all with
 * e-mail on) and one webhook: the fan-out jobs, then the outbox drained to a real local SMTP
 * server and HTTP receiver, on a fresh database (PGlite, or PostgreSQL at `postgresUrl`).
 */
export async function benchAlertDelivery(
  alertCount: number,
  memberCount: number,
  postgresUrl: string | undefined,
): Promise<AlertBenchResult> {
  const smtp = await startSmtpCapture();
  const receiver = await startWebhookReceiver();
  const restore = setStore(postgresUrl);
  const server = await startTestServer({
    WORKERS: '0',
    SMTP_URL: smtp.url,
    ALERTS_ALLOW_PRIVATE_URLS: '1',
  });
  restore();
  try {
    const { db } = server.database;
    const organizationId = (await server.createOrganization('Alert Bench')).id;
    for (let i = 0; i < memberCount; i += 1) {
      await server.createUser({ organizationId, email: `member${i}@alert-bench.example` });
    }
    await db.insert(alertEndpoints).values({
      organizationId,
      kind: 'WEBHOOK',
      name: 'Bench receiver',
      url: receiver.url('/bench'),
      secret: 'whsec_bench',
    });
    const rows = await db
      .insert(incidents)
      .values(
        Array.from({ length: alertCount }, (_, i) => ({
          organizationId,
          title: `Bench incident ${i}`,
          severity: 'HIGH' as const,
        })),
      )
      .returning({ id: incidents.id, title: incidents.title });
    await db.transaction(async (tx) => {
      for (const incident of rows) {
        const alert = await alertsRepository.insert(tx, {
          organizationId,
          incidentId: incident.id,
          // A critical site newly exposed: to every member's channels, as the bench wants.
          kind: 'EXPOSURE_NEW',
          urgent: true,
          severity: 'HIGH',
          title: incident.title,
          line: 'Now exposed: 1 site (Bench plant)',
          link: `/admin/events/${incident.id}`,
        });
        await jobQueue.enqueue(tx, ALERT_JOBS.fanOut, alert.id, { alertId: alert.id });
      }
    });

    const fanOutStarted = performance.now();
    await server.app.jobWorker.runDue();
    const fanOutMs = performance.now() - fanOutStarted;
    const queued = (await db.select({ id: deliveries.id }).from(deliveries)).length;

    const deliveryStarted = performance.now();
    await server.app.deliveryWorker.runDue();
    const deliveryMs = performance.now() - deliveryStarted;
    const received = smtp.messages.length + receiver.received('/bench').length;
    if (received !== queued) {
      throw new Error(`queued ${queued} deliveries but ${received} arrived`);
    }

    // Baseline: the same e-mails and posts sent straight through the same channels, as many
    // at a time as the worker sends, with no outbox around them.
    const outbox = await db
      .select({ channel: deliveries.channel, recipient: deliveries.recipient })
      .from(deliveries);
    const mailer = new Mailer(server.config.mail, server.app.log);
    const channels = buildChannels(server.config.alerts, mailer);
    const message = {
      deliveryId: '00000000-0000-4000-8000-000000000000',
      kind: 'INCIDENT_CREATED' as const,
      severity: 'HIGH' as const,
      title: 'New incident: Bench',
      lines: ['Recorded by the bench'],
      url: 'https://meridian.example/admin/events/bench',
      incidentId: null,
      incident: null,
      createdAt: new Date(),
    };
    const directStarted = performance.now();
    for (let i = 0; i < outbox.length; i += 32) {
      await Promise.all(
        outbox.slice(i, i + 32).map((row) =>
          channels[row.channel].send(message, {
            recipient: row.recipient,
            url: receiver.url('/direct'),
            secret: 'whsec_bench',
          }),
        ),
      );
    }
    const directMs = performance.now() - directStarted;
    mailer.close();

    // Latency with the workers running, as in use: an incident created over HTTP to the
    // webhook's receiver.
    server.app.jobWorker.start();
    server.app.deliveryWorker.start();
    const manager = await server.createUser({
      organizationId,
      email: 'manager@alert-bench.example',
      adminRole: 'MANAGER',
    });
    const managerToken = (await server.login(manager.email)).accessToken;
    const before = receiver.received('/bench').length;
    const started = performance.now();
    await server.request('POST', '/api/incidents', {
      token: managerToken,
      body: { title: 'Latency probe', severity: 'CRITICAL' },
    });
    while (receiver.received('/bench').length === before) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (performance.now() - started > 30_000) throw new Error('the probe alert never arrived');
    }
    const latencyMs = performance.now() - started;

    // A change to its e-mail: incidents assigned to a member one after another (what reaches
    // their channels at once), each timed from the request to the mail at the SMTP server.
    const assignee = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, 'member0@alert-bench.example'));
    const emailMs: number[] = [];
    for (let i = 0; i < EMAIL_PROBES; i += 1) {
      const title = `Assignment probe ${i}`;
      const asked = performance.now();
      await server.request('POST', '/api/incidents', {
        token: managerToken,
        body: { title, severity: 'HIGH', assigneeId: assignee[0]?.id },
      });
      while (
        !smtp.messages.some(
          (mail) => mail.to.includes(assignee[0]?.email ?? '') && mail.raw.includes(title),
        )
      ) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (performance.now() - asked > 30_000) throw new Error(`${title}: no e-mail in 30 s`);
      }
      emailMs.push(performance.now() - asked);
    }
    const sorted = [...emailMs].sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
    return {
      store: postgresUrl ? 'PostgreSQL' : 'PGlite',
      alerts: alertCount,
      members: memberCount,
      notifications: alertCount * (memberCount + 1),
      fanOutMs,
      deliveries: queued,
      deliveryMs,
      directMs,
      latencyMs,
      emailLatency: { probes: EMAIL_PROBES, p50Ms: at(0.5), p95Ms: at(0.95) },
    };
  } finally {
    await server.close();
    await Promise.all([smtp.stop(), receiver.close()]);
  }
}
