import type { AuthResponse, RefreshResponse, SessionListResponse } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer();
  orgId = (await server.createOrganization('Acme Freight')).id;
});
afterAll(() => server.close());

const newUserSignedInTwice = async (name: string) => {
  const user = await server.createUser({ organizationId: orgId, email: `${name}@acme.example` });
  const laptop = await server.login(user.email);
  const phone = await server.login(user.email);
  return { user, laptop, phone };
};
const validate = (token: string) =>
  server.request('POST', '/api/auth/validate', { token }).then((response) => response.status);
const refresh = (refreshToken: string | undefined) =>
  server.request<RefreshResponse>('POST', '/api/auth/refresh', { body: { refreshToken } });

describe('sessions', () => {
  it('logout ends only its own session, at once: the other device keeps working', async () => {
    const { laptop, phone } = await newUserSignedInTwice('two-devices');
    const out = await server.request('POST', '/api/auth/logout', {
      token: laptop.accessToken,
      body: { refreshToken: laptop.refreshToken },
    });
    expect(out.status).toBe(200);
    // The access token of the ended session is refused before it expires, its refresh token too.
    expect(await validate(laptop.accessToken)).toBe(401);
    expect((await refresh(laptop.refreshToken)).status).toBe(401);
    expect(await validate(phone.accessToken)).toBe(200);
    expect((await refresh(phone.refreshToken)).status).toBe(200);
  });

  it('revoking a session from the list ends its access tokens at once', async () => {
    const { laptop, phone } = await newUserSignedInTwice('revoker');
    const list = await server.request<SessionListResponse>('GET', '/api/me/sessions', {
      token: laptop.accessToken,
    });
    const sessions = list.body.data.sessions;
    expect(sessions).toHaveLength(2);
    const other = sessions.find((session) => !session.current);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(other?.userAgent).toBeTruthy();
    const revoked = await server.request('DELETE', `/api/me/sessions/${other?.id ?? ''}`, {
      token: laptop.accessToken,
    });
    expect(revoked.status).toBe(200);
    expect(await validate(phone.accessToken)).toBe(401);
    expect(await validate(laptop.accessToken)).toBe(200);
  });

  it('a replayed refresh token ends its session, access tokens included, and no other', async () => {
    const { laptop, phone } = await newUserSignedInTwice('replayed');
    const rotated = await refresh(laptop.refreshToken);
    expect(rotated.status).toBe(200);
    // The old token comes back: someone holds a copy.
    expect((await refresh(laptop.refreshToken)).status).toBe(401);
    expect(await validate(rotated.body.accessToken)).toBe(401);
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    expect(await validate(phone.accessToken)).toBe(200);
  });

  it('a password change ends every session and starts one fresh', async () => {
    const { user, laptop, phone } = await newUserSignedInTwice('changer');
    const changed = await server.request<AuthResponse>('POST', '/api/me/password', {
      token: laptop.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'another-long-passphrase' },
    });
    expect(changed.status).toBe(200);
    expect(await validate(laptop.accessToken)).toBe(401);
    expect(await validate(phone.accessToken)).toBe(401);
    expect(await validate(changed.body.accessToken)).toBe(200);
    expect((await server.login(user.email, 'another-long-passphrase')).accessToken).toBeTruthy();
  });
});
