import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationListResponse,
  type NotificationSettings,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentSteps } from '../../test/incident-steps.js';
import { type SmtpCapture, headerOf, startSmtpCapture } from '../../test/smtp-server.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * People choose their channels per kind of alert: e-mail for their own work only, say, while
 * what reaches the organization stays in the inbox. Over a real SMTP server.
 */
let server: TestServer;
let smtp: SmtpCapture;
const steps = incidentSteps(() => server);
const token = { manager: '', member: '' };
let memberId = '';
const MEMBER = 'member@kinds.example';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ WORKERS: '0', SMTP_URL: smtp.url });
  const organizationId = (await server.createOrganization('Kinds Co')).id;
  await server.createUser({ organizationId, email: 'm@kinds.example', adminRole: 'MANAGER' });
  memberId = (await server.createUser({ organizationId, email: MEMBER, adminRole: 'VIEWER' })).id;
  token.manager = (await server.login('m@kinds.example')).accessToken;
  token.member = (await server.login(MEMBER)).accessToken;
  const site = await server.request('POST', '/api/sites', {
    token: token.manager,
    body: {
      name: 'Only plant',
      kind: 'OWN_FACILITY',
      criticality: 'CRITICAL',
      location: { lat: 10.5, lng: 106.7 },
    },
  });
  expect(site.status).toBe(201);
  await steps.runJobs();
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

const settle = async () => {
  for (let round = 0; round < 3; round += 1) await steps.runJobs();
  await server.app.deliveryWorker.runDue();
};
const mailsToMember = () => smtp.messages.filter((mail) => mail.to.includes(MEMBER));

describe('channels per kind of alert', () => {
  it('refuses an unknown kind, and keeps every channel on for a client that leaves them out', async () => {
    const bad = await server.request<{ message: string }>('PUT', '/api/me/notifications', {
      token: token.member,
      body: {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        channelsByGroup: { ...DEFAULT_NOTIFICATION_SETTINGS.channelsByGroup, gossip: {} },
      },
    });
    expect(bad.status).toBe(400);
    // A client from before channels per kind sends everything else.
    const older: Partial<NotificationSettings> = { ...DEFAULT_NOTIFICATION_SETTINGS };
    delete older.channelsByGroup;
    const saved = await server.request<{ data: NotificationSettings }>(
      'PUT',
      '/api/me/notifications',
      { token: token.member, body: older },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.channelsByGroup).toEqual(DEFAULT_NOTIFICATION_SETTINGS.channelsByGroup);
  });

  it('mails the member their work but not exposure they turned off for e-mail', async () => {
    const settings: NotificationSettings = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      channelsByGroup: {
        ...DEFAULT_NOTIFICATION_SETTINGS.channelsByGroup,
        exposure: { ...DEFAULT_NOTIFICATION_SETTINGS.channelsByGroup.exposure, email: false },
      },
    };
    expect(
      (
        await server.request('PUT', '/api/me/notifications', {
          token: token.member,
          body: settings,
        })
      ).status,
    ).toBe(200);

    // A critical site hit: it reaches the member's channels, but e-mail is off for exposure.
    const id = await steps.createIncident(token.manager, {
      title: 'Typhoon at the plant',
      severity: 'HIGH',
      type: 'NATURAL_HAZARD',
      location: { lat: 10.5, lng: 106.7 },
      affectedRadiusKm: 30,
    });
    await settle();
    const inbox = await server.request<NotificationListResponse>('GET', '/api/notifications', {
      token: token.member,
    });
    const thread = inbox.body.data.notifications.find((entry) => entry.incidentId === id);
    // Alerted (desktop is still on for exposure), in the inbox, and no e-mail.
    expect(thread?.alertedAt).not.toBeNull();
    expect(mailsToMember()).toHaveLength(0);

    // Their own work still comes by e-mail.
    await steps.patchIncident(token.manager, id, { assigneeId: memberId });
    await settle();
    expect(mailsToMember()).toHaveLength(1);
    expect(headerOf(mailsToMember()[0]?.raw ?? '', 'Subject')).toMatch(/Typhoon at the plant/);
  });
});
