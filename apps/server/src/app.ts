import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LIMITS } from '@meridian/contracts';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { loggerOptions } from './lib/logger.js';
import { Mailer } from './lib/mailer.js';
import { OidcClient } from './lib/oidc.js';
import { PasswordHasher } from './lib/passwords.js';
import { AccessTokens } from './lib/tokens.js';
import { accountRequestsRoutes } from './modules/account-requests/account-requests.routes.js';
import { AccountRequestsService } from './modules/account-requests/account-requests.service.js';
import { atlasRoutes } from './modules/atlas/atlas.routes.js';
import { AtlasService } from './modules/atlas/atlas.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { GoogleSignInService } from './modules/auth/google-sign-in.service.js';
import { geocodeRoutes } from './modules/geocode/geocode.routes.js';
import { GeocodeService } from './modules/geocode/geocode.service.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { InvitationsService } from './modules/invitations/invitations.service.js';
import { meRoutes } from './modules/me/me.routes.js';
import { MeService } from './modules/me/me.service.js';
import { organizationsRoutes } from './modules/organizations/organizations.routes.js';
import { OrganizationsService } from './modules/organizations/organizations.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { OrganizationSettingsService } from './modules/settings/settings.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly { method: string; url: string }[];
  }
}

export type AppDependencies = {
  config: AppConfig;
  db: Database;
  /** The signing key for access tokens (from JWT_SECRET or the database). */
  jwtSecret: string;
};

/** Builds the whole HTTP application; starting and stopping it is main.ts's job. */
export async function buildApp({
  config,
  db,
  jwtSecret,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: LIMITS.bodyBytes,
    // Errors the router raises before any route runs (a malformed URL, an over-long id) are bad input too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is too long'
          : 'Malformed URL';
      void reply.status(400).send({ message });
    },
    trustProxy: config.trustProxy,
    // One line per request is noise at info level; debug and trace show them.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; any other body type is a 415.
  app.removeContentTypeParser('text/plain');

  // Every registered route, so the tenant matrix test can fail when one is missing from it.
  const routes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  // Once closing, answers end their connection: a keep-alive client must not hold shutdown open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });

  const hasher = new PasswordHasher(config.passwordHashing);
  const tokens = new AccessTokens(jwtSecret);
  const oidc = config.google ? new OidcClient(config.google) : null;

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(rateLimitPlugin, {
    perMinute: config.rateLimitPerMinute,
    redisUrl: config.redisUrl,
  });
  await app.register(import('@fastify/compress'), { global: true, threshold: 1024 });
  await app.register(openapiPlugin);
  await app.register(authPlugin, { db, tokens, internalDomain: config.internalDomain });

  await app.register(
    async (api) => {
      await api.register(systemRoutes, { db, config, oidc });
      await api.register(authRoutes, {
        auth: new AuthService(db, hasher, tokens, app.log, new LoginThrottle(db)),
        google: new GoogleSignInService(
          db,
          tokens,
          app.log,
          oidc && { oidc, allowedDomain: config.google?.allowedDomain },
        ),
      });
      const invitations = new InvitationsService(
        db,
        hasher,
        tokens,
        config.internalDomain,
        new Mailer(config.mail, app.log),
      );
      await api.register(invitationsRoutes, { invitations, publicUrl: config.publicUrl });
      await api.register(accountRequestsRoutes, {
        accountRequests: new AccountRequestsService(db, invitations),
        perMinute: config.accountRequestsPerMinute,
        publicUrl: config.publicUrl,
      });
      await api.register(usersRoutes, { users: new UsersService(db) });
      await api.register(organizationsRoutes, { organizations: new OrganizationsService(db) });
      await api.register(atlasRoutes, { atlas: new AtlasService(db) });
      await api.register(meRoutes, { me: new MeService(db, hasher, tokens) });
      await api.register(settingsRoutes, { settings: new OrganizationSettingsService(db) });
      await api.register(geocodeRoutes, {
        geocode: new GeocodeService({ geocoderUrl: config.geocoderUrl, log: app.log }),
      });
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { webDistDir: config.webDistDir });
  return app;
}
