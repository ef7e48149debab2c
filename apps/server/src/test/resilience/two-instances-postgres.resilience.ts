import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../redis-server.js';
import {
  type Database,
  type ServerProcess,
  type Session,
  type Throwaway,
  call,
  postgresDatabase,
  signIn,
  startServer,
} from './server-process.js';

const PER_MINUTE = 40;

// Included by the resilience config only when TEST_DATABASE_URL is set.
describe('two instances on one PostgreSQL, no sticky sessions', () => {
  let database: Throwaway<Database>;
  let redis: RedisServer;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    database = await postgresDatabase(process.env.TEST_DATABASE_URL ?? '');
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) };
    // Started together: the migration lock lets only one of them migrate.
    [first, second] = await Promise.all([
      startServer(database.value, env),
      startServer(database.value, env),
    ]);
  });
  afterAll(async () => {
    await first?.stop('SIGTERM');
    await second?.stop('SIGTERM');
    await redis?.stop();
    await database?.drop();
  });

  it('signs in on one, refreshes and acts on the other, and detects replay across both', async () => {
    const session = await signIn(first.url);
    const refreshed = await call<Session>(second.url, 'POST', '/api/auth/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.status).toBe(200);

    const preferences = await call<{ data: Record<string, unknown> }>(
      second.url,
      'GET',
      '/api/me/preferences',
      { token: refreshed.body.accessToken },
    );
    expect(preferences.status).toBe(200);
    const changed = { ...preferences.body.data, theme: 'dark' };
    const saved = await call(first.url, 'PUT', '/api/me/preferences', {
      token: refreshed.body.accessToken,
      body: changed,
    });
    expect(saved.status).toBe(200);
    const readBack = await call<{ data: unknown }>(second.url, 'GET', '/api/me/preferences', {
      token: session.accessToken,
    });
    expect(readBack.body.data).toEqual(changed);

    // The first token, already rotated on the other instance, is a replay: the family ends.
    const replay = await call(first.url, 'POST', '/api/auth/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(replay.status).toBe(401);
    const afterReplay = await call(second.url, 'POST', '/api/auth/refresh', {
      body: { refreshToken: refreshed.body.refreshToken },
    });
    expect(afterReplay.status).toBe(401);

    // Logging out on one instance stops the access token on the other at once.
    const other = await signIn(second.url);
    expect(
      (await call(first.url, 'POST', '/api/auth/logout', { token: other.accessToken, body: {} }))
        .status,
    ).toBe(200);
    expect(
      (await call(second.url, 'GET', '/api/me/profile', { token: other.accessToken })).status,
    ).toBe(401);
  });

  it('shares one rate-limit budget through Redis', async () => {
    // Alternating instances: with a budget each, 2 x PER_MINUTE would pass before any 429.
    let passed = 0;
    let status = 200;
    for (let i = 0; status === 200 && i < 2 * PER_MINUTE; i += 1) {
      status = (await call(i % 2 === 0 ? first.url : second.url, 'GET', '/api/config')).status;
      if (status === 200) passed += 1;
    }
    expect(status).toBe(429);
    expect(passed).toBeLessThanOrEqual(PER_MINUTE);
    expect((await call(first.url, 'GET', '/api/config')).status).toBe(429);
    expect((await call(second.url, 'GET', '/api/config')).status).toBe(429);
  });
});
