import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { pino } from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LIMITS } from '@meridian/contracts';
import type { AppConfig } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { loggerOptions } from './lib/logger.js';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id.js';
import { Mailer } from './lib/mailer.js';
import type { ChangeFollower } from './lib/notified-cache.js';
import { OidcClient } from './lib/oidc.js';
import { PasswordHasher } from './lib/passwords.js';
import { AccessTokens } from './lib/tokens.js';
import { backgroundWork } from './jobs/background.js';
import type { LoopingWorker } from './jobs/loop.js';
import { jobHandlers } from './jobs/registry.js';
import { JobWorker } from './jobs/worker.js';
import { TableStatistics } from './jobs/table-statistics.js';
import { badRequest } from './lib/errors.js';
import { DEPTH_MESSAGE, MAX_JSON_DEPTH, nestsDeeperThan, nulPath } from './lib/nul-guard.js';
import { accountRequestsModule } from './modules/account-requests/account-requests.module.js';
import { alertsModule } from './modules/alerts/alerts.module.js';
import { analysisModule } from './modules/analysis/analysis.module.js';
import { apiKeysModule } from './modules/api-keys/api-keys.module.js';
import { atlasModule } from './modules/atlas/atlas.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { exposureModule } from './modules/exposure/exposure.module.js';
import { feedsModule } from './modules/feeds/feeds.module.js';
import { geocodeModule } from './modules/geocode/geocode.module.js';
import { incidentsModule } from './modules/incidents/incidents.module.js';
import { insightsModule } from './modules/insights/insights.module.js';
import { invitationsModule } from './modules/invitations/invitations.module.js';
import { jobsModule } from './modules/jobs/jobs.module.js';
import { meModule } from './modules/me/me.module.js';
import {
  type AppCore,
  type BackgroundHealth,
  type MeridianModule,
  missingExport,
  setUpModules,
} from './modules/module.js';
import { organizationsModule } from './modules/organizations/organizations.module.js';
import { plansModule } from './modules/plans/plans.module.js';
import { sessionsModule } from './modules/sessions/sessions.module.js';
import { settingsModule } from './modules/settings/settings.module.js';
import { productsModule } from './modules/products/products.module.js';
import { assessmentsModule } from './modules/assessments/assessments.module.js';
import { shipmentsModule } from './modules/shipments/shipments.module.js';
import { sitesModule } from './modules/sites/sites.module.js';
import { systemModule } from './modules/system/system.module.js';
import { twoFactorModule } from './modules/two-factor/two-factor.module.js';
import { usersModule } from './modules/users/users.module.js';
import { apiGuardPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's background worker (its health is on GET /api/admin/jobs). */
    jobWorker: JobWorker;
  }
}

declare module './modules/module.js' {
  interface ModuleExports {
    /** The jobs screen's view: offered by the app once every module is set up. */
    backgroundHealth: BackgroundHealth;
  }
}

/**
 * The server's domains, each registering its routes, jobs and loops. A module may use what the
 * modules before it export (`use`), so the order is the order of dependence.
 */
export const MODULES: readonly MeridianModule[] = [
  sessionsModule,
  // Places by name and in words: no module before it; the alerts' messages name places.
  geocodeModule,
  systemModule,
  twoFactorModule,
  authModule,
  invitationsModule,
  accountRequestsModule,
  usersModule,
  organizationsModule,
  atlasModule,
  alertsModule,
  incidentsModule,
  plansModule,
  insightsModule,
  analysisModule,
  exposureModule,
  jobsModule,
  feedsModule,
  apiKeysModule,
  meModule,
  settingsModule,
  sitesModule,
  productsModule,
  assessmentsModule,
  shipmentsModule,
];

export type AppDependencies = {
  config: AppConfig;
  db: Database;
  /** Which database `db` is: the embedded one has no autovacuum, so the app keeps its statistics. */
  databaseKind: DatabaseHandle['kind'];
  /** The signing key for access tokens (from JWT_SECRET or the database). */
  jwtSecret: string;
  /** One hasher per process: its cap on running and queued hashes is process-wide. */
  hasher?: PasswordHasher;
  /** The process's logger (main.ts's, or a test's that reads the lines); else one from config. */
  logger?: FastifyBaseLogger;
  /**
   * The database's LISTEN, through which every instance hears of access and user changes;
   * without it each request reads the rows behind its token and each user list (nothing is
   * cached).
   */
  listen?: DatabaseHandle['listen'];
};

/** Builds the whole HTTP application; starting and stopping it is main.ts's job. */
export async function buildApp({
  config,
  db,
  databaseKind,
  jwtSecret,
  hasher = new PasswordHasher(config.passwordHashing, 4, config.passwordHashQueue),
  logger = pino(loggerOptions(config)),
  listen,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    // Every log line of a request carries its id, and every answer names it (X-Request-Id).
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: LIMITS.bodyBytes,
    // Errors the router raises before any route runs (a malformed URL, an over-long id) are bad input too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is too long'
          : 'Malformed URL';
      void reply
        .header(REQUEST_ID_HEADER, request.id)
        .status(400)
        .send({ code: 'BAD_REQUEST', message });
    },
    // A hop count trusts the nearest n proxies, as proxy-addr does with a number.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // One line per request is noise at info level; debug and trace show them.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; any other body type is a 415.
  app.removeContentTypeParser('text/plain');
  // First of all hooks, so that answers from later ones (rate limit, auth) carry it too.
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });

  // A body nested past any real one is refused while read, before anything walks it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  /** Bodies whose JSON text has no \u0000 escape: parsed, they cannot hold NUL (JSON has no raw one). */
  const nulFree = new WeakSet<object>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(badRequest(DEPTH_MESSAGE), undefined);
    if (!/\\u0000/i.test(text)) nulFree.add(request);
    void parseJson(request, text, done);
  });
  // PostgreSQL text cannot hold NUL: refused up front with where it was, never a 500 deep in SQL.
  app.addHook('preValidation', async (request) => {
    const at =
      (nulFree.has(request) ? null : nulPath(request.body)) ??
      nulPath(request.query, 'query') ??
      nulPath(request.params, 'path');
    if (at)
      throw badRequest(
        `${at.replace(/^body\.?/, '') || 'body'}: ${API_MESSAGES.request.nulCharacter}`,
      );
  });

  // Once closing, answers end their connection: a keep-alive client must not hold shutdown open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });

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
  const mailer = new Mailer(config.mail, app.log);
  // Background work (exposure recomputes, alert fan-out): claimed once across instances,
  // resumed after a crash. Services queue it in their transactions and wake the worker after.
  const background = backgroundWork({ kick: () => worker.kick() });
  let settle: () => Promise<void> = async () => undefined;
  const core: AppCore = {
    app,
    config,
    db,
    databaseKind,
    log: app.log,
    jwtSecret,
    hasher,
    tokens,
    oidc,
    mailer,
    background,
    settle: () => settle(),
  };
  const { parts, exports } = await setUpModules(core, MODULES);
  const worker = new JobWorker(db, jobHandlers(...parts.map((each) => each.jobs ?? {})), app.log);
  app.decorate('jobWorker', worker);
  // The embedded database has no autovacuum: its tables' statistics are kept here.
  const statistics = databaseKind === 'pglite' ? new TableStatistics(db, app.log) : null;
  exports.backgroundHealth = {
    worker,
    loops: [
      ...parts.flatMap((each) => each.health ?? []),
      ...(statistics ? [['table-statistics', statistics.health] as const] : []),
    ],
  };
  // This instance's workers start when the app is ready and finish their pass on close, before
  // the mailer they may still be using closes.
  const workers: LoopingWorker[] = [worker, ...parts.flatMap((each) => each.workers ?? [])];
  if (statistics) workers.push(statistics);
  if (config.workers) {
    app.addHook('onReady', async () => {
      for (const each of workers) each.start();
    });
  }
  app.addHook('onClose', async () => {
    await Promise.all(workers.map((each) => each.stop()));
    mailer.close();
  });
  // Caches kept true by the database's change notifications, when it has them; without, each
  // request reads the rows behind its token and each user list (nothing is cached).
  const caches = new Map(parts.flatMap((each) => each.caches ?? []));
  if (listen && caches.size > 0) settle = await listenForChanges(app, caches, listen);

  await app.register(
    async (api) => {
      // Private by default: every route below needs a valid access token unless it says public.
      await api.register(apiGuardPlugin, { access: exports.access ?? missingExport('access') });
      for (const each of parts) await each.routes?.(api);
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { webDistDir: config.webDistDir });
  return app;
}

/**
 * Keeps the caches true to the database: the `meridian_access` and `meridian_users` triggers
 * announce each change on commit; while the listening connection is down, nothing is cached.
 * One connection hears both, so the barrier it returns, which a write request awaits, covers both.
 */
async function listenForChanges(
  app: FastifyInstance,
  caches: ReadonlyMap<string, ChangeFollower>,
  listen: NonNullable<AppDependencies['listen']>,
): Promise<() => Promise<void>> {
  const listener = await listen([...caches.keys()], {
    message: (channel, payload) => caches.get(channel)?.changed(payload),
    ready: () => caches.forEach((cache) => cache.setListening(true)),
    lost: () => {
      caches.forEach((cache) => cache.setListening(false));
      app.log.warn('change notifications lost; not caching until they are back');
    },
  });
  app.addHook('onClose', async () => listener.stop());
  return listener.barrier;
}
