import { defineModule } from '../module.js';
import { IncidentAlerts } from './incident-alerts.js';
import { incidentsRoutes } from './incidents.routes.js';
import { IncidentsService } from './incidents.service.js';

/** Incidents: recorded by people or feeds, worked to resolution. */
export const incidentsModule = defineModule({
  name: 'incidents',
  setup: ({ db, background }, use) => {
    const incidents = new IncidentsService(db, background, new IncidentAlerts(use('alerts')));
    return {
      routes: async (api) => {
        await api.register(incidentsRoutes, { incidents });
      },
    };
  },
});
