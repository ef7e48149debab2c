import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { DomainError } from '../lib/errors.js';

/**
 * Two budgets on every route, RATE_LIMIT_PER_MINUTE each, generous enough that a busy analyst
 * never meets them: one per IP, and one per signed-in user, so spreading requests over many
 * addresses does not buy a user more. With REDIS_URL, instances share both budgets.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { perMinute: number; redisUrl: string | undefined }) => {
    const redis = opts.redisUrl
      ? new Redis(opts.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: true,
      max: opts.perMinute,
      timeWindow: '1 minute',
      ...(redis ? { redis, nameSpace: 'meridian-rate-limit:' } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
    // The caller is known only once a route's authentication hook has run, hence preHandler.
    const perUser = app.createRateLimit({
      keyGenerator: (request) => `user:${request.actor?.user.id ?? ''}`,
    });
    app.addHook('preHandler', async (request) => {
      if (!request.actor) return;
      const limit = await perUser(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new DomainError(
          'TOO_MANY_REQUESTS',
          `Too many requests. Try again in ${limit.ttlInSeconds} seconds.`,
          limit.ttlInSeconds,
        );
      }
    });
  },
);
