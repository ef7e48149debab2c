import {
  IdParams,
  MessageResponse,
  NotificationListQuery,
  NotificationListResponse,
  UnreadResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { NotificationsService } from './notifications.service.js';

const meta = privateRoute('notifications');

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.get(
    '/notifications',
    {
      schema: {
        ...meta,
        summary: 'My notifications, newest first, and how many are unread',
        querystring: NotificationListQuery,
        response: { 200: NotificationListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.alert.listed,
      data: await notifications.list(actorOf(request), request.query),
    }),
  );

  app.get(
    '/notifications/unread',
    {
      schema: {
        ...meta,
        summary: 'How many of my notifications are unread (the bell polls it)',
        response: { 200: UnreadResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.alert.listed,
      data: await notifications.unread(actorOf(request)),
    }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        ...meta,
        summary: 'Marks one of my notifications as read',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await notifications.markRead(actorOf(request), request.params.id);
      return { message: API_MESSAGES.alert.read };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        ...meta,
        summary: 'Marks all my notifications as read',
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await notifications.markAllRead(actorOf(request));
      return { message: API_MESSAGES.alert.allRead };
    },
  );
};
