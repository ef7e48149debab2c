import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';

/**
 * The API's answers are JSON, which no browser renders as a page: they load nothing and are
 * framed nowhere (OWASP's headers for REST services). Six headers, set at once, where the page's
 * policy is thirteen set one by one; it was a fifth of a token check's work (`validate`).
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** /api, but not the API's documentation pages (Swagger UI: a page with scripts and styles). */
const isApiAnswer = (url: string): boolean =>
  url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Headers that make cross-site scripting and framing as hard as possible, since the
 * browser keeps its tokens in storage (as the specification requires): the page's policy on the
 * app and its files, a policy that allows nothing on the API's JSON.
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
    if (isApiAnswer(request.url)) {
      void reply.headers(API_HEADERS);
      done();
      return;
    }
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
