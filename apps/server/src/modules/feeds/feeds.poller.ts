import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { LoopingWorker, yieldToEventLoop } from '../../jobs/loop.js';
import type { FeedReader } from './feed-reader.js';
import { sourcesRepository } from './sources.repository.js';

/** How often an idle instance looks for a source that is due. */
const TICK_MS = 5_000;
/** A claimed source is this instance's for this long; past it (a crash) another takes it. */
export const FEED_LEASE_MS = 3 * 60_000;

/**
 * Polls the hazard feeds on this instance. The schedule lives in the sources table: each
 * source's next poll time, claimed with SKIP LOCKED, so with several instances on one
 * PostgreSQL each due source is polled by exactly one, and a restart picks up where it was.
 */
export class FeedPoller extends LoopingWorker {
  constructor(
    private readonly db: Database,
    private readonly reader: FeedReader,
    private readonly log: FastifyBaseLogger,
    tickMs = TICK_MS,
    private readonly leaseMs = FEED_LEASE_MS,
  ) {
    super(tickMs, 50);
  }

  /** Polls every due source once (until `halt`); answers how many were polled. */
  async runDue(halt: () => boolean = () => false): Promise<number> {
    let polled = 0;
    for (;;) {
      await yieldToEventLoop();
      if (halt()) return polled;
      let source;
      try {
        source = await sourcesRepository.claimDue(this.db, this.leaseMs);
      } catch (error) {
        this.log.error({ err: error }, 'could not claim a feed to poll');
        return polled;
      }
      if (!source) return polled;
      await this.reader.poll(source);
      polled += 1;
    }
  }
}
