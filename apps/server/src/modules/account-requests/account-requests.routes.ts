import {
  ACCOUNT_REQUEST_MESSAGES,
  AccountRequestApproval,
  AccountRequestApprovalResponse,
  AccountRequestInput,
  AccountRequestListResponse,
  ErrorBody,
  IdParams,
  MessageResponse,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicBaseUrl } from '../../lib/public-url.js';
import { actorOf } from '../../plugins/auth.js';
import type { AccountRequestsService } from './account-requests.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const meta = { tags: ['account-requests'], security: [{ bearer: [] }] };

export const accountRequestsRoutes: FastifyPluginAsyncZod<{
  accountRequests: AccountRequestsService;
  perMinute: number;
  publicUrl: string | undefined;
}> = async (app, { accountRequests, perMinute, publicUrl }) => {
  // Public: anyone may ask for an account; platform admins review the requests.
  app.post(
    '/account-requests',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['account-requests'],
        summary: 'Ask for an account (public, rate-limited)',
        body: AccountRequestInput,
        response: { 201: MessageResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await accountRequests.submit(request.body);
      return reply.status(201).send({ message: ACCOUNT_REQUEST_MESSAGES.submitted });
    },
  );

  app.get(
    '/admin/account-requests',
    {
      onRequest: app.authenticate,
      schema: {
        ...meta,
        summary: 'Pending account requests (platform admins)',
        response: { 200: AccountRequestListResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Account requests retrieved',
      data: { accountRequests: await accountRequests.listPending(actorOf(request)) },
    }),
  );

  app.post(
    '/admin/account-requests/:id/approve',
    {
      onRequest: app.authenticate,
      schema: {
        ...meta,
        summary: 'Create the organization and invite the requester as its admin',
        params: IdParams,
        body: AccountRequestApproval,
        response: { 201: AccountRequestApprovalResponse, ...errors },
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
      return reply.status(201).send({ message: 'Account request approved', data });
    },
  );

  app.post(
    '/admin/account-requests/:id/dismiss',
    {
      onRequest: app.authenticate,
      schema: {
        ...meta,
        summary: 'Dismiss an account request',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await accountRequests.dismiss(actorOf(request), request.params.id);
      return { message: 'Account request dismissed' };
    },
  );
};
