import { defineModule } from '../module.js';
import { shipmentsRoutes } from './shipments.routes.js';
import { ShipmentsService } from './shipments.service.js';

/** An organization's shipments and their routes. */
export const shipmentsModule = defineModule({
  name: 'shipments',
  setup: ({ db, background }, use) => {
    const shipments = new ShipmentsService(db, background, use('geocode'));
    return {
      routes: async (api) => {
        await api.register(shipmentsRoutes, { shipments });
      },
    };
  },
});
