import {
  API_KEY_LIMITS,
  ApiKeyCreate,
  ApiKeyCreatedResponse,
  ApiKeyListResponse,
  IdParams,
  IngestRequest,
  IngestResponse,
  MessageResponse,
} from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, privateRoute } from '../../lib/route-docs.js';
import { actorOf } from '../../plugins/auth.js';
import type { ApiKeyRow } from './api-keys.repository.js';
import { type ApiKeysService, digestOf } from './api-keys.service.js';

const meta = privateRoute('api-keys');

/** The key each ingestion request was authenticated with, before its body was read. */
const keyOf = new WeakMap<object, ApiKeyRow>();

const bearerOf = (header: string | undefined) =>
  header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;

export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (
  app,
  { apiKeys },
) => {
  app.get(
    '/admin/api-keys',
    {
      schema: {
        ...meta,
        summary: "The organization's API keys (never the keys themselves)",
        response: { 200: ApiKeyListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      message: API_MESSAGES.apiKey.listed,
      data: { apiKeys: await apiKeys.list(actorOf(request)) },
    }),
  );

  app.post(
    '/admin/api-keys',
    {
      schema: {
        ...meta,
        summary: 'Creates an API key; the answer holds the key, shown this once',
        body: ApiKeyCreate,
        response: { 201: ApiKeyCreatedResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: API_MESSAGES.apiKey.created,
        data: await apiKeys.create(actorOf(request), request.body),
      }),
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      schema: {
        ...meta,
        summary: 'Revokes an API key: it stops working at once',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await apiKeys.revoke(actorOf(request), request.params.id);
      return { message: API_MESSAGES.apiKey.revoked };
    },
  );

  app.post(
    '/ingest/incidents',
    {
      config: {
        // Authenticated by its API key, not a session; each key has its own budget.
        public: true,
        rateLimit: {
          max: API_KEY_LIMITS.perMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) =>
            `api-key:${digestOf(bearerOf(request.headers.authorization) ?? request.ip)}`,
        },
      },
      bodyLimit: 16 * 1024 * 1024,
      // The key first: a caller without one learns nothing about the payload's rules.
      onRequest: async (request) => {
        keyOf.set(
          request,
          await apiKeys.authenticate(bearerOf(request.headers.authorization), request.ip),
        );
      },
      schema: {
        tags: ['ingest'],
        security: [{ apiKey: [] }],
        summary: `Pushes up to ${API_KEY_LIMITS.batch} incidents of the key's organization, idempotent by externalId`,
        body: IngestRequest,
        response: { 200: IngestResponse, ...errorResponses },
      },
    },
    async (request) => {
      const key = keyOf.get(request);
      if (!key) throw new Error('the ingestion key was not checked');
      return {
        message: API_MESSAGES.apiKey.ingested,
        data: await apiKeys.ingest(key, request.body),
      };
    },
  );
};
