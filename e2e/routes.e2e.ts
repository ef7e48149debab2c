import type { Page } from '@playwright/test';
import { describe, expect, it, test } from './support/test';
import {
  currentPath,
  fixtures,
  readStorage,
  signIn,
  startSignedIn,
  STORAGE_KEYS,
  useBrowser,
  writeStorage,
} from './support/browser';

const browser = useBrowser();

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

async function expectLandsOn(page: Page, from: string, to: string) {
  await page.goto(from);
  await page.waitForURL((url) => url.pathname === to);
  expect(currentPath(page)).toBe(to);
}

describe('routes for a signed-out visitor', () => {
  // One page for all: each path is a step of its own in the report.
  it('/, unknown paths and every /admin path go to /login', async () => {
    const page = await browser.newPage();
    for (const path of [
      '/',
      '/no-such-page',
      '/admin',
      '/admin/atlas',
      '/admin/events',
      '/admin/organizations/new',
    ]) {
      await test.step(`${path} goes to /login`, async () => {
        await expectLandsOn(page, path, '/login');
        await heading(page, 'Sign in').waitFor();
      });
    }
  });

  it('shows the create-account, privacy and terms pages', async () => {
    const page = await browser.newPage();
    await expectLandsOn(page, '/create-account', '/create-account');
    await heading(page, 'Request an account').waitFor();
    await expectLandsOn(page, '/privacy', '/privacy');
    await heading(page, 'Privacy Policy').waitFor();
    await page.getByText('Last updated September 2025').waitFor();
    await page.getByRole('link', { name: 'privacy@meridian.example' }).waitFor();
    await expectLandsOn(page, '/terms', '/terms');
    await heading(page, 'Terms of Service').waitFor();
    await page.getByText('Last updated September 2025').waitFor();
    await page.getByRole('link', { name: 'legal@meridian.example' }).waitFor();
  });
});

describe('routes for a signed-in admin', () => {
  // One sign-in for all (each draws Atlas's map in software): each path is a step of its own.
  it('/login, /create-account, / and unknown paths go to Atlas; /admin paths show it', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().manager);
    for (const from of ['/login', '/create-account', '/', '/no-such-page']) {
      await test.step(`${from} goes to /admin/atlas`, async () => {
        await expectLandsOn(page, from, '/admin/atlas');
        await heading(page, 'Atlas').waitFor();
      });
    }
    for (const path of ['/admin', '/admin/no-such-screen']) {
      await test.step(`${path} shows Atlas`, async () => {
        await expectLandsOn(page, path, path);
        await heading(page, 'Atlas').waitFor();
        expect(await page.getByRole('link', { name: 'Atlas' }).getAttribute('aria-current')).toBe(
          'page',
        );
      });
    }
  });
});

describe('the session at start', () => {
  it('shows "Loading Meridian..." while the stored session is validated', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().manager);
    let releaseValidation: () => void = () => undefined;
    const validationHeld = new Promise<void>((resolve) => {
      releaseValidation = resolve;
    });
    await page.route('**/api/auth/validate', async (route) => {
      await validationHeld;
      await route.continue();
    });
    await page.goto('/admin/events');
    await page.getByRole('status').filter({ hasText: 'Loading Meridian...' }).waitFor();
    releaseValidation();
    await heading(page, 'Events').waitFor();
  });

  it('keeps the stored session when the page is left while it is validated', async () => {
    const page = await browser.newPage();
    await startSignedIn(page, fixtures().manager, '/admin/profile');
    await heading(page, 'User Profile').waitFor();
    let releaseValidation: () => void = () => undefined;
    const validationHeld = new Promise<void>((resolve) => {
      releaseValidation = resolve;
    });
    await page.route(
      '**/api/auth/validate',
      async (route) => {
        await validationHeld;
        await route.abort().catch(() => undefined);
      },
      { times: 1 },
    );
    await page.goto('/admin/events');
    await page.getByRole('status').filter({ hasText: 'Loading Meridian...' }).waitFor();
    // Left before the server answered: the request in flight is aborted with the page.
    await page.goto('/admin/plans');
    releaseValidation();
    await heading(page, 'Plans').waitFor();
    expect(await readStorage(page, STORAGE_KEYS.refreshToken)).not.toBeNull();
  });

  it('removes both tokens and stays signed out when validation fails', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await writeStorage(page, STORAGE_KEYS.accessToken, 'not-a-token');
    await writeStorage(page, STORAGE_KEYS.refreshToken, 'not-a-refresh-token');
    await expectLandsOn(page, '/admin/atlas', '/login');
    expect(await readStorage(page, STORAGE_KEYS.accessToken)).toBeNull();
    expect(await readStorage(page, STORAGE_KEYS.refreshToken)).toBeNull();
  });
});
