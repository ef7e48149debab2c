import {
  IdParams,
  MessageResponse,
  NotificationListQuery,
  NotificationListResponse,
  UnreadResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { sendEventStream } from '../../lib/event-stream.js';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import { INBOX_STREAMS_PER_USER, type InboxStreams } from './inbox-streams.js';
import type { NotificationsService } from './notifications.service.js';

/** Asks again whether a stream's access holds: its token still valid, its session not revoked. */
export type AccessCheck = (request: FastifyRequest) => Promise<boolean>;

const meta = privateRoute('notifications');

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  streams: InboxStreams;
  stillAllowed: AccessCheck;
}> = async (app, { notifications, streams, stillAllowed }) => {
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

  app.get(
    '/notifications/stream',
    {
      // Events leave as they happen, not when a compressor's buffer fills.
      compress: false,
      schema: {
        ...meta,
        summary:
          'My inbox as it changes, as server-sent events: `inbox` with {unread, alertedAt} at once and after each change to my threads (made on any instance), a comment line as a heartbeat, `end` when my session no longer holds',
        response: {
          200: {
            description: 'Server-sent events, until the session ends or the server closes',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!streams.live) {
        throw new DomainError('SERVICE_UNAVAILABLE', API_MESSAGES.alert.streamUnavailable, 30);
      }
      if (streams.openCount(actor.user.id) >= INBOX_STREAMS_PER_USER) {
        throw new DomainError(
          'TOO_MANY_REQUESTS',
          API_MESSAGES.alert.streamsExhausted(INBOX_STREAMS_PER_USER),
          60,
        );
      }
      const stream = streams.open(actor.user.id, () => stillAllowed(request));
      // The stream lives as long as its connection: a reader gone (or never there) closes it.
      if (reply.raw.destroyed || request.raw.socket.destroyed) stream.destroy();
      else reply.raw.on('close', () => stream.destroy());
      // Its connection is not reused: when the stream ends (the server closing), so does it.
      return sendEventStream(reply.header('connection', 'close'), stream);
    },
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
