import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { currentPath, useBrowser } from './support/browser';

const browser = useBrowser();

const STATE = 'expected-state-value-from-the-login-page';

/** Puts the state and nonce the login page would have stored before leaving for Google. */
async function rememberState(page: Page) {
  await page.goto('/login');
  await page.evaluate((state) => {
    window.sessionStorage.setItem('meridian.google.state', state);
    window.sessionStorage.setItem('meridian.google.nonce', `nonce-of-${state}`);
  }, STATE);
}

async function expectFailure(page: Page, message: string, toastMessage: string) {
  await page.getByRole('heading', { name: 'Authentication Failed' }).waitFor();
  await page.getByText(message, { exact: true }).waitFor();
  await page.locator('[data-sonner-toast]').filter({ hasText: toastMessage }).waitFor();
  await page.getByRole('link', { name: 'Return to login page' }).waitFor();
}

describe('the Google callback page', () => {
  it('reports an error sent back by Google, then returns to /login', async () => {
    const page = await browser.newPage();
    await page.goto('/auth/google/callback?error=access_denied');
    await expectFailure(
      page,
      'Google authentication failed: access_denied',
      'Google authentication was cancelled or failed',
    );
    await page.waitForURL('**/login', { timeout: 8000 });
  });

  it('reports a reply without an authorization code', async () => {
    const page = await browser.newPage();
    await page.goto('/auth/google/callback?state=anything');
    await expectFailure(
      page,
      'No authorization code received from Google',
      'Invalid Google authentication response',
    );
    await page.getByRole('link', { name: 'Return to login page' }).click();
    await page.waitForURL('**/login');
  });

  it('refuses a state that the login page did not issue', async () => {
    const page = await browser.newPage();
    await rememberState(page);
    let exchanges = 0;
    await page.route('**/api/auth/google', async (route) => {
      exchanges += 1;
      await route.abort();
    });
    await page.goto('/auth/google/callback?code=abc&state=forged');
    await expectFailure(
      page,
      'Google authentication failed: the sign-in session did not match',
      'Google authentication was cancelled or failed',
    );
    expect(exchanges).toBe(0);
  });

  it('shows the spinner while working and exchanges the code only once', async () => {
    const page = await browser.newPage();
    await rememberState(page);
    let exchanges = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/google', async (route) => {
      exchanges += 1;
      await held;
      await route.fulfill({ status: 500, body: '' });
    });
    await page.goto(`/auth/google/callback?code=abc&state=${STATE}`);
    await page.getByRole('status').filter({ hasText: 'Completing Google Sign In' }).waitFor();
    release();
    await expectFailure(
      page,
      'Google login failed (HTTP 500)',
      'Google authentication was cancelled or failed',
    );
    expect(exchanges).toBe(1);
  });

  it("shows the server's message when the exchange is refused", async () => {
    const page = await browser.newPage();
    await rememberState(page);
    await page.route('**/api/auth/google', (route) =>
      route.fulfill({ status: 403, json: { message: 'Your account is deactivated' } }),
    );
    await page.goto(`/auth/google/callback?code=abc&state=${STATE}`);
    await expectFailure(
      page,
      'Your account is deactivated',
      'Google authentication was cancelled or failed',
    );
  });

  it('treats a reply without accessToken and user as malformed', async () => {
    const page = await browser.newPage();
    await rememberState(page);
    await page.route('**/api/auth/google', (route) => route.fulfill({ json: { message: 'ok' } }));
    await page.goto(`/auth/google/callback?code=abc&state=${STATE}`);
    await expectFailure(
      page,
      'Google login failed: malformed server response',
      'Google authentication was cancelled or failed',
    );
    expect(currentPath(page)).toBe('/auth/google/callback');
  });
});
