import {
  AlertEndpointCreate,
  AlertEndpointListResponse,
  AlertEndpointResponse,
  AlertEndpointUpdate,
  DeliveryListResponse,
  EndpointTestResponse,
  IdParams,
  MessageResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { EndpointsService } from './endpoints.service.js';

const meta = privateRoute('integrations');

/** Platform Setup → Integrations: an organization's Slack, Teams and webhook endpoints. */
export const endpointsRoutes: FastifyPluginAsyncZod<{ endpoints: EndpointsService }> = async (
  app,
  { endpoints },
) => {
  app.get(
    '/admin/integrations',
    {
      schema: {
        ...meta,
        summary: "The organization's alert endpoints and the health of every channel",
        response: { 200: AlertEndpointListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.alert.endpointsListed,
      data: await endpoints.list(actorOf(request)),
    }),
  );

  app.post(
    '/admin/integrations',
    {
      schema: {
        ...meta,
        summary: 'Adds a Slack, Teams or webhook endpoint (a webhook answers its secret, once)',
        body: AlertEndpointCreate,
        response: { 201: AlertEndpointResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await endpoints.create(actorOf(request), request.body);
      return reply.status(201).send({
        message: data.secret
          ? API_MESSAGES.alert.endpointCreatedWithSecret
          : API_MESSAGES.alert.endpointCreated,
        data,
      });
    },
  );

  app.patch(
    '/admin/integrations/:id',
    {
      schema: {
        ...meta,
        summary: 'Changes an endpoint: name, URL, threshold, on or off',
        params: IdParams,
        body: AlertEndpointUpdate,
        response: { 200: AlertEndpointResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.alert.endpointUpdated,
      data: { endpoint: await endpoints.update(actorOf(request), request.params.id, request.body) },
    }),
  );

  app.delete(
    '/admin/integrations/:id',
    {
      schema: {
        ...meta,
        summary: 'Removes an endpoint: nothing more is sent to it',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await endpoints.remove(actorOf(request), request.params.id);
      return { message: API_MESSAGES.alert.endpointRemoved };
    },
  );

  app.post(
    '/admin/integrations/:id/test',
    {
      schema: {
        ...meta,
        summary: 'Sends a test message now; the answer says what the receiver replied',
        params: IdParams,
        response: { 200: EndpointTestResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { delivery, ok } = await endpoints.test(actorOf(request), request.params.id);
      return {
        message: ok
          ? API_MESSAGES.alert.testSent
          : API_MESSAGES.alert.testFailed(delivery.lastError ?? 'no answer'),
        data: { delivery },
      };
    },
  );

  app.get(
    '/admin/integrations/:id/deliveries',
    {
      schema: {
        ...meta,
        summary: "An endpoint's latest 50 deliveries, with status codes and errors",
        params: IdParams,
        response: { 200: DeliveryListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.alert.deliveriesListed,
      data: { deliveries: await endpoints.deliveries(actorOf(request), request.params.id) },
    }),
  );

  app.post(
    '/admin/deliveries/:id/redeliver',
    {
      schema: {
        ...meta,
        summary: 'Queues a delivery again now, with a fresh retry window',
        params: IdParams,
        response: { 200: EndpointTestResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.alert.redelivered,
      data: { delivery: await endpoints.redeliver(actorOf(request), request.params.id) },
    }),
  );
};
