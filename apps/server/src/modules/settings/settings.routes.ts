import {
  ErrorBody,
  PlatformSettings,
  PlatformSettingsResponse,
  SecuritySettings,
  SecuritySettingsResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import type { OrganizationSettingsService } from './settings.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const meta = { tags: ['settings'], security: [{ bearer: [] }] };

export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: OrganizationSettingsService;
}> = async (app, { settings }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/admin/settings/security',
    {
      schema: {
        ...meta,
        summary: 'Security toggles of the active organization',
        response: { 200: SecuritySettingsResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Security settings retrieved',
      data: await settings.read(actorOf(request), 'security'),
    }),
  );

  app.put(
    '/admin/settings/security',
    {
      schema: {
        ...meta,
        summary: 'Save the security toggles (organization admins)',
        body: SecuritySettings,
        response: { 200: SecuritySettingsResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Security settings saved',
      data: await settings.save(actorOf(request), 'security', request.body),
    }),
  );

  app.get(
    '/admin/settings/platform',
    {
      schema: {
        ...meta,
        summary: 'Platform setup of the active organization',
        response: { 200: PlatformSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Platform settings retrieved',
      data: await settings.read(actorOf(request), 'platform'),
    }),
  );

  app.put(
    '/admin/settings/platform',
    {
      schema: {
        ...meta,
        summary: 'Save the platform setup (organization admins)',
        body: PlatformSettings,
        response: { 200: PlatformSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Platform settings saved',
      data: await settings.save(actorOf(request), 'platform', request.body),
    }),
  );
};
