import {
  AuthResponse,
  ErrorBody,
  GoogleExchangePayload,
  GoogleLinkPayload,
  GoogleSignInResponse,
  LoginPayload,
  LoginResponse,
  LogoutPayload,
  MessageResponse,
  RefreshPayload,
  RefreshResponse,
  ValidateResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import { toUserDto } from '../users/users.mapper.js';
import type { AuthService } from './auth.service.js';
import type { GoogleSignInService } from './google-sign-in.service.js';
import { clientInfo } from '../sessions/sessions.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const errors = { ...errorResponses, 503: ErrorBody };

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  google: GoogleSignInService;
}> = async (app, { auth, google }) => {
  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password (with 2FA on, answers a challenge instead)',
        body: LoginPayload,
        response: { 200: LoginResponse, ...errors },
      },
    },
    (request) => auth.login(request.body.email, request.body.password, clientInfo(request)),
  );

  app.post(
    '/auth/google',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Google: exchange the authorization code (OpenID Connect)',
        body: GoogleExchangePayload,
        response: { 200: GoogleSignInResponse, ...errors },
      },
    },
    (request) => google.signIn(request.body, clientInfo(request)),
  );

  app.post(
    '/auth/google/link',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'Link Google to a password account: the password confirms the first Google sign-in',
        body: GoogleLinkPayload,
        response: { 200: AuthResponse, ...errors },
      },
    },
    (request) => google.completeLink(request.body, clientInfo(request)),
  );

  app.post(
    '/auth/validate',
    {
      config: { duringPasswordChange: true, duringTwoFactorSetup: true, readOnly: true },
      schema: {
        tags: ['auth'],
        summary: 'Check an access token and return its user',
        security: [{ bearer: [] }],
        response: { 200: ValidateResponse, ...errors },
      },
    },
    (request) => {
      const actor = actorOf(request);
      return {
        message: API_MESSAGES.auth.tokenValid,
        user: toUserDto(actor.user, actor.twoFactorSetupRequired),
      };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for new tokens (rotation)',
        body: RefreshPayload,
        response: { 200: RefreshResponse, ...errors },
      },
    },
    (request) => auth.refresh(request.body.refreshToken, request.ip),
  );

  app.post(
    '/auth/logout',
    {
      config: { duringPasswordChange: true, duringTwoFactorSetup: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: end the session the request is made from (other devices stay)',
        security: [{ bearer: [] }],
        body: LogoutPayload.optional(),
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await auth.logout(actor.user, actor.sessionId);
      return { message: API_MESSAGES.auth.loggedOut };
    },
  );
};
