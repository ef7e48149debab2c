import { defineModule } from '../module.js';
import { alertJobs } from './alerts.jobs.js';
import { buildChannels } from './channels.js';
import { DeliveryService } from './delivery.service.js';
import { DeliveryWorker } from './delivery.worker.js';
import { endpointsRoutes } from './endpoints.routes.js';
import { EndpointsService } from './endpoints.service.js';
import { AlertFanOut } from './fan-out.js';
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
  setup: ({ app, db, config, log, mailer, background }) => {
    const channels = buildChannels(config.alerts, mailer);
    const delivery = new DeliveryService(
      db,
      channels,
      config.publicUrl ?? `http://localhost:${config.port}`,
      log,
      config.alerts.timeoutMs,
    );
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
    );
    app.decorate('deliveryWorker', deliveryWorker);
    return {
      exports: { alerts: new AlertRaiser(background) },
      jobs: alertJobs(fanOut),
      workers: [deliveryWorker],
      routes: async (api) => {
        await api.register(notificationsRoutes, { notifications: new NotificationsService(db) });
        await api.register(endpointsRoutes, { endpoints });
      },
    };
  },
});
