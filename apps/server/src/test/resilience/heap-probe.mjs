// Preloaded into the server by the load test only (`--expose-gc --import`). On SIGUSR2 it runs
// full collections and prints what is still held, so a leak is told from garbage not yet
// collected (resident memory alone swings by a third between collections). Every 10 s it prints
// the longest the event loop was held in that time, so a slow request is told apart: the
// server stalled, or the request waited its turn.
import { monitorEventLoopDelay } from 'node:perf_hooks';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  process.stderr.write(`heap-probe ${JSON.stringify({ heapUsed, external, rss })}\n`);
});

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  process.stderr.write(
    `loop-probe ${JSON.stringify({ at: Date.now(), maxMs: delay.max / 1e6 })}\n`,
  );
  delay.reset();
}, 10_000).unref();
