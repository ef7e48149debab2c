import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  expectAccessible,
  fixtures,
  saveScreenshot,
  signIn,
  STORAGE_KEYS,
  useBrowser,
  waitForStillPage,
  writeStorage,
} from './support/browser';
import { ADMIN_SCREENS } from './support/screens';

const browser = useBrowser();

const THEMES = ['dark', 'light'] as const;

const PUBLIC_PAGES = [
  ['login', '/login', 'Sign in'],
  ['create-account', '/create-account', 'Request an account'],
  ['privacy', '/privacy', 'Privacy Policy'],
  ['terms', '/terms', 'Terms of Service'],
  ['google-callback-failed', '/auth/google/callback?error=access_denied', 'Authentication Failed'],
] as const;

const screenshotName = (path: string) =>
  path
    .replace(/^\/admin\//, 'admin-')
    .replace(/[0-9a-f-]{36}/, 'id')
    .replace(/\//g, '-');

async function usingTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.goto('/login');
  await writeStorage(page, STORAGE_KEYS.theme, theme);
  // The saved theme is read when the page starts.
  await page.reload();
}

async function checkPage(page: Page, name: string, theme: string, layerSelector?: string) {
  await waitForStillPage(page);
  await expectAccessible(page, layerSelector);
  await saveScreenshot(page, `${name}-${theme}`);
}

describe.each(THEMES)('every page in the %s theme: accessible, and pictured', (theme) => {
  it.each(PUBLIC_PAGES)('%s', async (name, path, heading) => {
    const page = await browser.newPage({ colorScheme: theme, bypassCSP: true });
    await usingTheme(page, theme);
    // Holds timers still, so the callback page's redirect to /login waits for the scan.
    await page.clock.install();
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    await checkPage(page, name, theme);
  });

  it('login with an error', async () => {
    const page = await browser.newPage({ colorScheme: theme, bypassCSP: true });
    await usingTheme(page, theme);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email').fill('someone@acme.example');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('form', { name: 'Sign in' }).getByRole('alert').waitFor();
    await checkPage(page, 'login-error', theme);
  });

  it('create-account with the required-fields message', async () => {
    const page = await browser.newPage({ colorScheme: theme, bypassCSP: true });
    await usingTheme(page, theme);
    await page.goto('/create-account');
    await page.getByRole('button', { name: 'Request account' }).click();
    await page.getByText('Please fill in all required fields').waitFor();
    await checkPage(page, 'create-account-error', theme);
  });

  // One sign-in for all sixteen screens, so the time allowed grows with their number.
  it('every admin screen', { timeout: ADMIN_SCREENS.length * 8_000 }, async () => {
    const page = await browser.newPage({ colorScheme: theme, bypassCSP: true });
    await usingTheme(page, theme);
    await signIn(page, fixtures().admin);
    for (const [path, title] of ADMIN_SCREENS) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await checkPage(page, screenshotName(path), theme);
    }
  });

  it('the user menu, organization picker and sign-out dialog', async () => {
    const page = await browser.newPage({ colorScheme: theme, bypassCSP: true });
    await usingTheme(page, theme);
    await signIn(page, fixtures().admin);
    await page.getByRole('button', { name: /^Open user menu for/ }).click();
    await page.getByRole('menu').waitFor();
    await checkPage(page, 'admin-user-menu', theme, '[role="menu"]');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').waitFor();
    await checkPage(page, 'admin-sign-out-dialog', theme, '[role="alertdialog"]');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('combobox', { name: 'Active organization' }).click();
    await page.getByRole('listbox').waitFor();
    await checkPage(page, 'admin-organization-picker', theme, '[role="listbox"]');
  });

  it('phone width: login and the admin header', async () => {
    const page = await browser.newPage({
      colorScheme: theme,
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    await usingTheme(page, theme);
    await page.goto('/login');
    await checkPage(page, 'phone-login', theme);
    await signIn(page, fixtures().manager);
    await checkPage(page, 'phone-admin-atlas', theme);
    await page.getByRole('button', { name: /^Open user menu for/ }).click();
    await page.getByRole('menu').waitFor();
    await checkPage(page, 'phone-admin-user-menu', theme, '[role="menu"]');
  });
});
