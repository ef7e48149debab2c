import {
  IdParams,
  SourceCreate,
  SourceListResponse,
  SourceResponse,
  SourceUpdate,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { SourcesService } from './sources.service.js';

const meta = privateRoute('sources');

/** The hazard feeds and their health (platform admins). */
export const sourcesRoutes: FastifyPluginAsyncZod<{ sources: SourcesService }> = async (
  app,
  { sources },
) => {
  app.get(
    '/admin/sources',
    {
      schema: {
        ...meta,
        summary: 'The hazard feeds with their health: last success, last error, items, incidents',
        response: { 200: SourceListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.source.listed,
      data: { sources: await sources.list(actorOf(request)) },
    }),
  );

  app.get(
    '/admin/sources/:id',
    {
      schema: {
        ...meta,
        summary: 'One hazard feed',
        params: IdParams,
        response: { 200: SourceResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.source.listed,
      data: { source: await sources.get(actorOf(request), request.params.id) },
    }),
  );

  app.post(
    '/admin/sources',
    {
      schema: {
        ...meta,
        summary: 'Adds a hazard feed (polled at once, then every intervalSeconds)',
        body: SourceCreate,
        response: { 201: SourceResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const source = await sources.create(actorOf(request), request.body);
      return reply.status(201).send({ message: API_MESSAGES.source.created, data: { source } });
    },
  );

  app.patch(
    '/admin/sources/:id',
    {
      schema: {
        ...meta,
        summary: 'Renames, re-points, pauses or resumes a hazard feed, or changes its interval',
        params: IdParams,
        body: SourceUpdate,
        response: { 200: SourceResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.source.updated,
      data: { source: await sources.update(actorOf(request), request.params.id, request.body) },
    }),
  );

  app.delete(
    '/admin/sources/:id',
    {
      schema: {
        ...meta,
        summary: 'Removes a hazard feed; the incidents it made stay',
        params: IdParams,
        response: { 200: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      await sources.delete(actorOf(request), request.params.id);
      return { message: API_MESSAGES.source.deleted };
    },
  );

  app.post(
    '/admin/sources/:id/poll',
    {
      schema: {
        ...meta,
        summary: 'Polls a hazard feed now (on the next free instance)',
        params: IdParams,
        response: { 202: SourceResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const source = await sources.pollNow(actorOf(request), request.params.id);
      return reply.status(202).send({ message: API_MESSAGES.source.pollQueued, data: { source } });
    },
  );
};
