import { defineModule } from '../module.js';
import { insightsRoutes } from './insights.routes.js';
import { insightsServices } from './insights.services.js';

/** Insights: figures, exports, reports and memos about incidents. */
export const insightsModule = defineModule({
  name: 'insights',
  setup: ({ db }) => ({
    routes: async (api) => {
      await api.register(insightsRoutes, insightsServices(db));
    },
  }),
});
