import { eq } from 'drizzle-orm';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { TEST_PASSWORD, type TestServer, startTestServer } from '../../test/test-server.js';
import { loginAttemptsRepository } from './login-attempts.repository.js';
import { LOGIN_THROTTLE, LoginThrottle } from './login-throttle.js';

let server: TestServer;
let orgId: string;

// Behind a trusted proxy, so each test can sign in from its own client address.
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  orgId = (await server.createOrganization('Acme Freight')).id;
});
afterAll(() => server.close());

const attempt = (email: string, password: string, ip: string) =>
  server.request('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

describe('login throttling', () => {
  it('answers 429 with Retry-After after 5 failures for one account from one IP, even to the right password', async () => {
    await server.createUser({ organizationId: orgId, email: 'five@acme.example' });
    for (let i = 0; i < 5; i += 1)
      expect((await attempt('five@acme.example', 'wrong-password', '10.0.0.1')).status).toBe(401);
    const blocked = await attempt('five@acme.example', TEST_PASSWORD, '10.0.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(
      /^Too many failed sign-in attempts\. Try again in 15 minutes\.$/,
    );
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The same person from another address is not locked out.
    expect((await attempt('five@acme.example', TEST_PASSWORD, '10.0.0.2')).status).toBe(200);
  });

  it('counts failures only: a success resets the account+IP count', async () => {
    await server.createUser({ organizationId: orgId, email: 'reset@acme.example' });
    for (let i = 0; i < 4; i += 1)
      await attempt('reset@acme.example', 'wrong-password', '10.0.1.1');
    expect((await attempt('reset@acme.example', TEST_PASSWORD, '10.0.1.1')).status).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await attempt('reset@acme.example', 'wrong-password', '10.0.1.1')).status).toBe(401);
    expect((await attempt('reset@acme.example', TEST_PASSWORD, '10.0.1.1')).status).toBe(200);
  });

  it('makes one IP wait after 10 failures across accounts', async () => {
    for (let i = 0; i < 10; i += 1)
      await attempt(`sprayed-${i}@acme.example`, 'wrong-password', '10.0.2.1');
    await server.createUser({ organizationId: orgId, email: 'innocent@acme.example' });
    const blocked = await attempt('innocent@acme.example', TEST_PASSWORD, '10.0.2.1');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(10 * 60);
  });

  it('caps failures per account at 100 an hour, except from an address the user signed in from', async () => {
    const { db } = server.database;
    const throttle = new LoginThrottle(db);
    const email = 'target@acme.example';
    await loginAttemptsRepository.insert(db, { email, ip: '192.0.2.7', succeeded: true });
    for (let i = 0; i < LOGIN_THROTTLE.perAccount.failures; i += 1)
      await loginAttemptsRepository.insert(db, { email, ip: `198.51.100.${i}`, succeeded: false });
    await expect(throttle.begin(email, '203.0.113.9')).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    const ticket = await throttle.begin(email, '192.0.2.7');
    expect(ticket.id).toBeGreaterThan(0);
  });

  it('upgrades a weaker stored hash at the next sign-in', async () => {
    const user = await server.createUser({ organizationId: orgId, email: 'legacy@acme.example' });
    const weak = await argon2.hash(TEST_PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 1024,
      timeCost: 1,
      parallelism: 1,
    });
    await server.database.db.update(users).set({ passwordHash: weak }).where(eq(users.id, user.id));
    expect((await attempt('legacy@acme.example', TEST_PASSWORD, '10.0.3.1')).status).toBe(200);
    const [stored] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=4096,p=1,t=1\$/);
    expect((await attempt('legacy@acme.example', TEST_PASSWORD, '10.0.3.1')).status).toBe(200);
  });

  it('holds under parallel requests: 40 wrong passwords at once are checked at most 5 times', async () => {
    await server.createUser({ organizationId: orgId, email: 'raced@acme.example' });
    const before = server.hasher.started;
    const statuses = (
      await Promise.all(
        Array.from({ length: 40 }, () =>
          attempt('raced@acme.example', 'wrong-password', '10.0.4.1'),
        ),
      )
    ).map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    expect(server.hasher.started - before).toBe(5);
  });

  it('counts IPv6 clients per /64: rotating addresses inside it buys no more guesses', async () => {
    await server.createUser({ organizationId: orgId, email: 'ipv6@acme.example' });
    for (let i = 1; i <= 5; i += 1) {
      const response = await attempt('ipv6@acme.example', 'wrong-password', `2001:db8:5:6::${i}`);
      expect(response.status).toBe(401);
    }
    const rotated = await attempt('ipv6@acme.example', TEST_PASSWORD, '2001:db8:5:6:ffff::9');
    expect(rotated.status).toBe(429);
    expect((await attempt('ipv6@acme.example', TEST_PASSWORD, '2001:db8:5:7::1')).status).toBe(200);
  });

  it('throttles password changes like sign-ins: 5 wrong current passwords, then 429', async () => {
    const user = await server.createUser({ organizationId: orgId, email: 'changer@acme.example' });
    const { accessToken } = await server.login(user.email);
    const change = (currentPassword: string) =>
      server.request('POST', '/api/me/password', {
        token: accessToken,
        body: { currentPassword, newPassword: 'a-different-passphrase' },
        headers: { 'x-forwarded-for': '10.0.5.1' },
      });
    for (let i = 0; i < 5; i += 1) expect((await change('wrong-password')).status).toBe(400);
    const blocked = await change(TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
