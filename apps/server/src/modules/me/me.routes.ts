import {
  AuthResponse,
  ErrorBody,
  IdParams,
  MessageResponse,
  NotificationSettingsInput,
  NotificationSettingsResponse,
  PasswordChange,
  Preferences,
  PreferencesResponse,
  ProfileResponse,
  ProfileUpdate,
  SessionListResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import { clientInfo } from '../sessions/sessions.js';
import type { MeService } from './me.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const errors = { ...errorResponses, 503: ErrorBody };
const meta = privateRoute('me');

/** The signed-in user's own profile and settings: nobody else's are reachable here. */
export const meRoutes: FastifyPluginAsyncZod<{ me: MeService }> = async (app, { me }) => {
  app.get(
    '/me/profile',
    {
      config: { duringPasswordChange: true, duringTwoFactorSetup: true },
      schema: { ...meta, summary: 'My profile', response: { 200: ProfileResponse, ...errors } },
    },
    async (request) => ({
      message: API_MESSAGES.me.profileRetrieved,
      data: await me.profile(actorOf(request)),
    }),
  );

  app.put(
    '/me/profile',
    {
      schema: {
        ...meta,
        summary: 'Change my name',
        body: ProfileUpdate,
        response: { 200: ProfileResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.me.profileUpdated,
      data: await me.updateProfile(actorOf(request), request.body),
    }),
  );

  app.get(
    '/me/preferences',
    {
      schema: {
        ...meta,
        summary: 'My display preferences',
        response: { 200: PreferencesResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.me.preferencesRetrieved,
      data: await me.preferences(actorOf(request)),
    }),
  );

  app.put(
    '/me/preferences',
    {
      schema: {
        ...meta,
        summary: 'Save my display preferences',
        body: Preferences,
        response: { 200: PreferencesResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.me.preferencesSaved,
      data: await me.savePreferences(actorOf(request), request.body),
    }),
  );

  app.get(
    '/me/notifications',
    {
      schema: {
        ...meta,
        summary: 'My notification settings',
        response: { 200: NotificationSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.me.notificationSettingsRetrieved,
      data: await me.notifications(actorOf(request)),
    }),
  );

  app.put(
    '/me/notifications',
    {
      schema: {
        ...meta,
        summary: 'Save my notification settings',
        body: NotificationSettingsInput,
        response: { 200: NotificationSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.me.notificationSettingsSaved,
      data: await me.saveNotifications(actorOf(request), request.body),
    }),
  );

  app.post(
    '/me/password',
    {
      config: { duringPasswordChange: true },
      schema: {
        ...meta,
        summary: 'Change my password: ends every session and returns a fresh one',
        body: PasswordChange,
        response: { 200: AuthResponse, ...errors },
      },
    },
    (request) => me.changePassword(actorOf(request), request.body, clientInfo(request)),
  );

  app.delete(
    '/me/google-link',
    {
      schema: {
        ...meta,
        summary: 'Unlink my Google account (sessions Google signed in end)',
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await me.unlinkGoogle(actorOf(request));
      return { message: API_MESSAGES.google.unlinked };
    },
  );

  app.get(
    '/me/sessions',
    {
      schema: {
        ...meta,
        summary: 'My signed-in sessions',
        response: { 200: SessionListResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.session.listed,
      data: { sessions: await me.sessions(actorOf(request)) },
    }),
  );

  app.delete(
    '/me/sessions',
    {
      schema: {
        ...meta,
        summary: 'Sign out all my other sessions (this one stays)',
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const ended = await me.revokeOtherSessions(actorOf(request));
      return { message: API_MESSAGES.session.othersSignedOut(ended) };
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: {
        ...meta,
        summary: 'Sign one of my sessions out',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await me.revokeSession(actorOf(request), request.params.id);
      return { message: API_MESSAGES.session.revoked };
    },
  );
};
