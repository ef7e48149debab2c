import {
  MapSiteListResponse,
  SHIPMENT_MAP_FORMAT,
  ScopeQuery,
  ShipmentListResponse,
  ShipmentMapDetailsQuery,
  ShipmentMapDetailsResponse,
  ShipmentMapIdsResponse,
  ShipmentMapQuery,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse, privateRoute } from '../../lib/route-docs.js';
import { VersionedJsonCache } from '../../lib/versioned-json.js';
import { actorOf } from '../../plugins/auth.js';
import type { AtlasService } from './atlas.service.js';

const meta = privateRoute('atlas');

/** Map bodies are kept per box as well as per version: a smaller budget than the lists'. */
const MAP_CACHE_BYTES = 32 * 1024 * 1024;

export const atlasRoutes: FastifyPluginAsyncZod<{ atlas: AtlasService }> = async (
  app,
  { atlas },
) => {
  // The big lists leave as the database built them (the response schema still documents them):
  // conditional on their version, compressed once per version.
  const lists = new VersionedJsonCache();
  const maps = new VersionedJsonCache(MAP_CACHE_BYTES);

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
    '/atlas/shipments/map',
    {
      schema: {
        ...meta,
        summary:
          'The shipments in view, compact: positions, statuses, exposure and ordinals (binary)',
        description:
          'The body is SHIPMENT_MAP_FORMAT of @meridian/contracts (decodeShipmentMap): float32 ' +
          'positions, a byte of status and exposed flag (an incident of the scope reaches the ' +
          "shipment now), and each shipment's ordinal at the body's tag: its details come from " +
          'GET /atlas/shipments/map/details, every id from GET /atlas/shipments/map/ids. Without ' +
          'bbox, the whole world; zoom is accepted and not used yet.',
        querystring: ShipmentMapQuery,
        response: {
          200: fileResponse(SHIPMENT_MAP_FORMAT.contentType, 'The shipment map'),
          ...errorResponses,
        },
      },
    },
    (request, reply) =>
      maps.send(
        request,
        reply,
        atlas.shipmentMap(actorOf(request), request.query.scope, request.query.bbox),
      ),
  );

  app.get(
    '/atlas/shipments/map/details',
    {
      schema: {
        ...meta,
        summary: 'One shipment of the map by its ordinal and the tag of the body it came in',
        description:
          'What hovering a point shows, without the id list. A tag of an older version of the ' +
          'shipments answers 409: load the map again.',
        querystring: ShipmentMapDetailsQuery,
        response: { 200: ShipmentMapDetailsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await atlas.shipmentMapDetails(
        actorOf(request),
        request.query.ordinal,
        request.query.tag,
      ),
    }),
  );

  app.get(
    '/atlas/shipments/map/ids',
    {
      schema: {
        ...meta,
        summary: "The shipment ids the map's ordinals index, with the tag they belong to",
        querystring: ScopeQuery,
        response: { 200: ShipmentMapIdsResponse, ...errorResponses },
      },
    },
    (request, reply) => lists.send(request, reply, atlas.shipmentMapIds(actorOf(request))),
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
