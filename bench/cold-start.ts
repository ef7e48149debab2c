import { log } from './log.js';
import { median } from './stats.js';
import { startServer, type Store } from './world.js';

export type ColdStart = { npmStartMs: number; nodeMs: number };

/**
 * `npm start` (which first checks the build is current) and the bare `node dist/main.js`, each
 * on the existing, already seeded store, to the first GET /api/health 200. Alternated.
 */
export async function benchColdStart(store: Store, rounds: number): Promise<ColdStart> {
  const npm: number[] = [];
  const node: number[] = [];
  log.info({ rounds }, 'cold start');
  for (let i = 0; i < rounds; i += 1) {
    for (const [command, into] of [
      [['npm', 'start', '--silent'], npm],
      [undefined, node],
    ] as const) {
      const server = await startServer(store, command);
      into.push(server.startupMs);
      await server.stop();
    }
  }
  return { npmStartMs: median(npm), nodeMs: median(node) };
}
