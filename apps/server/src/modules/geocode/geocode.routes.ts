import { ErrorBody, GeocodeQuery, GeocodeResponse } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GeocodeService } from './geocode.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const geocodeRoutes: FastifyPluginAsyncZod<{ geocode: GeocodeService }> = async (
  app,
  { geocode },
) => {
  app.get(
    '/geocode',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['geocode'],
        security: [{ bearer: [] }],
        summary:
          'Coordinates of an address: its city, else its country (404 when neither is known)',
        querystring: GeocodeQuery,
        response: { 200: GeocodeResponse, ...errors },
      },
    },
    async (request) => ({ data: await geocode.locate(request.query.address) }),
  );
};
