import type { Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from './support/test';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../apps/server/src/test/oidc-test-provider';
import { TestApi } from './support/api';
import {
  checkInThemes,
  currentPath,
  expectAccessible,
  fixtures,
  followSystemTheme,
  readStorage,
  saveScreenshot,
  STORAGE_KEYS,
  useBrowser,
  writeStorage,
} from './support/browser';
import { ADMIN_ACCOUNT, TEST_PASSWORD } from './support/fixtures';
import { freePort, startServer, type RunningServer } from './support/server';

/**
 * "Continue with Google" end to end: this file's own server is configured against a real
 * OpenID provider on loopback standing in for Google; Chromium walks through its pages.
 */
const browser = useBrowser();

const DOMAIN = 'acme.example';
const ACTIVE = { email: `dana.fields@${DOMAIN}`, givenName: 'Dana', familyName: 'Fields' };
const INVITED = { email: `ivy.newcomb@${DOMAIN}`, givenName: 'Ivy', familyName: 'Newcomb' };
const STRANGER = { email: `sam.stranger@${DOMAIN}`, givenName: 'Sam', familyName: 'Stranger' };
const ELSEWHERE = { email: 'eve@elsewhere.example', givenName: 'Eve', familyName: 'Elsewhere' };
const UNKNOWN_ACCOUNT =
  'No Meridian account uses this Google address. Ask your administrator for an invitation.';

let provider: TestOidcProvider;
let server: RunningServer;
let api: TestApi;

beforeAll(async () => {
  const port = await freePort();
  provider = await startTestOidcProvider({
    redirectUris: [`http://127.0.0.1:${port}/auth/google/callback`],
    users: [ACTIVE, INVITED, STRANGER, ELSEWHERE],
  });
  server = await startServer({
    port,
    env: {
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      GOOGLE_ALLOWED_DOMAIN: DOMAIN,
      OIDC_ISSUER: provider.issuer,
    },
  });
  api = new TestApi(server.baseUrl);
  const { accessToken } = await api.login(ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  const organization = await api.createOrganization(accessToken, 'Acme Logistics', 'acme');
  await api.createMember(accessToken, organization.id, {
    email: ACTIVE.email,
    password: TEST_PASSWORD,
    firstName: ACTIVE.givenName,
    lastName: ACTIVE.familyName,
    adminRole: 'ADMIN',
  });
  await api.request('POST', '/admin/invitations', {
    token: accessToken,
    organizationId: organization.id,
    body: { email: INVITED.email, adminRole: 'MANAGER' },
  });
  // The shared server may also know this address: only this server's database matters.
  await api.createMember(accessToken, organization.id, {
    email: ELSEWHERE.email,
    password: TEST_PASSWORD,
    firstName: ELSEWHERE.givenName,
    lastName: ELSEWHERE.familyName,
    adminRole: 'VIEWER',
  });
});

afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

const googleButton = (page: Page) => page.getByRole('button', { name: 'Continue with Google' });
const loginAlert = (page: Page) =>
  page.getByRole('form', { name: 'Sign in' }).getByRole('alert').innerText();

/** The exchange requests the page sends to the server, with their bodies. */
function recordExchanges(page: Page): Record<string, string>[] {
  const bodies: Record<string, string>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/auth/google')) {
      bodies.push(request.postDataJSON() as Record<string, string>);
    }
  });
  return bodies;
}

/** From the login page to the provider's sign-in form, with the e-mail typed in Meridian. */
async function startAtMeridian(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await googleButton(page).click();
  await page.waitForURL(`${provider.issuer}/interaction/**`);
}

/** Picks the account on the provider's form, which Meridian's login hint pre-filled. */
async function signInAtProvider(page: Page, email?: string) {
  const field = page.getByLabel('Account email');
  if (email) await field.fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** The saved theme is read when the app starts, so it is stored before the flow begins. */
async function useTheme(page: Page, theme: 'dark' | 'light') {
  await page.goto('/login');
  await writeStorage(page, STORAGE_KEYS.theme, theme);
}

async function expectCallbackFailure(page: Page, message: string, toastMessage: string) {
  await page.getByRole('heading', { name: 'Authentication Failed' }).waitFor();
  await page.getByText(message, { exact: true }).waitFor();
  await page.locator('[data-sonner-toast]').filter({ hasText: toastMessage }).waitFor();
  await page.getByRole('link', { name: 'Return to login page' }).waitFor();
}

describe('continue with Google against a real OpenID provider', () => {
  it('links a password account once its password is confirmed, then opens Atlas', async () => {
    const page = await browser.newPage({
      baseURL: server.baseUrl,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    await useTheme(page, 'dark');
    const exchanges = recordExchanges(page);
    await startAtMeridian(page, ACTIVE.email);
    const authorize = new URL(page.url());
    expect(authorize.origin).toBe(provider.issuer);
    await expect.poll(() => page.getByLabel('Account email').inputValue()).toBe(ACTIVE.email);
    await signInAtProvider(page);
    // The account has a password and no Google link yet: the password, once, links them.
    const form = page.getByRole('form', { name: 'Link your Google account' });
    await form.waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe(ACTIVE.email);
    await expectAccessible(page);
    await saveScreenshot(page, 'google-link-dark');
    await form.getByLabel('Meridian password').fill('not-the-password');
    await form.getByRole('button', { name: 'Link and sign in' }).click();
    await form.getByRole('alert').filter({ hasText: 'Incorrect password' }).waitFor();
    await form.getByLabel('Meridian password').fill(TEST_PASSWORD);
    await form.getByRole('button', { name: 'Link and sign in' }).click();
    await page.waitForURL('**/admin/atlas');
    await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.codeVerifier).toMatch(/^[\w-]{43,128}$/);
    const token = await readStorage(page, STORAGE_KEYS.accessToken);
    const validated = await api.request<{ user: { email: string } }>('POST', '/auth/validate', {
      token: token ?? '',
    });
    expect(validated.user.email).toBe(ACTIVE.email);

    // Linked: the next Google sign-in goes straight in, and Security says so.
    const again = await browser.newPage({ baseURL: server.baseUrl });
    await startAtMeridian(again, ACTIVE.email);
    await signInAtProvider(again);
    await again.waitForURL('**/admin/atlas');
    await again.goto('/admin/security');
    await again.getByText('Email and password, or Google').waitFor();
    await again.getByRole('button', { name: 'Unlink Google' }).waitFor();
    await again.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(again, 'security-google-linked');
  });

  it('waits for the settings when the button is clicked before they arrive', async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    let releaseSettings = () => {};
    const settingsHeld = new Promise<void>((resolve) => {
      releaseSettings = resolve;
    });
    await page.route('**/api/config', async (route) => {
      await settingsHeld;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACTIVE.email);
    await googleButton(page).click();
    await expect.poll(() => googleButton(page).isDisabled()).toBe(true);
    releaseSettings();
    await page.waitForURL(`${provider.issuer}/interaction/**`);
  });

  it('activates an invited user with the names the provider holds', async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    await startAtMeridian(page, INVITED.email);
    await signInAtProvider(page);
    await page.waitForURL('**/admin/atlas');
    const token = await readStorage(page, STORAGE_KEYS.accessToken);
    const validated = await api.request<{ user: Record<string, string> }>(
      'POST',
      '/auth/validate',
      { token: token ?? '' },
    );
    expect(validated.user).toMatchObject({
      email: INVITED.email,
      firstName: 'Ivy',
      lastName: 'Newcomb',
      accountStatus: 'ACTIVE',
    });
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`refuses an e-mail Meridian does not know, then returns to /login (${theme})`, async () => {
      const page = await browser.newPage({
        baseURL: server.baseUrl,
        colorScheme: theme,
        bypassCSP: true,
      });
      await useTheme(page, theme);
      await startAtMeridian(page, STRANGER.email);
      await signInAtProvider(page);
      await expectCallbackFailure(
        page,
        UNKNOWN_ACCOUNT,
        'Google authentication was cancelled or failed',
      );
      await expectAccessible(page);
      await saveScreenshot(page, `google-callback-refused-${theme}`);
      await page.waitForURL('**/login', { timeout: 8000 });
      expect(await readStorage(page, STORAGE_KEYS.accessToken)).toBeNull();
    });
  }

  it('refuses another domain in the browser, before leaving for the provider', async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl, bypassCSP: true });
    await followSystemTheme(page);
    await googleButton(page).click();
    await expect
      .poll(() => loginAlert(page))
      .toBe(`Please enter your work email (${DOMAIN}) to continue with Google`);
    await page.getByLabel('Email').fill(ELSEWHERE.email);
    await googleButton(page).click();
    await expect
      .poll(() => loginAlert(page))
      .toBe(`This email domain is not allowed by Meridian. Allowed: ${DOMAIN}`);
    expect(currentPath(page)).toBe('/login');
    await checkInThemes(page, 'google-login-domain-refused');
  });

  it('refuses another domain on the server, when the account is switched at the provider', async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    await startAtMeridian(page, ACTIVE.email);
    await signInAtProvider(page, ELSEWHERE.email);
    await expectCallbackFailure(
      page,
      `This email domain is not allowed by Meridian. Allowed: ${DOMAIN}`,
      'Google authentication was cancelled or failed',
    );
  });

  it('refuses a tampered state without sending the code to the server', async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    const exchanges = recordExchanges(page);
    // Whoever hands the browser the callback address changes its state before the app reads it.
    await page.addInitScript(() => {
      if (window.location.pathname !== '/auth/google/callback') return;
      const url = new URL(window.location.href);
      url.searchParams.set('state', 'tampered-state');
      window.history.replaceState(null, '', url);
    });
    await startAtMeridian(page, ACTIVE.email);
    await signInAtProvider(page);
    await page.waitForURL((url) => url.pathname === '/auth/google/callback');
    const callback = new URL(page.url()).searchParams;
    expect(callback.get('code')).toBeTruthy();
    expect(callback.get('state')).toBe('tampered-state');
    await expectCallbackFailure(
      page,
      'Google authentication failed: the sign-in session did not match',
      'Google authentication was cancelled or failed',
    );
    expect(exchanges).toHaveLength(0);
  });

  it('reports the error the provider sends back when the person cancels', async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    const exchanges = recordExchanges(page);
    await startAtMeridian(page, ACTIVE.email);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectCallbackFailure(
      page,
      'Google authentication failed: access_denied',
      'Google authentication was cancelled or failed',
    );
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    expect(exchanges).toHaveLength(0);
    await page.waitForURL('**/login', { timeout: 8000 });
  });

  it('reports a callback without a code', async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    await page.goto('/auth/google/callback?state=anything');
    await expectCallbackFailure(
      page,
      'No authorization code received from Google',
      'Invalid Google authentication response',
    );
  });

  it('refuses a replayed code, from the browser and from a script', async () => {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    const exchanges = recordExchanges(page);
    let callbackUrl = '';
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.url().includes('/auth/google/callback?')) {
        callbackUrl = request.url();
      }
    });
    await startAtMeridian(page, ACTIVE.email);
    await signInAtProvider(page);
    await page.waitForURL('**/admin/atlas');
    expect(exchanges).toHaveLength(1);

    const response = await fetch(`${server.baseUrl}/api/auth/google`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(exchanges[0]),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Google sign-in failed: the authorization code is invalid, expired or already used',
    });

    // Opened again elsewhere, the callback address has no sign-in session to match.
    const other = await browser.newPage({ baseURL: server.baseUrl });
    // Timers held: the failure page's redirect to /login must not beat the checks on a busy machine.
    await other.clock.install();
    await other.goto(callbackUrl);
    await expectCallbackFailure(
      other,
      'Google authentication failed: the sign-in session did not match',
      'Google authentication was cancelled or failed',
    );
  });
});

describe('continue with Google on a server without Google settings', () => {
  it('explains that Google sign-in is not configured', async () => {
    const page = await browser.newPage({ baseURL: fixtures().baseUrl });
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACTIVE.email);
    await googleButton(page).click();
    await expect
      .poll(() => loginAlert(page))
      .toBe('Google sign-in is not configured for this Meridian server');
    expect(currentPath(page)).toBe('/login');
  });
});
