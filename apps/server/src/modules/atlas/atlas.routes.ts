import { MapSiteListResponse, ScopeQuery, ShipmentListResponse } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { VersionedJsonCache } from '../../lib/versioned-json.js';
import { actorOf } from '../../plugins/auth.js';
import type { AtlasService } from './atlas.service.js';

const meta = privateRoute('atlas');

export const atlasRoutes: FastifyPluginAsyncZod<{ atlas: AtlasService }> = async (
  app,
  { atlas },
) => {
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
        response: { 200: ShipmentListResponse, ...errorResponses },
      },
    },
    (request, reply) => lists.send(request, reply, atlas.shipments(actorOf(request))),
  );

  app.get(
    '/atlas/sites',
    {
      schema: {
        ...meta,
        summary: "The organization's sites with a location, for the map",
        response: { 200: MapSiteListResponse, ...errorResponses },
      },
    },
    (request, reply) => lists.send(request, reply, atlas.sites(actorOf(request))),
  );
};
