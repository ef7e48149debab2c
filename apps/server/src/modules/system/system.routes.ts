import { HealthResponse, PublicConfig } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { type Database, pingDatabase } from '../../db/client.js';
import type { OidcClient } from '../../lib/oidc.js';

export const PRODUCT_NAME = 'Meridian';

export const systemRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: AppConfig;
  oidc: OidcClient | null;
}> = async (app, { db, config, oidc }) => {
  /** The browser cannot read the issuer's discovery document cross-origin, so the server does. */
  const authorizationEndpoint = async (client: OidcClient): Promise<string | null> => {
    try {
      return await client.authorizationEndpoint();
    } catch (error) {
      app.log.warn({ err: error }, 'OpenID Connect discovery failed');
      return null;
    }
  };

  app.get(
    '/health',
    {
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Ready once the database answers',
        response: { 200: HealthResponse },
      },
    },
    async () => {
      await pingDatabase(db);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/config',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Public runtime settings for the web app',
        response: { 200: PublicConfig },
      },
    },
    async () => ({
      productName: PRODUCT_NAME,
      internalDomain: config.internalDomain,
      google:
        config.google && oidc
          ? {
              clientId: config.google.clientId,
              allowedDomain: config.google.allowedDomain ?? null,
              authorizationEndpoint: await authorizationEndpoint(oidc),
            }
          : null,
      mapStyleUrl: config.mapStyleUrl ?? null,
    }),
  );
};
