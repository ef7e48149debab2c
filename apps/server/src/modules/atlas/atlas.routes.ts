import {
  ErrorBody,
  IdParams,
  IncidentDetailResponse,
  IncidentListResponse,
  ScopeQuery,
  ShipmentListResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VersionedJsonCache } from '../../lib/versioned-json.js';
import { actorOf } from '../../plugins/auth.js';
import type { AtlasService } from './atlas.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const meta = { tags: ['atlas'], security: [{ bearer: [] }] };

export const atlasRoutes: FastifyPluginAsyncZod<{ atlas: AtlasService }> = async (
  app,
  { atlas },
) => {
  app.addHook('onRequest', app.authenticate);
  // The big lists leave as the database built them (the response schema still documents them):
  // conditional on their version, compressed once per version.
  const lists = new VersionedJsonCache();

  app.get(
    '/atlas/shipments',
    {
      schema: {
        ...meta,
        summary: 'Shipments of the active organization',
        querystring: ScopeQuery,
        response: { 200: ShipmentListResponse, ...errors },
      },
    },
    (request, reply) => lists.send(request, reply, atlas.shipments(actorOf(request))),
  );

  app.get(
    '/atlas/events',
    {
      schema: {
        ...meta,
        summary: "Incidents: ORG = the organization's own; GLOBAL = also global incidents",
        querystring: ScopeQuery,
        response: { 200: IncidentListResponse, ...errors },
      },
    },
    (request, reply) =>
      lists.send(request, reply, atlas.incidents(actorOf(request), request.query.scope)),
  );

  app.get(
    '/atlas/events/:id',
    {
      schema: {
        ...meta,
        summary: 'One incident with the shipments near it',
        params: IdParams,
        response: { 200: IncidentDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await atlas.incident(actorOf(request), request.params.id) }),
  );
};
