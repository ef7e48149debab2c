import { defineModule } from '../module.js';
import { settingsRoutes } from './settings.routes.js';
import { OrganizationSettingsService } from './settings.service.js';

/** An organization's settings, set by its admins. */
export const settingsModule = defineModule({
  name: 'settings',
  setup: ({ db }) => ({
    routes: async (api) => {
      await api.register(settingsRoutes, { settings: new OrganizationSettingsService(db) });
    },
  }),
});
