import { defineModule } from '../module.js';
import { usersRoutes } from './users.routes.js';
import { USERS_CHANNEL, UsersService } from './users.service.js';

/** The members of an organization and platform staff. */
export const usersModule = defineModule({
  name: 'users',
  setup: ({ db, config }) => {
    const cache = UsersService.newCache();
    const users = new UsersService(db, config.internalDomain, cache);
    return {
      routes: async (api) => {
        await api.register(usersRoutes, { users });
      },
      caches: [[USERS_CHANNEL, cache]],
    };
  },
});
