import { defineModule } from '../module.js';
import { sitesRoutes } from './sites.routes.js';
import { SitesService } from './sites.service.js';

/** An organization's sites: suppliers, plants, warehouses. */
export const sitesModule = defineModule({
  name: 'sites',
  setup: ({ db, background }, use) => {
    const sites = new SitesService(db, background, use('geocode'));
    return {
      routes: async (api) => {
        await api.register(sitesRoutes, { sites });
      },
    };
  },
});
