import {
  CurrencySettings,
  CurrencySettingsResponse,
  NotificationSettingsInput,
  NotificationSettingsResponse,
  PlatformSettings,
  PlatformSettingsResponse,
  SecuritySettings,
  SecuritySettingsResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { OrganizationSettingsColumn } from './settings.repository.js';
import type { OrganizationSettingsService } from './settings.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const meta = privateRoute('settings');

/** Each organization settings document: its path, body, answer and wording. */
const DOCUMENTS = [
  {
    kind: 'security',
    body: SecuritySettings,
    response: SecuritySettingsResponse,
    label: 'Security settings',
    read: 'Security toggles of the active organization',
    save: 'Save the security policies (organization admins); the server enforces them',
  },
  {
    kind: 'platform',
    body: PlatformSettings,
    response: PlatformSettingsResponse,
    label: 'Platform settings',
    read: 'Platform setup of the active organization',
    save: 'Save the platform setup (organization admins)',
  },
  {
    kind: 'notifications',
    body: NotificationSettingsInput,
    response: NotificationSettingsResponse,
    label: 'Notification defaults',
    read: 'Notification preferences for members who never saved their own',
    save: "Save the organization's notification defaults (organization admins)",
  },
  {
    kind: 'currency',
    body: CurrencySettings,
    response: CurrencySettingsResponse,
    label: 'Currency settings',
    read: 'The currency the active organization counts values in, and its exchange rates',
    save: 'Save the currency and exchange rates (organization admins)',
  },
] as const satisfies readonly {
  kind: OrganizationSettingsColumn;
  body: z.ZodType<Record<string, unknown>>;
  response: z.ZodType;
  label: string;
  read: string;
  save: string;
}[];

export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: OrganizationSettingsService;
}> = async (app, { settings }) => {
  for (const document of DOCUMENTS) {
    app.get(
      `/admin/settings/${document.kind}`,
      {
        schema: {
          ...meta,
          summary: document.read,
          response: { 200: document.response, ...errorResponses },
        },
      },
      async (request) => ({
        message: API_MESSAGES.settings.retrieved(document.label),
        data: await settings.read(actorOf(request), document.kind),
      }),
    );

    app.put(
      `/admin/settings/${document.kind}`,
      {
        schema: {
          ...meta,
          summary: document.save,
          body: document.body,
          response: { 200: document.response, ...errorResponses },
        },
      },
      async (request) => ({
        message: API_MESSAGES.settings.saved(document.label),
        data: await settings.save(actorOf(request), document.kind, request.body, request.ip),
      }),
    );
  }
};
