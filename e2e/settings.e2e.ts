import type { Page } from '@playwright/test';
import { beforeAll, describe, expect, it, test } from './support/test';
import { TestApi } from './support/api';
import {
  checkInThemes,
  fixtures,
  signIn,
  startSignedIn,
  useBrowser,
  type PageOptions,
} from './support/browser';
import { ADMIN_ACCOUNT, TEST_PASSWORD, type TestAccount } from './support/fixtures';

const browser = useBrowser();

/**
 * Settings change the people and the organization they belong to, so this file works in an
 * organization of its own with accounts of its own: the shared fixtures stay as they were.
 */
let api: TestApi;
let adminToken: string;
let organizationId: string;
let orgAdmin: TestAccount;
let manager: TestAccount;
let viewer: TestAccount;
let accountCount = 0;

async function newMember(adminRole: TestAccount['adminRole']): Promise<TestAccount> {
  accountCount += 1;
  const account: TestAccount = {
    email: `settings-${accountCount}-${Date.now()}@settings.example`,
    password: TEST_PASSWORD,
    firstName: 'Sam',
    lastName: `Tester${accountCount}`,
    adminRole,
  };
  await api.createMember(adminToken, organizationId, account);
  return account;
}

beforeAll(async () => {
  api = new TestApi(fixtures().baseUrl);
  adminToken = (await api.login(ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password)).accessToken;
  organizationId = (await api.createOrganization(adminToken, 'Settings Test Co', 'settings-test'))
    .id;
  orgAdmin = await newMember('ADMIN');
  manager = await newMember('MANAGER');
  viewer = await newMember('VIEWER');
});

async function openAs(account: TestAccount, path: string, title: string, options?: PageOptions) {
  const page = await browser.newPage(options);
  await startSignedIn(page, account, path);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  return page;
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const rootClass = (page: Page) => page.evaluate(() => document.documentElement.className);
const switchState = (page: Page, name: string) =>
  page.getByRole('switch', { name, exact: true }).getAttribute('aria-checked');

async function choose(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const selected = (page: Page, select: string) =>
  page.getByRole('combobox', { name: select, exact: true }).innerText();

async function saveForm(page: Page, message: string) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await toast(page, message).waitFor();
}

async function reloadTo(page: Page, title: string) {
  await page.reload();
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

describe('the user profile', () => {
  it('shows the account, and saves a new name that the header shows too', async () => {
    const account = await newMember('MANAGER');
    const page = await openAs(account, '/admin/profile', 'User Profile');
    const details = page.getByRole('region', { name: 'Personal information' });
    await details.getByText(account.email).waitFor();
    await details.getByText('Verified', { exact: true }).waitFor();
    await details.getByText('manager', { exact: true }).waitFor();
    await details.getByText('Active', { exact: true }).waitFor();
    await details.getByText('ST', { exact: true }).waitFor();

    await details.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First name').fill('Renata');
    await page.getByLabel('Last name').fill('Okafor');
    await page
      .getByRole('form', { name: 'Edit full name' })
      .getByRole('button', { name: 'Save' })
      .click();
    await toast(page, 'Profile updated').waitFor();
    const menuButton = page.getByRole('button', { name: /^Open user menu for/ });
    await expect.poll(() => menuButton.innerText()).toContain('Renata Okafor');

    await reloadTo(page, 'User Profile');
    await details.getByText('Renata Okafor', { exact: true }).waitFor();
    expect(await menuButton.innerText()).toContain('RO');
  });

  it('saves language, date format and timezone through a reload', async () => {
    const page = await openAs(await newMember('VIEWER'), '/admin/profile', 'User Profile');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Language' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      'English (US)',
      'English (UK)',
      'Spanish',
      'French',
      'German',
    ]);
    await page.getByRole('option', { name: 'German' }).click();
    await choose(page, 'Date format', 'DD MMM YYYY');
    await choose(page, 'Timezone', 'Tokyo');
    await saveForm(page, 'Preferences saved');
    await reloadTo(page, 'User Profile');
    expect(await selected(page, 'Language')).toBe('German');
    expect(await selected(page, 'Date format')).toBe('DD MMM YYYY');
    expect(await selected(page, 'Timezone')).toBe('Tokyo');
  });

  it('applies a theme at once, and the saved theme follows the user to a fresh browser', async () => {
    const account = await newMember('VIEWER');
    const page = await openAs(account, '/admin/profile', 'User Profile');
    expect(await rootClass(page)).toBe('dark');
    await choose(page, 'Theme', 'light');
    expect(await rootClass(page)).toBe('light');
    await saveForm(page, 'Preferences saved');

    const elsewhere = await browser.newPage({ colorScheme: 'dark' });
    await signIn(elsewhere, account);
    await expect.poll(() => rootClass(elsewhere)).toBe('light');
    await elsewhere.goto('/admin/profile');
    expect(await selected(elsewhere, 'Theme')).toBe('light');
  });

  it('leaves a browser its own theme while the user has saved none', async () => {
    const page = await browser.newPage();
    await startSignedIn(page, await newMember('VIEWER'), '/admin/profile', { theme: 'light' });
    await page.getByRole('heading', { level: 1, name: 'User Profile' }).waitFor();
    expect(await selected(page, 'Theme')).toBe('light');
    expect(await rootClass(page)).toBe('light');
  });

  it('answers Upload Image with Coming soon, and Enable 2FA opens its setup', async () => {
    const page = await openAs(viewer, '/admin/profile', 'User Profile');
    await page.getByRole('button', { name: 'Upload Image' }).click();
    await toast(page, 'Coming soon').first().waitFor();
    // The whole flow is in two-factor.e2e.ts.
    await page.getByRole('button', { name: 'Enable 2FA' }).click();
    await page.getByRole('dialog', { name: 'Enable 2FA' }).getByLabel('Secret key').waitFor();
  });

  it('lists the sessions and signs one out', async () => {
    const account = await newMember('VIEWER');
    await api.login(account.email, account.password);
    const page = await openAs(account, '/admin/profile', 'User Profile');
    await page.getByRole('button', { name: 'Manage Sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Active sessions' });
    const rows = dialog.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    // Accepting the invitation, the API sign-in and this browser.
    await expect.poll(() => rows.count()).toBe(3);
    await rows.last().getByRole('button', { name: 'Sign out' }).click();
    await toast(page, 'Session revoked').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
  });
});

describe('changing the password', () => {
  it('shows the server reason, then signs other sessions out and takes the new password', async () => {
    const account = await newMember('MANAGER');
    const otherSession = await api.login(account.email, account.password);
    const page = await openAs(account, '/admin/profile', 'User Profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });

    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByLabel('New password').fill('qwerty123');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'This password is too common' }).waitFor();

    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password').fill('Fresh-harbor-Lantern-42');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).waitFor();

    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password changed').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // This browser stays signed in; the API session opened before is over.
    await reloadTo(page, 'User Profile');
    await expect(
      api.request('POST', '/auth/refresh', { body: { refreshToken: otherSession.refreshToken } }),
    ).rejects.toThrow(/401/);

    const oldPassword = await browser.newPage();
    await oldPassword.goto('/login');
    await oldPassword.getByLabel('Email').fill(account.email);
    await oldPassword.getByLabel('Password').fill(account.password);
    await oldPassword.getByRole('button', { name: 'Sign in', exact: true }).click();
    await oldPassword.getByRole('form', { name: 'Sign in' }).getByRole('alert').waitFor();
    expect(new URL(oldPassword.url()).pathname).toBe('/login');

    const newPassword = await browser.newPage();
    await signIn(newPassword, { email: account.email, password: 'Fresh-harbor-Lantern-42' });
  });
});

describe('the security settings', () => {
  it('shows the sign-in facts, and an organization admin saves the toggles', async () => {
    const page = await openAs(orgAdmin, '/admin/security', 'Security');
    await page.getByText('Email and password').waitFor();
    await page.getByText('8 hours of inactivity', { exact: false }).waitFor();
    expect(await switchState(page, 'IP whitelist')).toBe('false');
    expect(await switchState(page, 'Audit logging')).toBe('true');
    await page.getByRole('switch', { name: 'IP whitelist' }).click();
    await page.getByRole('switch', { name: 'Audit logging' }).click();
    // A list without the admin's own address is refused with the reason, and nothing is saved.
    const allowList = page.getByLabel('Allowed IP addresses');
    await allowList.fill('203.0.113.0/24');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').getByText('saving it would lock you out').first().waitFor();
    await allowList.fill('203.0.113.0/24\n127.0.0.1\n::1');
    await saveForm(page, 'Security settings saved');
    await reloadTo(page, 'Security');
    expect(await switchState(page, 'IP whitelist')).toBe('true');
    expect(await switchState(page, 'Audit logging')).toBe('false');
    expect(await page.getByLabel('Allowed IP addresses').inputValue()).toBe(
      '203.0.113.0/24\n127.0.0.1\n::1',
    );
  });

  it('is read-only for a manager, with the reason', async () => {
    const page = await openAs(manager, '/admin/security', 'Security');
    await page.getByText('Only an organization admin can change these settings').waitFor();
    const switches = page.getByRole('switch');
    expect(await switches.count()).toBe(7);
    for (const control of await switches.all()) expect(await control.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
  });

  it('shows the real date of the last password change', async () => {
    const account = await newMember('VIEWER');
    const { accessToken } = await api.login(account.email, account.password);
    await api.request('POST', '/me/password', {
      token: accessToken,
      body: { currentPassword: account.password, newPassword: 'Quiet-river-Stone-77' },
    });
    const page = await openAs(
      { ...account, password: 'Quiet-river-Stone-77' },
      '/admin/security',
      'Security',
    );
    const year = String(new Date().getFullYear());
    const row = page.locator('dl > div', {
      has: page.locator('dt', { hasText: 'Last password change' }),
    });
    await expect.poll(() => row.locator('dd').innerText()).toContain(year);
  });
});

describe('the notification settings', () => {
  it('saves channels, severity and types through a reload', async () => {
    const page = await openAs(await newMember('VIEWER'), '/admin/notifications', 'Notifications');
    expect(await switchState(page, 'Slack')).toBe('false');
    await page.getByRole('switch', { name: 'Slack' }).click();
    await page.getByRole('switch', { name: 'Email' }).click();
    await page.getByRole('switch', { name: 'Plan updates' }).click();
    await page.getByRole('combobox', { name: 'Event severity' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      'Severity 1',
      'Severity 2',
      'Severity 3',
      'All',
    ]);
    await page.getByRole('option', { name: 'Severity 2' }).click();
    await saveForm(page, 'Notification settings saved');
    await reloadTo(page, 'Notifications');
    expect(await switchState(page, 'Slack')).toBe('true');
    expect(await switchState(page, 'Email')).toBe('false');
    expect(await switchState(page, 'Plan updates')).toBe('false');
    expect(await switchState(page, 'Desktop')).toBe('true');
    expect(await selected(page, 'Event severity')).toBe('Severity 2');
  });
});

describe('the platform setup', () => {
  it('shows the organization, and an organization admin saves the setup', async () => {
    const page = await openAs(orgAdmin, '/admin/platform-setup', 'Platform Setup');
    await page
      .getByRole('region', { name: 'Organization information' })
      .getByText('Settings Test Co')
      .waitFor();
    await page.getByRole('combobox', { name: 'Organization type' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      'Enterprise',
      'Government',
      'Non-Profit',
      'Small Business',
      'Startup',
    ]);
    await page.getByRole('option', { name: 'Government' }).click();
    await page.getByRole('combobox', { name: 'Monitoring scope' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      'Global',
      'Regional',
      'National',
      'Custom',
    ]);
    await page.getByRole('option', { name: 'Regional' }).click();
    await page.getByLabel('Regions').fill('Western Europe, North Africa');
    expect(await switchState(page, 'AI Agents')).toBe('false');
    await page.getByRole('switch', { name: 'AI Agents' }).click();
    await page.getByRole('switch', { name: 'Reporting' }).click();
    await saveForm(page, 'Platform settings saved');

    await reloadTo(page, 'Platform Setup');
    expect(await selected(page, 'Organization type')).toBe('Government');
    expect(await selected(page, 'Monitoring scope')).toBe('Regional');
    expect(await page.getByLabel('Regions').inputValue()).toBe('Western Europe, North Africa');
    expect(await switchState(page, 'AI Agents')).toBe('true');
    expect(await switchState(page, 'Reporting')).toBe('false');
  });

  it('keeps the currency and its exchange rates, refusing a rate twice where it was typed', async () => {
    const page = await openAs(orgAdmin, '/admin/platform-setup', 'Platform Setup');
    const currency = page.getByRole('form', { name: 'Currency settings' });
    await currency.getByText('No exchange rates').waitFor();
    expect(await currency.getByLabel('Organization currency').inputValue()).toBe('USD');
    await currency.getByLabel('Organization currency').fill('eur');
    await currency.getByLabel('Rates as of').fill('2026-11-27');
    for (const [code, rate] of [
      ['usd', '0.92'],
      ['USD', '0.93'],
    ] as const) {
      await currency.getByRole('button', { name: 'Add rate' }).click();
      await currency
        .getByRole('textbox', { name: /^Currency of rate/ })
        .last()
        .fill(code);
      await currency
        .getByRole('spinbutton', { name: /^Value of 1/ })
        .last()
        .fill(rate);
    }
    await currency.getByRole('button', { name: 'Save currency' }).click();
    await currency.getByText('USD has two rates').waitFor();
    await currency.getByRole('button', { name: 'Remove the rate of USD' }).last().click();
    await currency.getByRole('button', { name: 'Add rate' }).click();
    await currency.getByRole('textbox', { name: 'Currency of rate 2' }).fill('JPY');
    await currency.getByRole('spinbutton', { name: 'Value of 1 JPY in EUR' }).fill('0.0062');
    await currency.getByRole('button', { name: 'Save currency' }).click();
    await toast(page, 'Currency settings saved').waitFor();

    await reloadTo(page, 'Platform Setup');
    const saved = page.getByRole('form', { name: 'Currency settings' });
    await saved.getByRole('spinbutton', { name: 'Value of 1 JPY in EUR' }).waitFor();
    expect(await saved.getByLabel('Organization currency').inputValue()).toBe('EUR');
    expect(await saved.getByLabel('Rates as of').inputValue()).toBe('2026-11-27');
    expect(
      await saved.getByRole('spinbutton', { name: 'Value of 1 USD in EUR' }).inputValue(),
    ).toBe('0.92');
    expect(
      await saved.getByRole('spinbutton', { name: 'Value of 1 JPY in EUR' }).inputValue(),
    ).toBe('0.0062');
  });

  it('is read-only for a viewer, with the reason', async () => {
    const page = await openAs(viewer, '/admin/platform-setup', 'Platform Setup');
    const currency = page.getByRole('form', { name: 'Currency settings' });
    await expect(currency.getByLabel('Organization currency')).toBeDisabled();
    // One reason under each of the two forms (the setup and the currency).
    await expect(
      page.getByText('Only an organization admin can change these settings'),
    ).toHaveCount(2);
    expect(await currency.getByRole('button', { name: 'Add rate' }).count()).toBe(0);
    expect(await page.getByRole('switch').count()).toBe(8);
    for (const control of await page.getByRole('switch').all()) {
      expect(await control.isDisabled()).toBe(true);
    }
    expect(await page.getByRole('combobox', { name: 'Organization type' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Regions').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
  });
});

describe('the demo screens', () => {
  it('lists the team groups, and Create Group is coming soon', async () => {
    const page = await openAs(viewer, '/admin/team-groups', 'Team Groups');
    const groups = page.getByRole('list', { name: 'Groups' });
    await groups.getByText('Incident Response').waitFor();
    for (const label of ['view_events', 'full_access', 'admin_controls', 'coordinate_response']) {
      await groups.getByText(label, { exact: true }).first().waitFor();
    }
    await page.getByRole('button', { name: 'Create Group' }).click();
    await toast(page, 'Coming soon').waitFor();
  });

  it('shows the plans, invoices and payment details as demo data', async () => {
    const page = await openAs(viewer, '/admin/billing', 'Billing & Plans');
    await page.getByText('Demo data').waitFor();
    for (const [plan, price, members] of [
      ['Starter', '$49', '5 members'],
      ['Professional', '$99', '15 members'],
      ['Enterprise Pro', '$149', 'Unlimited members'],
    ] as const) {
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: plan, exact: true }) });
      await card.getByText(price, { exact: true }).waitFor();
      await card.getByText(members, { exact: true }).waitFor();
      await card.getByText('per month').waitFor();
    }
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Professional', exact: true }) })
      .getByText('Recommended')
      .waitFor();
    const statuses = page.getByRole('table').locator('tbody td:last-child');
    expect(await statuses.allInnerTexts()).toEqual(['pending', 'overdue', 'paid', 'paid']);
    const colours = await statuses
      .locator('span')
      .evaluateAll((badges) => badges.map((badge) => getComputedStyle(badge).color));
    expect(new Set(colours).size).toBe(3);
    await page.getByText('Visa ending in 4242').waitFor();
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await toast(page, 'Coming soon').waitFor();
  });
});

const SCREENS = [
  ['/admin/profile', 'User Profile', 'settings-profile'],
  ['/admin/security', 'Security', 'settings-security'],
  ['/admin/notifications', 'Notifications', 'settings-notifications'],
  ['/admin/platform-setup', 'Platform Setup', 'settings-platform-setup'],
  ['/admin/team-groups', 'Team Groups', 'settings-team-groups'],
  ['/admin/billing', 'Billing & Plans', 'settings-billing'],
] as const;

/** Every section has loaded: no spinner is left. */
const settled = (page: Page) =>
  expect.poll(() => page.getByText(/^Loading.*\.\.\.$/).count()).toBe(0);

describe('in the dark and the light theme', () => {
  /** Signed in, in the system theme: each checkpoint is seen dark, then light. */
  async function themedPage(account: TestAccount, options: PageOptions = {}) {
    const page = await browser.newPage({ bypassCSP: true, ...options });
    await startSignedIn(page, account, '/admin/profile', { theme: 'system' });
    return page;
  }

  // Each screen, dialog and the read-only page is loaded, scanned and pictured in both themes:
  // the time allowed grows with their number, as for the admin screens (pages.e2e).
  it('every settings screen is accessible, for an admin and read-only', async () => {
    test.setTimeout((SCREENS.length + 3) * 20_000);
    const page = await themedPage(orgAdmin);
    for (const [path, title, name] of SCREENS) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await settled(page);
      await checkInThemes(page, name);
    }
    await page.goto('/admin/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog').waitFor();
    await checkInThemes(page, 'settings-change-password', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Manage Sessions' }).click();
    await page.getByRole('dialog').getByRole('list', { name: 'Sessions' }).waitFor();
    await checkInThemes(page, 'settings-sessions', '[role="dialog"]');

    const reader = await themedPage(manager);
    await reader.goto('/admin/security');
    await reader.getByText('Only an organization admin can change these settings').waitFor();
    await checkInThemes(reader, 'settings-security-read-only');
  });

  it('phone width', async () => {
    test.setTimeout(SCREENS.length * 20_000);
    const page = await themedPage(orgAdmin, { viewport: { width: 390, height: 844 } });
    for (const [path, title, name] of SCREENS) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await settled(page);
      await checkInThemes(page, `phone-${name}`);
    }
  });
});
