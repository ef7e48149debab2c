import { defineModule } from '../module.js';
import { geocodeRoutes } from './geocode.routes.js';
import { GeocodeService } from './geocode.service.js';

declare module '../module.js' {
  interface ModuleExports {
    /** Places by name or code: the gazetteer, then the configured geocoder. */
    geocode: GeocodeService;
  }
}

/** Finding places by name. */
export const geocodeModule = defineModule({
  name: 'geocode',
  setup: ({ config, log }) => {
    const geocode = new GeocodeService({ geocoderUrl: config.geocoderUrl, log });
    return {
      exports: { geocode },
      routes: async (api) => {
        await api.register(geocodeRoutes, { geocode });
      },
    };
  },
});
