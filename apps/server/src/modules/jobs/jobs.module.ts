import { defineModule } from '../module.js';
import { jobsRoutes } from './jobs.routes.js';

/** The background work's health, for platform staff. */
export const jobsModule = defineModule({
  name: 'jobs',
  setup: ({ db }, use) => ({
    // Read when the routes register: by then the app offers every module's loops.
    routes: async (api) => {
      await api.register(jobsRoutes, { db, background: use('backgroundHealth') });
    },
  }),
});
