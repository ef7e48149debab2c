import { defineModule } from '../module.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { ApiKeysService } from './api-keys.service.js';

/** Keys with which an organization's systems write to the API. */
export const apiKeysModule = defineModule({
  name: 'api-keys',
  setup: ({ db, background }) => ({
    routes: async (api) => {
      await api.register(apiKeysRoutes, { apiKeys: new ApiKeysService(db, background) });
    },
  }),
});
