import type { FastifyBaseLogger } from 'fastify';
import { LoopingWorker, yieldToEventLoop } from '../../jobs/loop.js';
import type { DeliveryService } from './delivery.service.js';

const IDLE_POLL_MS = 2_000;

/**
 * Delivers the outbox on this instance: claims due deliveries a batch at a time (rows another
 * instance holds are skipped), sends them, and polls while idle; woken at once when this
 * instance queues deliveries. A delivery cut off by a crash is due again when its lease ends.
 */
export class DeliveryWorker extends LoopingWorker {
  constructor(
    private readonly service: DeliveryService,
    private readonly log: FastifyBaseLogger,
    pollMs = IDLE_POLL_MS,
  ) {
    super(pollMs, 50);
  }

  /** Sends every due delivery (until `halt`); answers how many it claimed. */
  async runDue(halt: () => boolean = () => false): Promise<number> {
    let sent = 0;
    for (;;) {
      await yieldToEventLoop();
      if (halt()) return sent;
      let claimed: number;
      try {
        claimed = await this.service.sendDue();
      } catch (error) {
        this.log.error({ err: error }, 'could not deliver alerts');
        return sent;
      }
      if (claimed === 0) return sent;
      sent += claimed;
    }
  }
}
