import { defineModule } from '../module.js';
import { invitationsRoutes } from './invitations.routes.js';
import { InvitationsService } from './invitations.service.js';

declare module '../module.js' {
  interface ModuleExports {
    invitations: InvitationsService;
  }
}

/** Invitations sent by e-mail and accepted with a new password. */
export const invitationsModule = defineModule({
  name: 'invitations',
  setup: ({ db, hasher, tokens, config, mailer }) => {
    const invitations = new InvitationsService(db, hasher, tokens, config.internalDomain, mailer);
    return {
      exports: { invitations },
      routes: async (api) => {
        await api.register(invitationsRoutes, { invitations, publicUrl: config.publicUrl });
      },
    };
  },
});
