import { defineModule } from '../module.js';
import { analysisRoutes } from './analysis.routes.js';

/** The analysis assistant: answers about an incident from its records, cited. */
export const analysisModule = defineModule({
  name: 'analysis',
  setup: ({ db, config }) => ({
    routes: async (api) => {
      await api.register(analysisRoutes, { db, llm: config.llm });
    },
  }),
});
