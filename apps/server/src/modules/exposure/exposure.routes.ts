import {
  ExposedRoutesResponse,
  ExposureSummaryResponse,
  IdParams,
  IncidentExposureResponse,
  ScopeQuery,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { ExposureService } from './exposure.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const meta = privateRoute('exposure');

export const exposureRoutes: FastifyPluginAsyncZod<{ exposure: ExposureService }> = async (
  app,
  { exposure },
) => {
  app.get(
    '/incidents/:id/exposure',
    {
      schema: {
        ...meta,
        summary: "The organization's sites and shipments the incident reaches, nearest first",
        params: IdParams,
        querystring: z.strictObject({ include: z.enum(['cleared']).optional() }),
        response: { 200: IncidentExposureResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.exposure.retrieved,
      data: await exposure.ofIncident(
        actorOf(request),
        request.params.id,
        request.query.include === 'cleared',
      ),
    }),
  );

  app.get(
    '/exposure/summary',
    {
      schema: {
        ...meta,
        summary: 'How many of the organization’s sites and shipments each incident reaches now',
        querystring: ScopeQuery,
        response: { 200: ExposureSummaryResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.exposure.summaryRetrieved,
      data: await exposure.summary(actorOf(request), request.query.scope),
    }),
  );

  app.get(
    '/atlas/exposed-routes',
    {
      schema: {
        ...meta,
        summary: "The routes still ahead of the organization's exposed shipments (at most 1,000)",
        querystring: ScopeQuery,
        response: { 200: ExposedRoutesResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await exposure.exposedRoutes(actorOf(request), request.query.scope),
    }),
  );
};
