import { defineModule } from '../module.js';
import { meRoutes } from './me.routes.js';
import { MeService } from './me.service.js';

/** The signed-in user's own profile, password and preferences. */
export const meModule = defineModule({
  name: 'me',
  setup: ({ db, hasher, tokens }, use) => {
    const me = new MeService(db, hasher, tokens, use('throttle'));
    return {
      routes: async (api) => {
        await api.register(meRoutes, { me });
      },
    };
  },
});
