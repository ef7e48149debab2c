import { GeocodeQuery, GeocodeResponse } from '@meridian/contracts';
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
};
