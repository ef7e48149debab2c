import { defineModule } from '../module.js';
import { systemRoutes } from './system.routes.js';

/** The public facts about this deployment: health, version, sign-in options. */
export const systemModule = defineModule({
  name: 'system',
  setup: ({ db, config, oidc }) => ({
    routes: async (api) => {
      await api.register(systemRoutes, { db, config, oidc });
    },
  }),
});
