import {
  ErrorBody,
  IdParams,
  SUPPLIER_REQUEST_LIMITS,
  SupplierAnswer,
  SupplierRequestCreate,
  SupplierRequestCreateResponse,
  SupplierRequestListResponse,
  SupplierRequestViewResponse,
  SupplierTokenParams,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { actorOf } from '../../plugins/auth.js';
import type { SupplierRequestsService } from './supplier-requests.service.js';

const meta = privateRoute('assessments');
const RequestParams = IdParams.extend({
  requestId: z.uuid({ message: 'requestId must be a UUID' }),
});
const errors = { ...errorResponses, 410: ErrorBody, 503: ErrorBody };
/** The public page's routes: no account, so a budget per address (guessing is counted). */
const publicConfig = {
  public: true,
  rateLimit: { max: SUPPLIER_REQUEST_LIMITS.publicPerMinute, timeWindow: '1 minute' },
};

export const supplierRequestsRoutes: FastifyPluginAsyncZod<{
  requests: SupplierRequestsService;
  publicUrl: string | undefined;
}> = async (app, { requests, publicUrl }) => {
  app.get(
    '/incidents/:id/supplier-requests',
    {
      schema: {
        ...meta,
        summary: 'The links sent to exposed sites’ contacts, their status and the response rate',
        params: IdParams,
        response: { 200: SupplierRequestListResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.supplierRequest.listed,
      data: await requests.list(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/incidents/:id/supplier-requests',
    {
      schema: {
        ...meta,
        summary:
          'Asks exposed sites’ contacts how they stand: a one-time link by e-mail, one reminder',
        params: IdParams,
        body: SupplierRequestCreate,
        response: { 201: SupplierRequestCreateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await requests.ask(
        actorOf(request),
        request.params.id,
        request.body,
        publicBaseUrl(request, publicUrl),
      );
      return reply.status(201).send({
        message: API_MESSAGES.supplierRequest.created(data.requests.length),
        data,
      });
    },
  );

  app.delete(
    '/incidents/:id/supplier-requests/:requestId',
    {
      schema: {
        ...meta,
        summary: 'Revokes a link: it no longer opens',
        params: RequestParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await requests.revoke(actorOf(request), request.params.id, request.params.requestId);
      return { message: API_MESSAGES.supplierRequest.revoked };
    },
  );

  app.get(
    '/public/supplier-requests/:token',
    {
      config: publicConfig,
      schema: {
        tags: ['assessments'],
        summary: 'What a supplier’s link asks about (public: the link is the key)',
        params: SupplierTokenParams,
        response: { 200: SupplierRequestViewResponse, ...errors },
      },
    },
    async (request) => ({
      message: API_MESSAGES.supplierRequest.found,
      data: await requests.view(request.params.token),
    }),
  );

  app.put(
    '/public/supplier-requests/:token',
    {
      config: publicConfig,
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['assessments'],
        summary: 'A supplier’s answer through its link (public); it may change it until expiry',
        params: SupplierTokenParams,
        body: SupplierAnswer,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await requests.answer(request.params.token, request.body);
      return { message: API_MESSAGES.supplierRequest.answered };
    },
  );
};
