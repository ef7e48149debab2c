// Preloaded into the server by the load test only (`--expose-gc --require`): on SIGUSR2 it
// runs full collections and prints what is still held, so a leak is told from garbage not yet
// collected. Resident memory alone swings by a third between collections.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  process.stderr.write(`heap-probe ${JSON.stringify({ heapUsed, external, rss })}\n`);
});
