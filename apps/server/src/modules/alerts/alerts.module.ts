import { SecretBox } from '../../lib/secret-box.js';
import { accessStillHolds } from '../../plugins/auth.js';
import { defineModule } from '../module.js';
import { alertJobs } from './alerts.jobs.js';
import { buildChannels } from './channels.js';
import { DeliveryService } from './delivery.service.js';
import { DeliveryWorker } from './delivery.worker.js';
import { endpointsRoutes } from './endpoints.routes.js';
import { EndpointsService } from './endpoints.service.js';
import { AlertFanOut } from './fan-out.js';
import { INBOX_CHANNEL, InboxStreams } from './inbox-streams.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';
import { AlertRaiser } from './raise.js';

declare module '../module.js' {
  interface ModuleExports {
    /** Raises an alert in the caller's transaction; a job fans it out to members and channels. */
    alerts: AlertRaiser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's alert outbox sender (the channels' health is on GET /api/admin/integrations). */
    deliveryWorker: DeliveryWorker;
  }
}

/** Alerts: raised with the change, fanned out by a job, delivered from the outbox. */
export const alertsModule = defineModule({
  name: 'alerts',
  setup: ({ app, db, config, log, mailer, background, jwtSecret }, use) => {
    const access = use('access');
    const geocode = use('geocode');
    const channels = buildChannels(config.alerts, mailer);
    const slackTokens = new SecretBox(jwtSecret, 'slack-bot-token');
    const delivery = new DeliveryService(db, channels, {
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      log,
      timeoutMs: config.alerts.timeoutMs,
      slackTokens,
      describePlace: (point) => geocode.describe(point),
    });
    const deliveryWorker = new DeliveryWorker(delivery, log);
    const kickDelivery = () => deliveryWorker.kick();
    const fanOut = new AlertFanOut(
      db,
      background,
      channels,
      kickDelivery,
      config.alerts.digestWindowMs,
    );
    const endpoints = new EndpointsService(
      db,
      channels,
      delivery,
      config.alerts.allowPrivateUrls,
      kickDelivery,
      slackTokens,
    );
    app.decorate('deliveryWorker', deliveryWorker);
    const notifications = new NotificationsService(db);
    const streams = new InboxStreams({
      heartbeatMs: config.alerts.streamHeartbeatMs,
      stateOf: (userId) => notifications.unreadOf(userId),
      log,
    });
    // Open streams would keep the server from closing: their readers reconnect elsewhere.
    app.addHook('preClose', async () => streams.closeAll());
    return {
      exports: { alerts: new AlertRaiser(background) },
      jobs: alertJobs(fanOut),
      workers: [deliveryWorker],
      caches: [[INBOX_CHANNEL, streams]],
      routes: async (api) => {
        await api.register(notificationsRoutes, {
          notifications,
          streams,
          stillAllowed: (request) => accessStillHolds(access, request),
        });
        await api.register(endpointsRoutes, { endpoints });
      },
    };
  },
});
