import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { ipBucket } from '../lib/client-ip.js';
import { DomainError } from '../lib/errors.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/**
 * The API's request budget, RATE_LIMIT_PER_MINUTE: per user once signed in (an office behind
 * one NAT is many users, each with a budget of their own), per IP (IPv6 per /64) before.
 * Static files and the health probe are outside it. With REDIS_URL, instances share it.
 * Routes may add a stricter budget of their own (`config.rateLimit`), counted per IP.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { perMinute: number; redisUrl: string | undefined }) => {
    const redis = opts.redisUrl
      ? new Redis(opts.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: false,
      max: opts.perMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `ip:${ipBucket(request.ip)}`,
      ...(redis ? { redis, nameSpace: 'meridian-rate-limit:' } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: API_MESSAGES.request.tooMany(Math.ceil(context.ttl / 1000)),
      }),
    });

    const budget = app.createRateLimit({
      keyGenerator: (request) =>
        request.actor ? `user:${request.actor.user.id}` : `ip:${ipBucket(request.ip)}`,
    });
    app.decorate('spendApiBudget', async (request, reply) => {
      const limit = await budget(request);
      if (limit.isAllowed) return;
      void reply.headers({
        'x-ratelimit-limit': limit.max,
        'x-ratelimit-remaining': limit.remaining,
        'x-ratelimit-reset': limit.ttlInSeconds,
      });
      if (limit.isExceeded) {
        throw new DomainError(
          'TOO_MANY_REQUESTS',
          API_MESSAGES.request.tooMany(limit.ttlInSeconds),
          limit.ttlInSeconds,
        );
      }
    });
  },
);
