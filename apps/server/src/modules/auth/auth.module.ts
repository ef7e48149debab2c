import { defineModule } from '../module.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { GoogleSignInService } from './google-sign-in.service.js';

/** Signing in with a password or with Google, refreshing and ending sessions. */
export const authModule = defineModule({
  name: 'auth',
  setup: ({ db, hasher, tokens, log, oidc, config }, use) => {
    const throttle = use('throttle');
    const auth = new AuthService(db, hasher, tokens, log, throttle, use('twoFactor'));
    const google = new GoogleSignInService(
      db,
      tokens,
      log,
      oidc && { oidc, allowedDomain: config.google?.allowedDomain },
      hasher,
      throttle,
      config.internalDomain,
    );
    return {
      routes: async (api) => {
        await api.register(authRoutes, { auth, google });
      },
    };
  },
});
