import { defineModule } from '../module.js';
import { atlasRoutes } from './atlas.routes.js';
import { AtlasService } from './atlas.service.js';

/** The map's events, shipments and the lists beside them. */
export const atlasModule = defineModule({
  name: 'atlas',
  setup: ({ db, config }) => ({
    routes: async (api) => {
      await api.register(atlasRoutes, { atlas: new AtlasService(db, config.exposureClockMs) });
    },
  }),
});
