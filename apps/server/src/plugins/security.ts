import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';

/**
 * Headers that make cross-site scripting and framing as hard as possible, since the
 * browser keeps its tokens in storage (as the specification requires).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  // helmet itself, built once: @fastify/helmet builds the middleware again for every request
  // (parsing the policy each time), a twentieth of a small request's time.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MapLibre and the headless UI primitives set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // blob: the map's worker loads Atlas's shipment and incident documents, built in the page.
        connectSrc: [
          "'self'",
          'blob:',
          ...(config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error as Error | undefined),
    );
  });
  await app.register(cors, {
    // Same-origin by default; other origins only when listed in CORS_ORIGINS.
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Act-As-Organization'],
    exposedHeaders: ['X-Request-Id'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    maxAge: 600,
  });
});
