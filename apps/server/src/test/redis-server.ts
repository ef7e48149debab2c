import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export type RedisServer = { url: string; stop: () => Promise<void> };

/**
 * A private, memory-only redis-server on a Unix socket, so tests share nothing with other runs
 * and open no network port. REDIS_URL accepts a socket path as well as a URL.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-redis-'));
  const socket = path.join(dir, 'redis.sock');
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const failed = new Promise<never>((_resolve, reject) => {
    child.once('error', (error) =>
      reject(new Error(`could not start redis-server (is it installed?): ${error.message}`)),
    );
  });
  const ready = (async () => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const client = new Redis(socket, { lazyConnect: true, maxRetriesPerRequest: 0 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.ping();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        client.disconnect();
      }
    }
    throw new Error('redis-server did not start');
  })();
  try {
    await Promise.race([ready, failed]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url: socket,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
