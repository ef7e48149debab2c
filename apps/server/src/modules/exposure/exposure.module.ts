import { defineModule } from '../module.js';
import { ExposureClock } from './exposure.clock.js';
import { ExposureEngine } from './exposure.engine.js';
import { exposureJobs } from './exposure.jobs.js';
import { exposureRoutes } from './exposure.routes.js';
import { ExposureService } from './exposure.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's exposure clock (its health is on GET /api/admin/jobs). */
    exposureClock: ExposureClock;
  }
}

/** Which sites and shipments each incident reaches, recomputed on change and as time passes. */
export const exposureModule = defineModule({
  name: 'exposure',
  setup: ({ app, db, log, background, config }, use) => {
    // Exposure that changes as time passes (an incident's end, a shipment's ETA): after each
    // recompute the clock looks again for the next such moment.
    const clock = new ExposureClock(db, background, log, config.exposureClockMs);
    app.decorate('exposureClock', clock);
    return {
      jobs: exposureJobs(new ExposureEngine(db, use('alerts'), config.exposureClockMs), () =>
        clock.kick(),
      ),
      workers: [clock],
      health: [['exposure-clock', clock.health]],
      routes: async (api) => {
        await api.register(exposureRoutes, { exposure: new ExposureService(db) });
      },
    };
  },
});
