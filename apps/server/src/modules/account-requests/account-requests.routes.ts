import {
  AccountRequestApproval,
  AccountRequestApprovalResponse,
  AccountRequestInput,
  AccountRequestListQuery,
  AccountRequestListResponse,
  ErrorBody,
  IdParams,
  MessageResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { actorOf } from '../../plugins/auth.js';
import type { AccountRequestsService } from './account-requests.service.js';

const meta = privateRoute('account-requests');

export const accountRequestsRoutes: FastifyPluginAsyncZod<{
  accountRequests: AccountRequestsService;
  perMinute: number;
  publicUrl: string | undefined;
}> = async (app, { accountRequests, perMinute, publicUrl }) => {
  // Public: anyone may ask for an account; platform admins review the requests.
  app.post(
    '/account-requests',
    {
      config: { public: true, rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['account-requests'],
        summary: 'Ask for an account (public, rate-limited)',
        body: AccountRequestInput,
        response: { 201: MessageResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await accountRequests.submit(request.body);
      return reply.status(201).send({ message: API_MESSAGES.accountRequest.submitted });
    },
  );

  app.get(
    '/admin/account-requests',
    {
      schema: {
        ...meta,
        summary: 'Pending account requests, newest first, paged (platform admins)',
        querystring: AccountRequestListQuery,
        response: { 200: AccountRequestListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.accountRequest.listed,
      data: await accountRequests.listPending(actorOf(request), request.query),
    }),
  );

  app.post(
    '/admin/account-requests/:id/approve',
    {
      schema: {
        ...meta,
        summary: 'Create the organization and invite the requester as its admin',
        params: IdParams,
        body: AccountRequestApproval,
        response: { 201: AccountRequestApprovalResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const baseUrl = publicBaseUrl(request, publicUrl);
      const data = await accountRequests.approve(
        actorOf(request),
        request.params.id,
        request.body,
        baseUrl,
      );
      return reply.status(201).send({ message: API_MESSAGES.accountRequest.approved, data });
    },
  );

  app.post(
    '/admin/account-requests/:id/dismiss',
    {
      schema: {
        ...meta,
        summary: 'Dismiss an account request',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await accountRequests.dismiss(actorOf(request), request.params.id);
      return { message: API_MESSAGES.accountRequest.dismissed };
    },
  );
};
