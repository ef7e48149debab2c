import { defineModule } from '../module.js';
import { accountRequestsRoutes } from './account-requests.routes.js';
import { AccountRequestsService } from './account-requests.service.js';

/** Requests for an account from the sign-in page, approved by platform staff. */
export const accountRequestsModule = defineModule({
  name: 'account-requests',
  setup: ({ db, config }, use) => {
    const accountRequests = new AccountRequestsService(db, use('invitations'));
    return {
      routes: async (api) => {
        await api.register(accountRequestsRoutes, {
          accountRequests,
          perMinute: config.accountRequestsPerMinute,
          publicUrl: config.publicUrl,
        });
      },
    };
  },
});
