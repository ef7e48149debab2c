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
import type { NotifiedCache } from './lib/notified-cache.js';
import { OidcClient } from './lib/oidc.js';
import { PasswordHasher } from './lib/passwords.js';
import { AccessTokens } from './lib/tokens.js';
import { accountRequestsRoutes } from './modules/account-requests/account-requests.routes.js';
import { AccountRequestsService } from './modules/account-requests/account-requests.service.js';
import { atlasRoutes } from './modules/atlas/atlas.routes.js';
import { AtlasService } from './modules/atlas/atlas.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { ACCESS_CHANNEL, AccessService } from './modules/sessions/access.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { GoogleSignInService } from './modules/auth/google-sign-in.service.js';
import { backgroundWork } from './jobs/background.js';
import type { LoopingWorker } from './jobs/loop.js';
import { jobHandlers } from './jobs/registry.js';
import { JobWorker } from './jobs/worker.js';
import { alertJobs } from './modules/alerts/alerts.jobs.js';
import { DeliveryWorker } from './modules/alerts/delivery.worker.js';
import { FeedPoller } from './modules/feeds/feeds.poller.js';
import { OverdueActions } from './modules/plans/plans.overdue.js';
import { ExposureClock } from './modules/exposure/exposure.clock.js';
import { exposureJobs } from './modules/exposure/exposure.jobs.js';
import { buildChannels } from './modules/alerts/channels.js';
import { DeliveryService } from './modules/alerts/delivery.service.js';
import { endpointsRoutes } from './modules/alerts/endpoints.routes.js';
import { EndpointsService } from './modules/alerts/endpoints.service.js';
import { AlertFanOut } from './modules/alerts/fan-out.js';
import { notificationsRoutes } from './modules/alerts/notifications.routes.js';
import { NotificationsService } from './modules/alerts/notifications.service.js';
import { AlertRaiser } from './modules/alerts/raise.js';
import { analysisRoutes } from './modules/analysis/analysis.routes.js';
import { IncidentAlerts } from './modules/incidents/incident-alerts.js';
import { insightsRoutes } from './modules/insights/insights.routes.js';
import { insightsServices } from './modules/insights/insights.services.js';
import { PlanAlerts } from './modules/plans/plan-alerts.js';
import { PlanTemplatesService } from './modules/plans/plan-templates.service.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { PlansService } from './modules/plans/plans.service.js';
import { TableStatistics } from './jobs/table-statistics.js';
import { badRequest } from './lib/errors.js';
import {
  DEPTH_MESSAGE,
  MAX_JSON_DEPTH,
  NUL_MESSAGE,
  nestsDeeperThan,
  nulPath,
} from './lib/nul-guard.js';
import { ExposureEngine } from './modules/exposure/exposure.engine.js';
import { exposureRoutes } from './modules/exposure/exposure.routes.js';
import { ExposureService } from './modules/exposure/exposure.service.js';
import { jobsRoutes } from './modules/jobs/jobs.routes.js';
import { incidentsRoutes } from './modules/incidents/incidents.routes.js';
import { IncidentsService } from './modules/incidents/incidents.service.js';
import { geocodeRoutes } from './modules/geocode/geocode.routes.js';
import { GeocodeService } from './modules/geocode/geocode.service.js';
import { LoginThrottle } from './modules/sessions/login-throttle.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { FeedReader } from './modules/feeds/feed-reader.js';
import { sourcesRoutes } from './modules/feeds/sources.routes.js';
import { SourcesService } from './modules/feeds/sources.service.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { InvitationsService } from './modules/invitations/invitations.service.js';
import { TwoFactorService } from './modules/two-factor/two-factor.service.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { SecretBox } from './lib/secret-box.js';
import { meRoutes } from './modules/me/me.routes.js';
import { MeService } from './modules/me/me.service.js';
import { organizationsRoutes } from './modules/organizations/organizations.routes.js';
import { OrganizationsService } from './modules/organizations/organizations.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { OrganizationSettingsService } from './modules/settings/settings.service.js';
import { shipmentsRoutes } from './modules/shipments/shipments.routes.js';
import { ShipmentsService } from './modules/shipments/shipments.service.js';
import { sitesRoutes } from './modules/sites/sites.routes.js';
import { SitesService } from './modules/sites/sites.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { USERS_CHANNEL, UsersService } from './modules/users/users.service.js';
import { apiGuardPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's background worker (its health is on GET /api/admin/jobs). */
    jobWorker: JobWorker;
    /** This instance's hazard feed poller (the sources' health is on GET /api/admin/sources). */
    feedPoller: FeedPoller;
    /** This instance's alert outbox sender (the channels' health is on GET /api/admin/integrations). */
    deliveryWorker: DeliveryWorker;
    /** This instance's exposure clock (its health is on GET /api/admin/jobs). */
    exposureClock: ExposureClock;
  }
}

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
    if (at) throw badRequest(`${at.replace(/^body\.?/, '') || 'body'}: ${NUL_MESSAGE}`);
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
  const throttle = new LoginThrottle(db);
  // Background work (exposure recomputes, alert fan-out): claimed once across instances,
  // resumed after a crash. Services queue it in their transactions and wake the worker after.
  const background = backgroundWork({ kick: () => worker.kick() });
  // Alerts: raised with the change, fanned out by a job, delivered from the outbox.
  const mailer = new Mailer(config.mail, app.log);
  const channels = buildChannels(config.alerts, mailer);
  const delivery = new DeliveryService(
    db,
    channels,
    config.publicUrl ?? `http://localhost:${config.port}`,
    app.log,
    config.alerts.timeoutMs,
  );
  const deliveryWorker = new DeliveryWorker(delivery, app.log);
  const alerts = new AlertRaiser(background);
  const exposureEngine = new ExposureEngine(db, alerts);
  const fanOut = new AlertFanOut(
    db,
    background,
    channels,
    () => deliveryWorker.kick(),
    config.alerts.digestWindowMs,
  );
  // Exposure that changes as time passes (an incident's end, a shipment's ETA): after each
  // recompute the clock looks again for the next such moment.
  const exposureClock = new ExposureClock(db, background, app.log, config.exposureClockMs);
  const worker = new JobWorker(
    db,
    jobHandlers(
      exposureJobs(exposureEngine, () => exposureClock.kick()),
      alertJobs(fanOut),
    ),
    app.log,
  );
  const planAlerts = new PlanAlerts(alerts);
  // Actions past their due time: alerted once, by whichever instance finds them first.
  const overdue = new OverdueActions(db, planAlerts, () => worker.kick(), app.log);
  // The hazard feeds: each due source polled by exactly one instance, the schedule in the table.
  const poller = new FeedPoller(
    db,
    new FeedReader(
      db,
      background,
      {
        timeoutMs: config.feeds.timeoutMs,
        maxBytes: config.feeds.maxBytes,
        allowPrivate: config.feeds.allowPrivateUrls,
        contact: config.feeds.contact,
      },
      app.log,
    ),
    app.log,
    undefined,
    config.feeds.leaseMs,
  );
  // The embedded database has no autovacuum: its tables' statistics are kept here.
  const statistics = databaseKind === 'pglite' ? new TableStatistics(db, app.log) : null;
  app.decorate('jobWorker', worker);
  app.decorate('exposureClock', exposureClock);
  app.decorate('deliveryWorker', deliveryWorker);
  app.decorate('feedPoller', poller);
  // This instance's workers start when the app is ready and finish their pass on close, before
  // the mailer they may still be using closes.
  const workers: LoopingWorker[] = [worker, deliveryWorker, overdue, poller, exposureClock];
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

  await app.register(
    async (api) => {
      // Private by default: every route below needs a valid access token unless it says public.
      const accessCache = AccessService.newCache();
      const usersCache = UsersService.newCache();
      const settle = listen
        ? await listenForChanges(
            app,
            new Map<string, NotifiedCache<unknown>>([
              [ACCESS_CHANNEL, accessCache],
              [USERS_CHANNEL, usersCache],
            ]),
            listen,
          )
        : async () => undefined;
      const access = new AccessService(db, tokens, config.internalDomain, accessCache, settle);
      const users = new UsersService(db, config.internalDomain, usersCache);
      await api.register(apiGuardPlugin, { access });
      await api.register(systemRoutes, { db, config, oidc });
      const twoFactor = new TwoFactorService(
        db,
        hasher,
        tokens,
        throttle,
        new SecretBox(jwtSecret, 'totp-secret'),
      );
      await api.register(twoFactorRoutes, { twoFactor });
      await api.register(authRoutes, {
        auth: new AuthService(db, hasher, tokens, app.log, throttle, twoFactor),
        google: new GoogleSignInService(
          db,
          tokens,
          app.log,
          oidc && { oidc, allowedDomain: config.google?.allowedDomain },
          hasher,
          throttle,
          config.internalDomain,
        ),
      });
      const invitations = new InvitationsService(db, hasher, tokens, config.internalDomain, mailer);
      await api.register(invitationsRoutes, { invitations, publicUrl: config.publicUrl });
      await api.register(accountRequestsRoutes, {
        accountRequests: new AccountRequestsService(db, invitations),
        perMinute: config.accountRequestsPerMinute,
        publicUrl: config.publicUrl,
      });
      await api.register(usersRoutes, { users });
      await api.register(organizationsRoutes, { organizations: new OrganizationsService(db) });
      await api.register(atlasRoutes, { atlas: new AtlasService(db) });
      await api.register(incidentsRoutes, {
        incidents: new IncidentsService(db, background, new IncidentAlerts(alerts)),
      });
      await api.register(notificationsRoutes, { notifications: new NotificationsService(db) });
      await api.register(plansRoutes, {
        plans: new PlansService(db, planAlerts, () => worker.kick()),
        templates: new PlanTemplatesService(db),
      });
      await api.register(insightsRoutes, insightsServices(db));
      await api.register(analysisRoutes, { db, llm: config.llm });
      await api.register(endpointsRoutes, {
        endpoints: new EndpointsService(
          db,
          channels,
          delivery,
          config.alerts.allowPrivateUrls,
          () => deliveryWorker.kick(),
        ),
      });
      await api.register(exposureRoutes, { exposure: new ExposureService(db) });
      await api.register(jobsRoutes, {
        db,
        worker,
        loops: [
          ['exposure-clock', exposureClock.health],
          ...(statistics ? [['table-statistics', statistics.health] as const] : []),
        ],
      });
      await api.register(sourcesRoutes, {
        sources: new SourcesService(db, () => poller.kick(), config.feeds.allowPrivateUrls),
      });
      await api.register(apiKeysRoutes, { apiKeys: new ApiKeysService(db, background) });
      await api.register(meRoutes, { me: new MeService(db, hasher, tokens, throttle) });
      await api.register(settingsRoutes, { settings: new OrganizationSettingsService(db) });
      const geocode = new GeocodeService({ geocoderUrl: config.geocoderUrl, log: app.log });
      await api.register(geocodeRoutes, { geocode });
      await api.register(sitesRoutes, { sites: new SitesService(db, background, geocode) });
      await api.register(shipmentsRoutes, {
        shipments: new ShipmentsService(db, background, geocode),
      });
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
  caches: ReadonlyMap<string, NotifiedCache<unknown>>,
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
