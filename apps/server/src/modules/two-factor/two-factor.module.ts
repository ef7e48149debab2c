import { SecretBox } from '../../lib/secret-box.js';
import { defineModule } from '../module.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { TwoFactorService } from './two-factor.service.js';

declare module '../module.js' {
  interface ModuleExports {
    twoFactor: TwoFactorService;
  }
}

/** Authenticator-app codes and recovery codes. */
export const twoFactorModule = defineModule({
  name: 'two-factor',
  setup: ({ db, hasher, tokens, jwtSecret }, use) => {
    const twoFactor = new TwoFactorService(
      db,
      hasher,
      tokens,
      use('throttle'),
      new SecretBox(jwtSecret, 'totp-secret'),
    );
    return {
      exports: { twoFactor },
      routes: async (api) => {
        await api.register(twoFactorRoutes, { twoFactor });
      },
    };
  },
});
