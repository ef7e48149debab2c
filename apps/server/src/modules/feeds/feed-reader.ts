import { randomUUID } from 'node:crypto';
import { ALERT_LIMITS, type FusionRules } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { chunks } from '../../db/chunks.js';
import type { Database, Executor } from '../../db/client.js';
import type { BackgroundWork } from '../../jobs/background.js';
import { EXPOSURE_JOBS, INCIDENTS_PER_BATCH_JOB } from '../exposure/exposure.jobs.js';
import { CONNECTORS } from './connectors/index.js';
import { type FetchOptions, fetchFeed } from './fetch-feed.js';
import { type FindPlace, placeByNames } from './named-places.js';
import { RemoteShapes } from './shapes.js';
import { type IngestResult, ingestFeed } from './ingest.js';
import { type SourceRow, sourcesRepository as sources } from './sources.repository.js';

/** After a failure: 30 s, doubling with each failure in a row, at most an hour. */
export const feedRetryMs = (failures: number) =>
  Math.min(30_000 * 2 ** Math.max(0, failures - 1), 60 * 60_000);

export type PollOutcome =
  | { status: 'not-modified' }
  | ({ status: 'ingested'; items: number; skipped: number } & Omit<IngestResult, 'touched'>)
  | { status: 'failed'; error: string; retryMs: number };

/**
 * Reads one source: fetch (conditional), parse, and write the incidents in one transaction
 * with the source's new state, so a document either lands whole or not at all. A failure
 * leaves the incidents as they were and puts the source back after a growing delay.
 */
export class FeedReader {
  private readonly shapes: RemoteShapes;

  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWork,
    private readonly options: FetchOptions,
    private readonly log: FastifyBaseLogger,
    /** Which hazards are fused across feeds (FEED_FUSION); none by default. */
    private readonly fusion: FusionRules = {},
    /** Places news items by the names they give; without it they are skipped. */
    private readonly findPlace: FindPlace = () => Promise.resolve(null),
  ) {
    this.shapes = new RemoteShapes(options);
  }

  /**
   * The touched incidents' exposure, recomputed by the jobs: one job each, or, when the update
   * changed many (a feed catching up), jobs that tell each organization in one summary.
   */
  private async queueExposure(tx: Executor, source: SourceRow, touched: readonly string[]) {
    if (touched.length < ALERT_LIMITS.summarizeFeedFrom) {
      await this.background.enqueueMany(
        tx,
        EXPOSURE_JOBS.incident,
        touched.map((incidentId) => ({ key: incidentId, payload: { incidentId } })),
      );
      return;
    }
    const cause = `${touched.length} events from ${source.name}`;
    await this.background.enqueueMany(
      tx,
      EXPOSURE_JOBS.incidents,
      chunks(touched, INCIDENTS_PER_BATCH_JOB).map((incidentIds) => ({
        key: `${source.key}:${randomUUID()}`,
        payload: { incidentIds, cause: cause.slice(0, 200) },
      })),
    );
  }

  async poll(source: SourceRow): Promise<PollOutcome> {
    const started = performance.now();
    try {
      const fetched = await fetchFeed(
        source.url,
        { etag: source.etag, lastModified: source.lastModified },
        this.options,
      );
      if (!fetched.changed) {
        await sources.recordSuccess(this.db, source.id, {
          intervalSeconds: source.intervalSeconds,
        });
        this.log.debug({ source: source.key }, 'feed not modified');
        return { status: 'not-modified' };
      }
      const connector = CONNECTORS[source.kind];
      const parsed = await placeByNames(
        await this.shapes.place(
          connector.parse(fetched.document, { rules: source.rules }),
          source.url,
        ),
        this.findPlace,
      );
      const result = await this.db.transaction(async (tx) => {
        const ingested = await ingestFeed(
          tx,
          { key: source.key, name: source.name },
          parsed,
          connector.snapshot,
          new Date(),
          this.fusion,
        );
        await this.queueExposure(tx, source, ingested.touched);
        await sources.recordSuccess(tx, source.id, {
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          itemCount: parsed.events.length,
          skippedCount: parsed.skipped,
          intervalSeconds: source.intervalSeconds,
        });
        return ingested;
      });
      if (result.touched.length > 0) this.background.kick();
      const counts = {
        created: result.created,
        updated: result.updated,
        resolved: result.resolved,
        unchanged: result.unchanged,
        merged: result.merged,
      };
      const outcome = {
        status: 'ingested' as const,
        items: parsed.events.length,
        skipped: parsed.skipped,
        ...counts,
      };
      this.log.info(
        { source: source.key, ...outcome, ms: Math.round(performance.now() - started) },
        'feed polled',
      );
      return outcome;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryMs = feedRetryMs(source.failures + 1);
      await sources
        .recordFailure(this.db, source.id, message, retryMs)
        .catch((failure: unknown) =>
          this.log.error({ err: failure, source: source.key }, 'could not record a feed failure'),
        );
      // One line per failure, and failures come further apart each time: no log storm.
      this.log.warn(
        { source: source.key, error: message, retryInSeconds: Math.round(retryMs / 1000) },
        'feed poll failed; retrying later',
      );
      return { status: 'failed', error: message, retryMs };
    }
  }
}
