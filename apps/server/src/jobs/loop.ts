/**
 * A pass that runs again and again on one instance: at once on start, then `idleMs` after each
 * pass ends (or sooner, when the pass answers how many milliseconds until it has work again),
 * or `kickDelayMs` after a kick (a burst of kicks is one pass). A kick during a pass asks for
 * one more right after it. Stopping waits for the pass under way.
 */
export class Loop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private wanted = false;

  constructor(
    private readonly pass: (halt: () => boolean) => Promise<number | void>,
    private readonly idleMs: number,
    private readonly kickDelayMs: number,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.runNow();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wanted = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.runNow(), this.kickDelayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private runNow(): void {
    if (this.stopped || this.running) return;
    this.timer = null;
    let nextMs = this.idleMs;
    this.running = this.pass(() => this.stopped)
      .then((dueInMs) => {
        if (typeof dueInMs === 'number' && Number.isFinite(dueInMs)) {
          nextMs = Math.min(this.idleMs, Math.max(this.kickDelayMs, dueInMs));
        }
      })
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        if (this.wanted) {
          this.wanted = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.runNow(), nextMs);
        }
      });
  }
}

/**
 * Lets waiting I/O (requests) run before the next piece of background work. The embedded
 * database runs its queries on this thread and resolves them as microtasks: without a
 * macrotask boundary, a worker going from job to job would starve every request meanwhile.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A background worker of this instance: passes run by a Loop, started when the app is ready,
 * woken by a kick when this instance queued work, stopped (waiting for its pass) on close.
 */
export abstract class LoopingWorker {
  private readonly loop: Loop;

  constructor(idleMs: number, kickDelayMs: number) {
    this.loop = new Loop(
      async (halt) => {
        await this.runDue(halt);
        return this.dueInMs();
      },
      idleMs,
      kickDelayMs,
    );
  }

  /** How soon the next pass has work, if sooner than the idle time (undefined: idle). */
  protected dueInMs(): number | undefined {
    return undefined;
  }

  /** Does every piece of due work (until `halt` says stop); tests call it directly. */
  abstract runDue(halt?: () => boolean): Promise<unknown>;

  start(): void {
    this.loop.start();
  }

  /** Work has been queued: look soon rather than at the next poll. */
  kick(): void {
    this.loop.kick();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
