import {
  AuthResponse,
  ErrorBody,
  GoogleExchangePayload,
  LoginPayload,
  LogoutPayload,
  MessageResponse,
  RefreshPayload,
  RefreshResponse,
  ValidateResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { toUserDto } from '../users/users.repository.js';
import type { AuthService } from './auth.service.js';
import type { GoogleSignInService } from './google-sign-in.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  google: GoogleSignInService;
}> = async (app, { auth, google }) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: LoginPayload,
        response: { 200: AuthResponse, ...errors },
      },
    },
    (request) => auth.login(request.body.email, request.body.password, request.ip),
  );

  app.post(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Google: exchange the authorization code (OpenID Connect)',
        body: GoogleExchangePayload,
        response: { 200: AuthResponse, ...errors },
      },
    },
    (request) => google.signIn(request.body),
  );

  app.post(
    '/auth/validate',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Check an access token and return its user',
        security: [{ bearer: [] }],
        response: { 200: ValidateResponse, ...errors },
      },
    },
    (request) => ({ message: 'Token is valid', user: toUserDto(actorOf(request).user) }),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for new tokens (rotation)',
        body: RefreshPayload,
        response: { 200: RefreshResponse, ...errors },
      },
    },
    (request) => auth.refresh(request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke every session of the user',
        security: [{ bearer: [] }],
        body: LogoutPayload.optional(),
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await auth.logout(actorOf(request).user);
      return { message: 'Logged out' };
    },
  );
};
