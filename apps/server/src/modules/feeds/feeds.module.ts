import { defineModule } from '../module.js';
import { FeedReader } from './feed-reader.js';
import { feedReportsRoutes } from './feed-reports.routes.js';
import { FeedReportsService } from './feed-reports.service.js';
import { FeedPoller } from './feeds.poller.js';
import { sourcesRoutes } from './sources.routes.js';
import { SourcesService } from './sources.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's hazard feed poller (the sources' health is on GET /api/admin/sources). */
    feedPoller: FeedPoller;
  }
}

/** The hazard feeds: each due source polled by exactly one instance, the schedule in the table. */
export const feedsModule = defineModule({
  name: 'feeds',
  setup: ({ app, db, log, background, config }, use) => {
    const geocode = use('geocode');
    const reader = new FeedReader(
      db,
      background,
      {
        timeoutMs: config.feeds.timeoutMs,
        maxBytes: config.feeds.maxBytes,
        allowPrivate: config.feeds.allowPrivateUrls,
        contact: config.feeds.contact,
      },
      log,
      config.feeds.fusion,
      (names) => geocode.firstPlaceNamed(names),
    );
    const poller = new FeedPoller(db, reader, log, undefined, config.feeds.leaseMs);
    app.decorate('feedPoller', poller);
    const sources = new SourcesService(db, () => poller.kick(), config.feeds.allowPrivateUrls);
    const feedReports = new FeedReportsService(db, background);
    return {
      workers: [poller],
      routes: async (api) => {
        await api.register(sourcesRoutes, { sources });
        await api.register(feedReportsRoutes, { feedReports });
      },
    };
  },
});
