import { defineModule } from '../module.js';
import { ACCESS_CHANNEL, AccessService } from './access.service.js';
import { LoginThrottle } from './login-throttle.js';

declare module '../module.js' {
  interface ModuleExports {
    /** Who a token belongs to and what they may do (the API's guard asks it). */
    access: AccessService;
    /** Failed sign-ins counted per account and address, shared by every way to sign in. */
    throttle: LoginThrottle;
  }
}

/** Sessions: access tokens' facts (cached per user, kept true by the database), sign-in throttling. */
export const sessionsModule = defineModule({
  name: 'sessions',
  setup: ({ db, tokens, config, settle }) => {
    const cache = AccessService.newCache();
    return {
      exports: {
        access: new AccessService(db, tokens, config.internalDomain, cache, settle),
        throttle: new LoginThrottle(db),
      },
      caches: [[ACCESS_CHANNEL, cache]],
    };
  },
});
