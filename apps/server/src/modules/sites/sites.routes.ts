import {
  BulkResponse,
  IMPORT_LIMITS,
  IdParams,
  SiteBulk,
  SiteExposureResponse,
  SiteInput,
  SiteListQuery,
  SiteListResponse,
  SiteResponse,
  SiteUpdate,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replyWithProgress } from '../../lib/bulk-progress.js';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { SitesService } from './sites.service.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

const meta = privateRoute('sites');

export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (
  app,
  { sites },
) => {
  app.get(
    '/sites',
    {
      schema: {
        ...meta,
        summary:
          "The organization's sites: search (name, reference, city, products), filters, sort, pages (cursor) and the total",
        querystring: SiteListQuery,
        response: { 200: SiteListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.site.listed,
      data: await sites.list(actorOf(request), request.query),
    }),
  );

  app.post(
    '/sites',
    {
      schema: {
        ...meta,
        summary: 'Add a site (MANAGER, ADMIN): its location given, or found from its address',
        body: SiteInput,
        response: { 201: SiteResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const site = await sites.create(actorOf(request), request.body);
      return reply.status(201).send({ message: API_MESSAGES.site.created, data: { site } });
    },
  );

  app.post(
    '/sites/bulk',
    {
      bodyLimit: IMPORT_LIMITS.bodyBytes,
      // Progress lines must leave as they are written, not when a compressor's buffer fills.
      compress: false,
      schema: {
        ...meta,
        summary: `Create or update (by externalRef) up to ${IMPORT_LIMITS.rows} sites in one transaction; with Accept: application/x-ndjson, progress lines then the result`,
        body: SiteBulk,
        response: { 200: BulkResponse, ...errorResponses },
      },
    },
    (request, reply) =>
      replyWithProgress(request, reply, 'Sites imported', (progress) =>
        sites.bulk(actorOf(request), request.body.sites, progress),
      ),
  );

  app.get(
    '/sites/:id',
    {
      schema: {
        ...meta,
        summary: 'One site',
        params: IdParams,
        response: { 200: SiteResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.site.retrieved,
      data: { site: await sites.get(actorOf(request), request.params.id) },
    }),
  );

  app.patch(
    '/sites/:id',
    {
      schema: {
        ...meta,
        summary: 'Change a site, or archive (archived: true) and restore it (MANAGER, ADMIN)',
        params: IdParams,
        body: SiteUpdate,
        response: { 200: SiteResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.site.updated,
      data: { site: await sites.update(actorOf(request), request.params.id, request.body) },
    }),
  );

  app.get(
    '/sites/:id/exposure',
    {
      schema: {
        ...meta,
        summary:
          'The incidents reaching the site now (include=cleared: those that did), nearest first',
        params: IdParams,
        querystring: z.strictObject({ include: z.enum(['cleared']).optional() }),
        response: { 200: SiteExposureResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.exposure.retrieved,
      data: {
        exposures: await sites.exposure(
          actorOf(request),
          request.params.id,
          request.query.include === 'cleared',
        ),
      },
    }),
  );
};
