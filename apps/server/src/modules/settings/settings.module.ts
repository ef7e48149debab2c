import { EXPOSURE_JOBS } from '../exposure/exposure.jobs.js';
import { defineModule } from '../module.js';
import { settingsRoutes } from './settings.routes.js';
import { OrganizationSettingsService } from './settings.service.js';

/** An organization's settings, set by its admins. */
export const settingsModule = defineModule({
  name: 'settings',
  setup: ({ db, background }) => ({
    routes: async (api) => {
      const settings = new OrganizationSettingsService(db, {
        // Values at risk and priorities are in the organization's currency, at its rates.
        currency: (tx, organizationId) =>
          background.enqueue(tx, EXPOSURE_JOBS.organization, organizationId, {
            organizationId,
            cause: 'Currency or exchange rates changed',
          }),
      });
      await api.register(settingsRoutes, { settings });
    },
  }),
});
