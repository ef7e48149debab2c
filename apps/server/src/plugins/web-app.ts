import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as API_MESSAGES from '@meridian/contracts/messages';

/**
 * Serves the built single-page app, and index.html for any other non-API path so that
 * client-side routes survive a reload. Unknown /api paths stay JSON 404s.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { webDistDir: string }) => {
  const indexFile = path.join(opts.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset; sending those saves compressing again.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir: opts.webDistDir }, 'web app not built; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      request.method !== 'GET' ||
      !hasWebApp
    ) {
      return reply.status(404).send({
        code: 'NOT_FOUND',
        message: API_MESSAGES.request.routeNotFound(request.method, pathname),
      });
    }
    // Only names the router knows reach index.html; a missing asset is a real 404.
    if (path.extname(pathname) !== '')
      return reply.status(404).send({ code: 'NOT_FOUND', message: API_MESSAGES.request.notFound });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
