import type { AlertEndpointResponse, DeliveryListResponse } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebhookReceiver, startWebhookReceiver } from '../webhook-receiver.js';
import {
  type ServerProcess,
  call,
  pgliteDirectory,
  signIn,
  startServer,
} from './server-process.js';

/**
 * The alert outbox across crashes of the real server process: an alert written but not yet
 * delivered when the server is killed is delivered after the restart, once; one killed in
 * the middle of its delivery is sent again with the same delivery id (at least once, and the
 * receiver can drop the repeat), and ends delivered.
 */
const ALERTS = {
  ALERTS_ALLOW_PRIVATE_URLS: '1',
  ALERT_TIMEOUT_SECONDS: '1',
  PUBLIC_URL: 'https://meridian.example',
};

describe('alert outbox through SIGKILL', () => {
  const directory = pgliteDirectory();
  let receiver: WebhookReceiver;
  let server: ServerProcess | null = null;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await receiver.close();
    await directory.drop();
  });

  const deliveriesOf = (id: string) =>
    receiver.received('/outbox').filter((entry) => entry.body.includes(id));
  async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('not reached in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const createIncident = async (url: string, token: string, title: string) => {
    const created = await call<{ data: { incident: { id: string } } }>(
      url,
      'POST',
      '/api/incidents',
      {
        token,
        body: { title, severity: 'HIGH' },
      },
    );
    expect(created.status).toBe(201);
    return created.body.data.incident.id;
  };

  it('delivers an alert written before a crash once after the restart', async () => {
    // Background work off: the alert and its fan-out job are written, nothing is sent.
    server = await startServer(directory.value, { ...ALERTS, WORKERS: '0' });
    const { accessToken } = await signIn(server.url);
    const endpoint = await call<AlertEndpointResponse>(
      server.url,
      'POST',
      '/api/admin/integrations',
      {
        token: accessToken,
        body: { kind: 'WEBHOOK', name: 'Outbox', url: receiver.url('/outbox') },
      },
    );
    expect(endpoint.status).toBe(201);
    const incidentId = await createIncident(server.url, accessToken, 'Written before the crash');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveriesOf(incidentId)).toHaveLength(0);
    await server.stop('SIGKILL');

    server = await startServer(directory.value, ALERTS);
    await until(() => deliveriesOf(incidentId).length > 0);
    // Nothing more comes: it was delivered once.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(deliveriesOf(incidentId)).toHaveLength(1);
  });

  it('sends a delivery cut off by a crash again, with the same delivery id, and records it delivered', async () => {
    if (!server) throw new Error('no server');
    const { accessToken } = await signIn(server.url);
    receiver.answer('/outbox', 'hang');
    const incidentId = await createIncident(server.url, accessToken, 'Cut off mid-delivery');
    await until(() => deliveriesOf(incidentId).length === 1);
    await server.stop('SIGKILL');

    receiver.answer('/outbox', 200);
    server = await startServer(directory.value, ALERTS);
    // Due again once its lease (twice the 1 s timeout and 5 s) has run out.
    await until(() => deliveriesOf(incidentId).length === 2, 40_000);
    const ids = new Set(
      deliveriesOf(incidentId).map((entry) => entry.headers['x-meridian-delivery']),
    );
    expect(ids.size).toBe(1);

    const token = (await signIn(server.url)).accessToken;
    const list = await call<{ data: { endpoints: { id: string }[] } }>(
      server.url,
      'GET',
      '/api/admin/integrations',
      {
        token,
      },
    );
    const endpointId = list.body.data.endpoints[0]?.id ?? '';
    await until(async () => {
      const log = await call<DeliveryListResponse>(
        server?.url ?? '',
        'GET',
        `/api/admin/integrations/${endpointId}/deliveries`,
        { token },
      );
      return log.body.data.deliveries.some(
        (delivery) => delivery.id === [...ids][0] && delivery.status === 'DELIVERED',
      );
    });
  });
});
