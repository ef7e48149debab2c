import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Page, Response, Route } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { TestApi } from './support/api';
import {
  currentPath,
  fixtures,
  readStorage,
  signIn,
  STORAGE_KEYS,
  useBrowser,
} from './support/browser';

const browser = useBrowser();

const alertText = (page: Page) =>
  page.getByRole('form', { name: 'Sign in' }).getByRole('alert').innerText();
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

async function submitLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Expects the login error both inline and as a toast (spec part 8). */
async function expectLoginError(page: Page, message: string) {
  await expect.poll(() => alertText(page)).toBe(message);
  await toast(page, message).waitFor();
  expect(currentPath(page)).toBe('/login');
}

const fulfillLogin = (page: Page, handler: (route: Route) => Promise<void>) =>
  page.route('**/api/auth/login', handler);

describe('sign-in with e-mail and password', () => {
  it('signs an admin in, stores both tokens and opens Atlas', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().admin);
    expect(await readStorage(page, STORAGE_KEYS.accessToken)).toBeTruthy();
    expect(await readStorage(page, STORAGE_KEYS.refreshToken)).toBeTruthy();
  });

  it('requires e-mail and password before calling the server', async () => {
    const page = await browser.newPage();
    let loginCalls = 0;
    await fulfillLogin(page, async (route) => {
      loginCalls += 1;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(loginCalls).toBe(0);
  });

  it("shows the server's message for wrong credentials", async () => {
    const page = await browser.newPage();
    await submitLogin(page, fixtures().viewer.email, 'not-the-password');
    await expectLoginError(page, 'Invalid email or password');
  });

  it("shows the server's message for a deactivated account", async () => {
    const page = await browser.newPage();
    const { deactivated, baseUrl } = fixtures();
    const refusal = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: deactivated.email, password: deactivated.password }),
    });
    expect(refusal.status).toBe(403);
    const { message: serverMessage } = (await refusal.json()) as { message: string };
    await submitLogin(page, deactivated.email, deactivated.password);
    await expectLoginError(page, serverMessage);
  });

  it('falls back to "Login failed (HTTP {status})" when the reply has no message', async () => {
    const page = await browser.newPage();
    await fulfillLogin(page, (route) => route.fulfill({ status: 503, body: '' }));
    await submitLogin(page, 'someone@acme.example', 'secret-password');
    await expectLoginError(page, 'Login failed (HTTP 503)');
  });

  it('uses a non-JSON error body as the message', async () => {
    const page = await browser.newPage();
    await fulfillLogin(page, (route) =>
      route.fulfill({
        status: 502,
        contentType: 'text/plain',
        body: 'Upstream gateway unavailable',
      }),
    );
    await submitLogin(page, 'someone@acme.example', 'secret-password');
    await expectLoginError(page, 'Upstream gateway unavailable');
  });

  it('treats a reply without accessToken and user as malformed', async () => {
    const page = await browser.newPage();
    await fulfillLogin(page, (route) =>
      route.fulfill({ status: 200, json: { message: 'Login successful' } }),
    );
    await submitLogin(page, 'someone@acme.example', 'secret-password');
    await expectLoginError(page, 'Login failed: malformed server response');
    expect(await readStorage(page, STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('links to account creation and the legal pages', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create Account' }).click();
    await page.waitForURL('**/create-account');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await page.goBack();
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL('**/terms');
  });
});

describe('login page weight', () => {
  it('loads at most 150 KB of gzipped JavaScript: zod and sonner wait for their first use', async () => {
    const page = await browser.newPage();
    const scripts: Promise<number>[] = [];
    const measure = (response: Response) => {
      if (response.request().resourceType() !== 'script' || response.status() !== 200) return;
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).byteLength));
    };
    page.on('response', measure);
    await page.goto('/login', { waitUntil: 'networkidle' });
    page.off('response', measure);
    const kilobytes = (await Promise.all(scripts)).reduce((total, size) => total + size, 0) / 1024;
    expect(kilobytes).toBeLessThanOrEqual(150);
    // The form still checks its fields and the reply, with the code that loads on submit.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await submitLogin(page, fixtures().viewer.email, 'not-the-password');
    await expectLoginError(page, 'Invalid email or password');
  });
});

describe('continue with Google', () => {
  const GOOGLE = {
    clientId: 'meridian-test-client.apps.googleusercontent.com',
    allowedDomain: 'meridian.local',
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  };

  async function withGoogleConfig(page: Page, google: typeof GOOGLE | null) {
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, google } });
    });
  }

  const googleButton = (page: Page) => page.getByRole('button', { name: 'Continue with Google' });

  it('says so when Google sign-in is not configured', async () => {
    const page = await browser.newPage();
    await withGoogleConfig(page, null);
    await page.goto('/login');
    await googleButton(page).click();
    await expectLoginError(page, 'Google sign-in is not configured for this Meridian server');
  });

  it('asks for the work e-mail when an allowed domain is set', async () => {
    const page = await browser.newPage();
    await withGoogleConfig(page, GOOGLE);
    await page.goto('/login');
    await googleButton(page).click();
    await expectLoginError(
      page,
      'Please enter your work email (meridian.local) to continue with Google',
    );
  });

  it('refuses an e-mail outside the allowed domain', async () => {
    const page = await browser.newPage();
    await withGoogleConfig(page, GOOGLE);
    await page.goto('/login');
    await page.getByLabel('Email').fill('someone@gmail.com');
    await googleButton(page).click();
    await expectLoginError(
      page,
      'This email domain is not allowed by Meridian. Allowed: meridian.local',
    );
  });

  it('redirects to consent with state and PKCE, then completes the sign-in on the callback', async () => {
    const page = await browser.newPage();
    const { admin, baseUrl } = fixtures();
    await withGoogleConfig(page, GOOGLE);
    let authorizeUrl: URL | undefined;
    await page.context().route('https://accounts.google.com/**', async (route) => {
      authorizeUrl = new URL(route.request().url());
      await route.fulfill({
        contentType: 'text/html',
        body: '<title>Google</title><p>consent</p>',
      });
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(admin.email);
    await googleButton(page).click();
    await page.waitForURL('https://accounts.google.com/**');
    if (!authorizeUrl) throw new Error('The browser never went to Google');
    const params = authorizeUrl.searchParams;
    expect(authorizeUrl.pathname).toBe('/o/oauth2/v2/auth');
    expect(params.get('client_id')).toBe(GOOGLE.clientId);
    expect(params.get('redirect_uri')).toBe(`${baseUrl}/auth/google/callback`);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('access_type')).toBe('offline');
    expect(params.get('prompt')).toBe('select_account');
    expect(params.get('hd')).toBe('meridian.local');
    expect(params.get('code_challenge_method')).toBe('S256');
    const state = params.get('state');
    expect(state).toMatch(/^[\w-]{40,}$/);

    // Google sends the browser back; the server half of the exchange is answered here.
    const reply = await new TestApi(baseUrl).login(admin.email, admin.password);
    let exchangeBody: Record<string, string> | undefined;
    let exchanges = 0;
    await page.route('**/api/auth/google', async (route) => {
      exchanges += 1;
      exchangeBody = route.request().postDataJSON() as Record<string, string>;
      await route.fulfill({ json: reply });
    });
    await page.goto(`/auth/google/callback?code=test-code&state=${state}`);
    await page.waitForURL('**/admin/atlas');
    expect(exchanges).toBe(1);
    expect(exchangeBody).toMatchObject({
      code: 'test-code',
      state,
      nonce: params.get('nonce'),
      redirectUri: `${baseUrl}/auth/google/callback`,
    });
    const verifier = exchangeBody?.codeVerifier ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      params.get('code_challenge'),
    );
    expect(await readStorage(page, STORAGE_KEYS.accessToken)).toBe(reply.accessToken);
  });
});
