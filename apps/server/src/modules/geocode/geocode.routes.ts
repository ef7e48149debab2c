import {
  GeocodeQuery,
  GeocodeResponse,
  PlaceSearchQuery,
  PlaceSearchResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-docs.js';
import type { GeocodeService } from './geocode.service.js';

export const geocodeRoutes: FastifyPluginAsyncZod<{ geocode: GeocodeService }> = async (
  app,
  { geocode },
) => {
  app.get(
    '/geocode',
    {
      schema: {
        tags: ['geocode'],
        security: [{ bearer: [] }],
        summary:
          'Coordinates of an address: its city, else its country (404 when neither is known)',
        querystring: GeocodeQuery,
        response: { 200: GeocodeResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await geocode.locate(request.query.address) }),
  );
  app.get(
    '/places',
    {
      schema: {
        tags: ['geocode'],
        security: [{ bearer: [] }],
        summary:
          'The places a name or UN/LOCODE may mean: ports and airports first, then cities (best first)',
        querystring: PlaceSearchQuery,
        response: { 200: PlaceSearchResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await geocode.searchPlaces(request.query.q) }),
  );
};
