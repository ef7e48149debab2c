import { createHash } from 'node:crypto';
import {
  CommentCreate,
  IdParams,
  IncidentCreate,
  IncidentDetailResponse,
  IncidentListQuery,
  IncidentListResponse,
  IncidentResponse,
  IncidentUpdate,
  MessageResponse,
  TimelineEntryResponse,
  TimelineResponse,
} from '@meridian/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { VersionedJsonCache, etagMatches } from '../../lib/versioned-json.js';
import { actorOf } from '../../plugins/auth.js';
import type { IncidentsService } from './incidents.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const meta = privateRoute('incidents');
const atlasMeta = privateRoute('atlas');

/** Only `scope` asked for: the whole list, as the spec's screens read it. */
const isWholeList = (query: Record<string, unknown>) =>
  Object.entries(query).every(
    ([key, value]) =>
      value === undefined || key === 'scope' || (key === 'sort' && value === 'updatedAt'),
  );

export const incidentsRoutes: FastifyPluginAsyncZod<{ incidents: IncidentsService }> = async (
  app,
  { incidents },
) => {
  // The whole list leaves as the database built it: conditional on its version, compressed once.
  const lists = new VersionedJsonCache();

  app.get(
    '/atlas/events',
    {
      schema: {
        ...atlasMeta,
        summary:
          "Incidents: ORG = the organization's own; GLOBAL = also global ones. With limit, one page (cursor), filtered and sorted",
        querystring: IncidentListQuery,
        response: { 200: IncidentListResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const query = request.query;
      if (isWholeList(request.query)) {
        return lists.send(request, reply, incidents.fullList(actor, query.scope));
      }
      // The page's ETag is its content: one query, and a poll of an unchanged page answers 304.
      const page = await incidents.page(actor, query);
      const body = JSON.stringify(page);
      const etag = `"p-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      void reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Authorization, X-Act-As-Organization, Accept-Encoding');
      if (etagMatches(request.headers['if-none-match'], etag)) {
        // Not modified: no body, so none of the documented body schemas applies.
        return (reply as FastifyReply).code(304).send();
      }
      return page;
    },
  );

  app.get(
    '/atlas/events/:id',
    {
      schema: {
        ...atlasMeta,
        summary: 'One incident with the shipments near it',
        params: IdParams,
        response: { 200: IncidentDetailResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await incidents.detail(actorOf(request), request.params.id) }),
  );

  app.post(
    '/incidents',
    {
      schema: {
        ...meta,
        summary:
          "Record an incident: the organization's own (MANAGER, ADMIN) or global (platform staff)",
        body: IncidentCreate,
        response: { 201: IncidentResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const incident = await incidents.create(actorOf(request), request.body);
      return reply.status(201).send({ message: API_MESSAGES.incident.created, data: { incident } });
    },
  );

  app.patch(
    '/incidents/:id',
    {
      schema: {
        ...meta,
        summary:
          'Change any of its fields, or its status (OPEN → IN_PROGRESS → RESOLVED → OPEN with a reason)',
        params: IdParams,
        body: IncidentUpdate,
        response: { 200: IncidentResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.incident.updated,
      data: { incident: await incidents.update(actorOf(request), request.params.id, request.body) },
    }),
  );

  app.delete(
    '/incidents/:id',
    {
      schema: {
        ...meta,
        summary: "Remove a feed's duplicate (platform staff); incidents are otherwise kept",
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await incidents.delete(actorOf(request), request.params.id);
      return { message: API_MESSAGES.incident.deleted };
    },
  );

  app.post(
    '/incidents/:id/comments',
    {
      schema: {
        ...meta,
        summary: 'Comment (Markdown); on a global incident only your organization reads it',
        params: IdParams,
        body: CommentCreate,
        response: { 201: TimelineEntryResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const entry = await incidents.comment(actorOf(request), request.params.id, request.body);
      return reply
        .status(201)
        .send({ message: API_MESSAGES.incident.commentAdded, data: { entry } });
    },
  );

  app.get(
    '/incidents/:id/timeline',
    {
      schema: {
        ...meta,
        summary: 'Every change, status change and comment, oldest first',
        params: IdParams,
        response: { 200: TimelineResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.incident.timelineRetrieved,
      data: { entries: await incidents.timeline(actorOf(request), request.params.id) },
    }),
  );
};
