import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFollower } from '../../lib/notified-cache.js';

/** The channel inbox writes announce the member on (their user id), on commit. */
export const INBOX_CHANNEL = 'meridian_inbox';

/** Streams one member may keep open on one instance (tabs and windows); more are refused. */
export const INBOX_STREAMS_PER_USER = 8;

/** What a stream tells its reader: the member's bell, as `GET /notifications/unread` answers. */
export type InboxState = { unread: number; alertedAt: string | null };

export type InboxStreamOptions = {
  /** How often an open stream shows it is alive and checks its access still holds. */
  heartbeatMs: number;
  /** The member's bell now. */
  stateOf: (userId: string) => Promise<InboxState>;
  log: FastifyBaseLogger;
};

type Subscriber = {
  userId: string;
  stream: PassThrough;
  /** Whether the access the stream was opened with still holds (a revoked session, an expired token). */
  stillAllowed: () => Promise<boolean>;
  heartbeat: NodeJS.Timeout;
};

/**
 * The inbox's live streams on this instance: each open stream hears of its member's inbox
 * changes, committed on any instance (`pg_notify` on the inbox channel → LISTEN here), and
 * receives their bell (`event: inbox`). A burst of changes for one member sends one event.
 * While the listening connection is down a stream hears nothing; when it is back, every stream
 * is sent its bell again, so nothing missed stays missed.
 */
export class InboxStreams implements ChangeFollower {
  private readonly byUser = new Map<string, Set<Subscriber>>();
  /** Members with a push scheduled: changes until it runs are told at once. */
  private readonly pending = new Set<string>();
  private listening = false;

  constructor(private readonly options: InboxStreamOptions) {}

  /** Whether changes reach this instance: a stream is worth opening only then. */
  get live(): boolean {
    return this.listening;
  }

  /** How many streams a member has open here. */
  openCount(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Opens a stream for a member: its first event is their bell now. */
  open(userId: string, stillAllowed: () => Promise<boolean>): PassThrough {
    const stream = new PassThrough();
    const subscriber: Subscriber = {
      userId,
      stream,
      stillAllowed,
      heartbeat: setInterval(() => void this.beat(subscriber), this.options.heartbeatMs),
    };
    subscriber.heartbeat.unref();
    let mine = this.byUser.get(userId);
    if (!mine) this.byUser.set(userId, (mine = new Set()));
    mine.add(subscriber);
    stream.on('close', () => this.remove(subscriber));
    // A reader that reconnects waits this long before trying again.
    stream.write(`retry: 3000\n\n`);
    void this.push(userId, [subscriber]);
    return stream;
  }

  changed(group: string): void {
    if (group === '*') {
      for (const userId of this.byUser.keys()) this.schedule(userId);
      return;
    }
    if (this.byUser.has(group)) this.schedule(group);
  }

  setListening(listening: boolean): void {
    const regained = listening && !this.listening;
    this.listening = listening;
    if (regained) this.changed('*');
  }

  /** Ends every stream (the instance is closing: readers reconnect to another). */
  closeAll(): void {
    for (const subscribers of this.byUser.values())
      for (const subscriber of subscribers) subscriber.stream.end();
  }

  private schedule(userId: string): void {
    if (this.pending.has(userId)) return;
    this.pending.add(userId);
    setImmediate(() => {
      this.pending.delete(userId);
      void this.push(userId, [...(this.byUser.get(userId) ?? [])]);
    });
  }

  private async push(userId: string, subscribers: readonly Subscriber[]): Promise<void> {
    if (subscribers.length === 0) return;
    let state: InboxState;
    try {
      state = await this.options.stateOf(userId);
    } catch (error) {
      // The next change or reconnection tells it; the reader's own poll covers the gap.
      this.options.log.warn({ err: error, userId }, 'could not read an inbox for its stream');
      return;
    }
    const event = `event: inbox\ndata: ${JSON.stringify(state)}\n\n`;
    for (const subscriber of subscribers) {
      if (subscriber.stream.writable) subscriber.stream.write(event);
    }
  }

  private async beat(subscriber: Subscriber): Promise<void> {
    if (!subscriber.stream.writable) return;
    if (!(await subscriber.stillAllowed().catch(() => false))) {
      subscriber.stream.end(`event: end\ndata: {}\n\n`);
      return;
    }
    subscriber.stream.write(`: alive\n\n`);
  }

  private remove(subscriber: Subscriber): void {
    clearInterval(subscriber.heartbeat);
    const mine = this.byUser.get(subscriber.userId);
    mine?.delete(subscriber);
    if (mine?.size === 0) this.byUser.delete(subscriber.userId);
  }
}
