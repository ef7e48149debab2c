import type { AuthResponse, ProfileResponse, SessionListResponse } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestServer, startTestServer } from '../../test/test-server.js';

let server: TestServer;
let orgId: string;

beforeAll(async () => {
  server = await startTestServer();
  orgId = (await server.createOrganization('Acme Freight')).id;
});
afterAll(() => server.close());

async function signedInUser(email: string) {
  await server.createUser({ organizationId: orgId, email, adminRole: 'VIEWER' });
  return server.login(email);
}

describe('/api/me/profile', () => {
  it('shows the profile with default preferences and the real password date', async () => {
    const session = await signedInUser('profile@acme.example');
    const response = await server.request<ProfileResponse>('GET', '/api/me/profile', {
      token: session.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      user: { email: 'profile@acme.example' },
      preferences: {
        language: 'English (US)',
        dateFormat: 'MM/DD/YYYY',
        timezone: 'Automatic',
        theme: 'dark',
      },
      preferencesSaved: false,
      loginMethod: 'PASSWORD',
    });
  });

  it('saves a name change, which a reload shows', async () => {
    const session = await signedInUser('rename@acme.example');
    const saved = await server.request<ProfileResponse>('PUT', '/api/me/profile', {
      token: session.accessToken,
      body: { firstName: 'Ana', lastName: 'Costa' },
    });
    expect(saved.body).toMatchObject({
      message: 'Profile updated',
      data: { user: { firstName: 'Ana', lastName: 'Costa' } },
    });
    const reloaded = await server.request<ProfileResponse>('GET', '/api/me/profile', {
      token: session.accessToken,
    });
    expect(reloaded.body.data.user).toMatchObject({ firstName: 'Ana', lastName: 'Costa' });
    const blank = await server.request('PUT', '/api/me/profile', {
      token: session.accessToken,
      body: { firstName: ' ', lastName: 'x' },
    });
    expect(blank.status).toBe(400);
    const sneaky = await server.request('PUT', '/api/me/profile', {
      token: session.accessToken,
      body: { firstName: 'A', lastName: 'B', adminRole: 'ADMIN' },
    });
    expect(sneaky).toMatchObject({
      status: 400,
      body: { message: 'body: unknown field "adminRole"' },
    });
  });
});

describe('/api/me/preferences and /api/me/notifications', () => {
  it('round-trip, follow the user to another session, and reject values outside the lists', async () => {
    const session = await signedInUser('prefs@acme.example');
    const preferences = {
      language: 'German',
      dateFormat: 'YYYY-MM-DD',
      timezone: 'Tokyo',
      theme: 'light',
    };
    expect(
      (
        await server.request('PUT', '/api/me/preferences', {
          token: session.accessToken,
          body: preferences,
        })
      ).status,
    ).toBe(200);
    const elsewhere = await server.login('prefs@acme.example');
    const read = await server.request('GET', '/api/me/preferences', {
      token: elsewhere.accessToken,
    });
    expect(read.body.data).toEqual(preferences);
    const profile = await server.request<ProfileResponse>('GET', '/api/me/profile', {
      token: elsewhere.accessToken,
    });
    expect(profile.body.data).toMatchObject({ preferences, preferencesSaved: true });
    const bad = await server.request('PUT', '/api/me/preferences', {
      token: session.accessToken,
      body: { ...preferences, theme: 'neon' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^theme: /);

    const notifications = {
      channels: { desktop: false, slack: true, teams: true, email: false, sms: true },
      channelsByGroup: {
        exposure: { desktop: true, slack: false, teams: true, email: true, sms: false },
        work: { desktop: true, slack: true, teams: true, email: true, sms: true },
        resolution: { desktop: false, slack: false, teams: false, email: true, sms: false },
      },
      severity: 'Severity 2',
      priority: 'P1',
      quietHours: { enabled: true, from: '21:00', to: '06:30', timeZone: 'Asia/Tokyo' },
      plan: false,
      action: true,
      resolution: false,
    };
    expect(
      (
        await server.request('PUT', '/api/me/notifications', {
          token: session.accessToken,
          body: notifications,
        })
      ).status,
    ).toBe(200);
    expect(
      (await server.request('GET', '/api/me/notifications', { token: elsewhere.accessToken })).body
        .data,
    ).toEqual(notifications);
    const partial = await server.request('PUT', '/api/me/notifications', {
      token: session.accessToken,
      body: { severity: 'All' },
    });
    expect(partial.status).toBe(400);
    // Quiet hours need a time of day and a time zone the server knows.
    for (const quietHours of [
      { ...notifications.quietHours, from: '25:00' },
      { ...notifications.quietHours, timeZone: 'Mars/Olympus' },
    ]) {
      const refused = await server.request('PUT', '/api/me/notifications', {
        token: session.accessToken,
        body: { ...notifications, quietHours },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^quietHours\.(from: Enter a time|timeZone: Unknown)/);
    }
  });

  it('keeps each user settings their own', async () => {
    const mine = await signedInUser('mine@acme.example');
    const theirs = await signedInUser('theirs@acme.example');
    await server.request('PUT', '/api/me/preferences', {
      token: mine.accessToken,
      body: { language: 'French', dateFormat: 'DD/MM/YYYY', timezone: 'Paris', theme: 'system' },
    });
    const other = await server.request('GET', '/api/me/preferences', { token: theirs.accessToken });
    expect(other.body.data).toMatchObject({ language: 'English (US)' });
  });
});

describe('POST /api/me/password', () => {
  it('changes the password, ends every other session and returns a fresh one', async () => {
    const first = await signedInUser('pw@acme.example');
    const second = await server.login('pw@acme.example');
    const response = await server.request<AuthResponse>('POST', '/api/me/password', {
      token: first.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-passphrase' },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Password changed');
    expect(
      (await server.request('POST', '/api/auth/validate', { token: second.accessToken })).status,
    ).toBe(401);
    expect(
      (
        await server.request('POST', '/api/auth/refresh', {
          body: { refreshToken: second.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect(
      (await server.request('POST', '/api/auth/validate', { token: response.body.accessToken }))
        .status,
    ).toBe(200);
    await expect(server.login('pw@acme.example')).rejects.toThrow(/401/);
    expect((await server.login('pw@acme.example', 'a-brand-new-passphrase')).user.email).toBe(
      'pw@acme.example',
    );
    const profile = await server.request<ProfileResponse>('GET', '/api/me/profile', {
      token: response.body.accessToken,
    });
    expect(Date.now() - Date.parse(profile.body.data.passwordChangedAt ?? '')).toBeLessThan(60_000);
  });

  it('refuses a wrong current password or a too-short new one', async () => {
    const session = await signedInUser('pw2@acme.example');
    const wrong = await server.request('POST', '/api/me/password', {
      token: session.accessToken,
      body: { currentPassword: 'nope-nope', newPassword: 'another-long-one' },
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: 'Current password is incorrect' },
    });
    const short = await server.request('POST', '/api/me/password', {
      token: session.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short).toMatchObject({
      status: 400,
      body: { message: 'newPassword: password must be at least 8 characters' },
    });
  });
});

describe('/api/me/sessions', () => {
  it('lists the user sessions and signs one out', async () => {
    const first = await signedInUser('sessions@acme.example');
    const second = await server.login('sessions@acme.example');
    const list = await server.request<SessionListResponse>('GET', '/api/me/sessions', {
      token: first.accessToken,
    });
    expect(list.body.data.sessions).toHaveLength(2);
    const target = list.body.data.sessions[0]?.id ?? '';
    expect(
      (await server.request('DELETE', `/api/me/sessions/${target}`, { token: first.accessToken }))
        .status,
    ).toBe(200);
    const after = await server.request<SessionListResponse>('GET', '/api/me/sessions', {
      token: first.accessToken,
    });
    expect(after.body.data.sessions).toHaveLength(1);
    const refreshes = await Promise.all(
      [first, second].map((session) =>
        server.request('POST', '/api/auth/refresh', {
          body: { refreshToken: session.refreshToken },
        }),
      ),
    );
    expect(refreshes.map((response) => response.status).sort()).toEqual([200, 401]);
  });

  it('cannot sign out someone else session (404)', async () => {
    const mine = await signedInUser('s-mine@acme.example');
    const theirs = await signedInUser('s-theirs@acme.example');
    const theirList = await server.request<SessionListResponse>('GET', '/api/me/sessions', {
      token: theirs.accessToken,
    });
    const id = theirList.body.data.sessions[0]?.id ?? '';
    expect(
      (await server.request('DELETE', `/api/me/sessions/${id}`, { token: mine.accessToken }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.request('POST', '/api/auth/refresh', {
          body: { refreshToken: theirs.refreshToken },
        })
      ).status,
    ).toBe(200);
  });
});
