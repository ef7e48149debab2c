import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Waiting for a started server, shared by every harness that runs the built server as a child
 * process: the browser tests, the resilience suite and the benchmarks.
 */

/** A loopback port that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

type HealthWait = { timeoutMs: number; pollMs: number };

/**
 * Resolves once GET /api/health answers 200. Throws with the server's output when the process
 * exits first, or kills it and throws when it is still not healthy at the deadline.
 */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  { timeoutMs, pollMs }: HealthWait,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  child.kill('SIGKILL');
  throw new Error(`The server was not healthy within ${timeoutMs / 1000} s:\n${output()}`);
}
