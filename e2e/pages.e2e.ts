import { describe, expect, it, test } from './support/test';
import {
  checkInThemes,
  currentPath,
  fixtures,
  followSystemTheme,
  signIn,
  startSignedIn,
  useBrowser,
  type PageOptions,
} from './support/browser';
import { ADMIN_SCREENS } from './support/screens';

const browser = useBrowser();

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

/** A page in the system theme, so that each checkpoint is seen dark, then light. */
async function themedPage(options: PageOptions = {}) {
  const page = await browser.newPage({ bypassCSP: true, ...options });
  await followSystemTheme(page);
  return page;
}

describe('every page in the dark and the light theme: accessible, and pictured', () => {
  for (const [name, path, heading] of PUBLIC_PAGES) {
    it(name, async () => {
      const page = await themedPage();
      // Holds timers still, so the callback page's redirect to /login waits for the scan.
      await page.clock.install();
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await checkInThemes(page, name);
    });
  }

  it('login with an error', async () => {
    const page = await themedPage();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email').fill('someone@acme.example');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('form', { name: 'Sign in' }).getByRole('alert').waitFor();
    await checkInThemes(page, 'login-error');
  });

  it('create-account with the required-fields message', async () => {
    const page = await themedPage();
    await page.goto('/create-account');
    await page.getByRole('button', { name: 'Request account' }).click();
    await page.getByText('Please fill in all required fields').waitFor();
    await checkInThemes(page, 'create-account-error');
  });

  // One sign-in for all sixteen screens, so the time allowed grows with their number.
  it('every admin screen', async () => {
    test.setTimeout(ADMIN_SCREENS.length * 15_000);
    const page = await browser.newPage({ bypassCSP: true });
    await startSignedIn(page, fixtures().admin, '/admin/profile', { theme: 'system' });
    // Each screen under its own path (no redirect), with its title; then scanned and pictured.
    for (const [path, title] of ADMIN_SCREENS) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      expect(currentPath(page)).toBe(path);
      expect(await page.title()).toBe(`${title} · Meridian`);
      await checkInThemes(page, screenshotName(path));
    }
  });

  it('the user menu, organization picker and sign-out dialog', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await startSignedIn(page, fixtures().admin, '/admin/profile', { theme: 'system' });
    await page.getByRole('button', { name: /^Open user menu for/ }).click();
    await page.getByRole('menu').waitFor();
    await checkInThemes(page, 'admin-user-menu', '[role="menu"]');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('alertdialog').waitFor();
    await checkInThemes(page, 'admin-sign-out-dialog', '[role="alertdialog"]');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('combobox', { name: 'Active organization' }).click();
    await page.getByRole('listbox').waitFor();
    await checkInThemes(page, 'admin-organization-picker', '[role="listbox"]');
  });

  it('phone width: login and the admin header', async () => {
    const page = await themedPage({ viewport: { width: 390, height: 844 } });
    await checkInThemes(page, 'phone-login');
    // Through the form, as a phone user signs in, landing on Atlas.
    await signIn(page, fixtures().manager);
    await checkInThemes(page, 'phone-admin-atlas');
    await page.getByRole('button', { name: /^Open user menu for/ }).click();
    await page.getByRole('menu').waitFor();
    await checkInThemes(page, 'phone-admin-user-menu', '[role="menu"]');
  });
});
