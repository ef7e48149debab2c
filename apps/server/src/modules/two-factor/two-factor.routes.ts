import {
  AuthResponse,
  ErrorBody,
  MessageResponse,
  RecoveryCodesResponse,
  TwoFactorDisablePayload,
  TwoFactorEnablePayload,
  TwoFactorLoginPayload,
  TwoFactorSetupResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import { clientInfo } from '../sessions/sessions.js';
import type { TwoFactorService } from './two-factor.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const errors = { ...errorResponses, 503: ErrorBody };
const meta = privateRoute('me');

/** The second sign-in step, and the signed-in user's own two-factor settings. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  app.post(
    '/auth/login/2fa',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in, second step: a code (or a recovery code) for the password challenge',
        body: TwoFactorLoginPayload,
        response: { 200: AuthResponse, ...errors },
      },
    },
    (request) => twoFactor.completeSignIn(request.body, clientInfo(request)),
  );

  app.post(
    '/me/two-factor/setup',
    {
      config: { duringTwoFactorSetup: true },
      schema: {
        ...meta,
        summary: 'Start enabling 2FA: a new secret to scan (nothing changes until confirmed)',
        response: { 200: TwoFactorSetupResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.twoFactor.setupStarted,
      data: await twoFactor.setup(actorOf(request)),
    }),
  );

  app.post(
    '/me/two-factor/enable',
    {
      config: { duringTwoFactorSetup: true },
      schema: {
        ...meta,
        summary: 'Confirm 2FA with a code; answers the recovery codes, shown only this once',
        body: TwoFactorEnablePayload,
        response: { 200: RecoveryCodesResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.twoFactor.enabled,
      data: { recoveryCodes: await twoFactor.enable(actorOf(request), request.body.code) },
    }),
  );

  app.post(
    '/me/two-factor/disable',
    {
      schema: {
        ...meta,
        summary: 'Turn 2FA off: needs the password and a current code (or a recovery code)',
        body: TwoFactorDisablePayload,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await twoFactor.disable(actorOf(request), request.body, clientInfo(request));
      return { message: API_MESSAGES.twoFactor.disabled };
    },
  );
};
