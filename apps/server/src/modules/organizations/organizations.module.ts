import { defineModule } from '../module.js';
import { organizationsRoutes } from './organizations.routes.js';
import { OrganizationsService } from './organizations.service.js';

/** The customer organizations, managed by platform staff. */
export const organizationsModule = defineModule({
  name: 'organizations',
  setup: ({ db }) => ({
    routes: async (api) => {
      await api.register(organizationsRoutes, { organizations: new OrganizationsService(db) });
    },
  }),
});
