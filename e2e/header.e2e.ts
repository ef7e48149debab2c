import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import type { TestAccount } from './support/fixtures';
import {
  currentPath,
  fixtures,
  openUserMenu,
  readStorage,
  signIn,
  STORAGE_KEYS,
  useBrowser,
} from './support/browser';

const browser = useBrowser();

const MENU_ENTRIES = [
  ['User Profile', '/admin/profile'],
  ['Security', '/admin/security'],
  ['Notifications', '/admin/notifications'],
  ['Platform Setup', '/admin/platform-setup'],
  ['Team Members', '/admin/team-members'],
  ['Team Groups', '/admin/team-groups'],
  ['Suppliers', '/admin/suppliers'],
  ['Billing & Plans', '/admin/billing'],
] as const;

const userMenuButton = (page: Page) => page.getByRole('button', { name: /^Open user menu for/ });
const organizationPicker = (page: Page) =>
  page.getByRole('combobox', { name: 'Active organization' });

const menuItemNames = (page: Page) =>
  page.getByRole('menuitem').evaluateAll((items) => items.map((item) => item.textContent?.trim()));

async function expectUserMenu(page: Page, account: TestAccount, withOrganizations: boolean) {
  const name = `${account.firstName} ${account.lastName}`;
  const initials = `${account.firstName[0]}${account.lastName[0]}`;
  const role = account.adminRole.toLowerCase();
  const trigger = userMenuButton(page);
  expect((await trigger.innerText()).split('\n').map((line) => line.trim())).toEqual([
    'Open user menu for',
    initials,
    name,
    role,
  ]);
  await openUserMenu(page);
  const expected = [
    ...MENU_ENTRIES.map(([label]) => label),
    ...(withOrganizations ? ['Organizations'] : []),
    'Logout',
  ];
  expect(await menuItemNames(page)).toEqual(expected);
  await page.getByRole('menu').getByText(account.email).waitFor();
}

describe('the admin header', () => {
  it('shows the product name and highlights the current section', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().manager);
    const header = page.getByRole('banner');
    await header.getByText('Meridian', { exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    expect(await links.allInnerTexts()).toEqual(['Atlas', 'Events', 'Insights', 'Plans']);
    for (const section of ['Events', 'Insights', 'Plans', 'Atlas']) {
      await nav.getByRole('link', { name: section }).click();
      await page.getByRole('heading', { level: 1, name: section }).waitFor();
      expect(await nav.locator('[aria-current="page"]').allInnerTexts()).toEqual([section]);
    }
  });

  it('gives an internal user the organization picker and the Organizations entry', async () => {
    const page = await browser.newPage();
    const { admin, customerOrganization, extraOrganization } = fixtures();
    await signIn(page, admin);
    await expectUserMenu(page, admin, true);
    await page.keyboard.press('Escape');

    const picker = organizationPicker(page);
    await expect.poll(() => readStorage(page, STORAGE_KEYS.activeOrganizationId)).toBeTruthy();
    const firstId = await readStorage(page, STORAGE_KEYS.activeOrganizationId);
    await picker.click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toEqual(
      expect.arrayContaining([customerOrganization.name, extraOrganization.name]),
    );
    expect(await page.getByRole('option', { selected: true }).innerText()).toBe(options[0]);
    await page.getByRole('option', { name: extraOrganization.name }).click();
    expect(await readStorage(page, STORAGE_KEYS.activeOrganizationId)).toBe(extraOrganization.id);
    expect(extraOrganization.id).not.toBe(firstId);
    expect(await picker.innerText()).toContain(extraOrganization.name);

    // The stored choice is sent with later requests.
    const validation = page.waitForRequest('**/api/auth/validate');
    await page.reload();
    expect((await validation).headers()['x-act-as-organization']).toBe(extraOrganization.id);
    await expect.poll(() => organizationPicker(page).innerText()).toContain(extraOrganization.name);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Organizations' }).click();
    await page.waitForURL('**/admin/organizations');
  });

  it('hides the organization picker on a phone-width screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, fixtures().admin);
    expect(await organizationPicker(page).isVisible()).toBe(false);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Plans' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
  });

  it('shows a customer manager no picker and no Organizations entry', async () => {
    const page = await browser.newPage();
    const { manager } = fixtures();
    await signIn(page, manager);
    await expectUserMenu(page, manager, false);
    expect(await organizationPicker(page).count()).toBe(0);
    const badge = page.getByRole('menu').getByText('Manager', { exact: true });
    expect(await badge.getAttribute('class')).toContain('orange');
  });

  it('colours the role badge per admin role', async () => {
    const { viewer, admin } = fixtures();
    for (const [account, label, colour] of [
      [viewer, 'Viewer', 'blue'],
      [admin, 'Admin', 'red'],
    ] as const) {
      const page = await browser.newPage();
      await signIn(page, account);
      await openUserMenu(page);
      const badge = page.getByRole('menu').getByText(label, { exact: true });
      expect(await badge.getAttribute('class')).toContain(colour);
    }
  });

  it('opens each menu entry', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().manager);
    for (const [label, path] of MENU_ENTRIES) {
      await openUserMenu(page);
      await page.getByRole('menuitem', { name: label }).click();
      await page.waitForURL((url) => url.pathname === path);
    }
  });

  it('is usable by keyboard alone', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().manager);
    // A page without the map, whose late-loading canvas could take the focus mid-test.
    await page.goto('/admin/plans');
    await userMenuButton(page).focus();
    await page.keyboard.press('Enter');
    // Opening by keyboard focuses the first entry, User Profile; one step down is Security.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('User Profile');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Security');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/security');
  });
});

describe('logout', () => {
  it('asks for confirmation, then clears the session and goes to /login', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().manager);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to sign out?').waitFor();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(currentPath(page)).toBe('/admin/atlas');
    expect(await readStorage(page, STORAGE_KEYS.accessToken)).toBeTruthy();

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const logoutCall = page.waitForRequest('**/api/auth/logout');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect((await logoutCall).postDataJSON()).toHaveProperty('refreshToken');
    expect(await readStorage(page, STORAGE_KEYS.accessToken)).toBeNull();
    expect(await readStorage(page, STORAGE_KEYS.refreshToken)).toBeNull();

    await page.goto('/admin/atlas');
    await page.waitForURL('**/login');
  });
});
