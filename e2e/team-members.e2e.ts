import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { invitations } from '../apps/server/src/db/schema';
import {
  checkInThemes,
  currentPath,
  expectAccessible,
  followSystemTheme,
  saveScreenshot,
  signIn,
  STORAGE_KEYS,
  useBrowser,
  writeStorage,
  type PageOptions,
  startSignedIn,
} from './support/browser';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';
import * as API_MESSAGES from '@meridian/contracts/messages';

const STAFF_ONLY = API_MESSAGES.platformRole.staffOnly;

const MINUTE = 60_000;

const world = useSeededServer(async (server) => {
  const acme = await server.createOrganization('Acme Logistics');
  const user = async (
    name: string,
    adminRole: 'ADMIN' | 'MANAGER' | 'VIEWER',
    lastLoginAt: Date | null = null,
  ) => {
    const row = await server.createUser({
      organizationId: acme.id,
      email: `${name}@acme.example`,
      adminRole,
      lastLoginAt,
    });
    return { id: row.id, email: row.email, password: SEEDED_PASSWORD, name: `${name} User` };
  };
  const now = Date.now();
  return {
    acmeId: acme.id,
    admin: await user('ada', 'ADMIN'),
    manager: await user('mo', 'MANAGER'),
    viewer: await user('vi', 'VIEWER'),
    active: await user('active', 'VIEWER', new Date(now - 2 * MINUTE)),
    away: await user('away', 'MANAGER', new Date(now - 30 * MINUTE)),
    offline: await user('offline', 'VIEWER', new Date(now - 3 * 60 * MINUTE)),
    never: await user('never', 'VIEWER'),
    target: await user('tara', 'VIEWER'),
    doomed: await user('dell', 'VIEWER'),
    vanishing: await user('van', 'VIEWER'),
  };
});
const browser = useBrowser();

type Account = { email: string; password: string };

/** A fresh page; with a colour scheme, the app's own theme is set to match (its default is dark). */
async function open(options: PageOptions = {}) {
  const page = await browser.newPage({ baseURL: world().baseUrl, ...options });
  if (options.colorScheme) {
    await page.goto('/login');
    await writeStorage(page, STORAGE_KEYS.theme, options.colorScheme);
  }
  return page;
}

async function openTeam(account: Account, options: PageOptions = {}) {
  const page = await browser.newPage({ baseURL: world().baseUrl, ...options });
  await startSignedIn(page, account, '/admin/team-members', {
    theme: options.appTheme ?? options.colorScheme,
  });
  await page.getByRole('heading', { level: 1, name: 'Team Members' }).waitFor();
  await page.getByRole('table').waitFor();
  return page;
}

async function openMember(account: Account, userId: string, options: PageOptions = {}) {
  const page = await browser.newPage({ baseURL: world().baseUrl, ...options });
  await startSignedIn(page, account, `/admin/team-members/${userId}`, {
    theme: options.appTheme ?? options.colorScheme,
  });
  await page.getByRole('heading', { level: 1, name: 'Team Member' }).waitFor();
  return page;
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const row = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

async function choose(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function adminToken() {
  return (await world().server.login(world().data.admin.email)).accessToken;
}

async function invite(email: string): Promise<string> {
  const reply = await world().server.request<{ data: { inviteUrl: string } }>(
    'POST',
    '/api/admin/invitations',
    { token: await adminToken(), body: { email, adminRole: 'VIEWER' } },
  );
  expect(reply.status).toBe(201);
  return reply.body.data.inviteUrl;
}

describe('Team members: invitations', () => {
  it('invites, copies the link, and the invited person joins, is signed in and can sign in again', async () => {
    const page = await openTeam(world().data.admin, { bypassCSP: true });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: world().baseUrl,
    });
    const email = page.getByLabel('Email');
    const send = page.getByRole('button', { name: 'Send Invite' });
    expect(await send.isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Role' }).innerText()).toBe('Viewer');
    await email.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await email.fill('nina.hire@acme.example');
    expect(await send.isDisabled()).toBe(false);
    await choose(page, 'Role', 'Manager');
    await send.click();

    const link = page.getByLabel('Invitation link for nina.hire@acme.example');
    await link.waitFor();
    await toast(page, 'Invitation sent').waitFor();
    expect(await email.inputValue()).toBe('');
    expect(await send.isDisabled()).toBe(true);
    const inviteUrl = await link.inputValue();
    expect(inviteUrl).toMatch(/\/accept-invite\?token=/);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await toast(page, 'Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteUrl);
    // The invited person is listed at once, pending.
    await row(page, 'nina.hire@acme.example').getByText('PENDING').waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'team-members-invited');

    const invitee = await open();
    await invitee.goto(inviteUrl);
    await invitee.getByRole('heading', { name: 'Accept invitation' }).waitFor();
    await invitee
      .getByText('You are invited to join Acme Logistics on Meridian as Manager.')
      .waitFor();
    expect(await invitee.getByLabel('Email').inputValue()).toBe('nina.hire@acme.example');
    await invitee.getByLabel('First name').fill('Nina');
    await invitee.getByLabel('Last name').fill('Hire');
    await invitee.getByLabel('Password').fill('Quiet-Harbor-Lantern-42');
    await invitee.getByRole('button', { name: 'Join Acme Logistics' }).click();
    await invitee.waitForURL('**/admin/atlas');
    await invitee.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();
    await invitee
      .getByRole('button', { name: /^Open user menu for/ })
      .getByText('Nina Hire')
      .waitFor();

    const again = await open();
    await signIn(again, { email: 'nina.hire@acme.example', password: 'Quiet-Harbor-Lantern-42' });

    const reused = await open();
    await reused.goto(inviteUrl);
    await reused.getByRole('alert').getByText('This invitation has already been used').waitFor();
    expect(await reused.getByLabel('Password').count()).toBe(0);
  });

  it('an expired link, an unknown link and a link without a token say so', async () => {
    const inviteUrl = await invite('late.comer@acme.example');
    await world()
      .server.database.db.update(invitations)
      .set({ expiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(invitations.email, 'late.comer@acme.example'));
    const page = await open();
    await page.goto(inviteUrl);
    await page
      .getByRole('alert')
      .getByText('This invitation has expired. Ask your administrator for a new one.')
      .waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);

    await page.goto('/accept-invite?token=not-a-real-token');
    await page.getByRole('alert').getByText('This invitation link is not valid').waitFor();
    await page.goto('/accept-invite');
    await page.getByRole('alert').getByText('This invitation link is not valid').waitFor();
  });

  it('the accept page is accessible and pictured in the dark and the light theme', async () => {
    const inviteUrl = await invite('picture@acme.example');
    const page = await open({ bypassCSP: true });
    await followSystemTheme(page);
    await page.goto(inviteUrl);
    await page.getByLabel('First name').waitFor();
    await page.getByRole('button', { name: 'Join Acme Logistics' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('First name is required').waitFor();
    await checkInThemes(page, 'accept-invite');
  });
});

describe('Team members: the list', () => {
  it('shows presence from the last sign-in, role badges and a Manage link per user', async () => {
    const { data } = world();
    const page = await openTeam(data.admin);
    const presence = async (email: string) =>
      (await row(page, email).locator('td').nth(3).innerText()).trim();
    expect(await presence(data.active.email)).toBe('Active');
    expect(await presence(data.away.email)).toBe('Away');
    expect(await presence(data.offline.email)).toBe('Offline');
    expect(await presence(data.never.email)).toBe('Offline');
    // The admin has just signed in.
    expect(await presence(data.admin.email)).toBe('Active');

    const badge = (email: string, label: string) =>
      row(page, email).getByText(label, { exact: true });
    expect(await badge(data.admin.email, 'Admin').getAttribute('class')).toMatch(/bg-red-/);
    expect(await badge(data.manager.email, 'Manager').getAttribute('class')).toMatch(/bg-orange-/);
    expect(await badge(data.viewer.email, 'Viewer').getAttribute('class')).toMatch(/bg-blue-/);

    await row(page, data.target.email).getByRole('link', { name: 'Manage tara User' }).click();
    await page.waitForURL(`**/admin/team-members/${data.target.id}`);
    await page.getByRole('heading', { level: 2, name: 'tara User' }).waitFor();
  });

  it('lists the users of a spec-shaped reply: {message, data: {users}} without total or cursor', async () => {
    const { data } = world();
    // The spec's list (SPEC.md part 7): seven fields a user, none of Meridian's additions.
    const specUser = (
      account: { id: string; email: string },
      firstName: string,
      adminRole: 'ADMIN' | 'MANAGER' | 'VIEWER',
      lastLoginAt: string | null,
    ) => ({
      id: account.id,
      firstName,
      lastName: 'Spec',
      email: account.email,
      adminRole,
      role: 'MEMBER',
      lastLoginAt,
    });
    const users = [
      specUser(data.manager, 'Mona', 'MANAGER', new Date(Date.now() - MINUTE).toISOString()),
      specUser(data.target, 'Tessa', 'VIEWER', null),
    ];
    const page = await open();
    await page.route('**/api/admin/users?*', (route) =>
      route.fulfill({ json: { message: 'Users retrieved successfully', data: { users } } }),
    );
    await startSignedIn(page, data.admin, '/admin/team-members');
    await row(page, data.manager.email).waitFor();

    expect(await page.getByRole('table').getByRole('row').count()).toBe(1 + users.length);
    const cells = async (email: string) =>
      (await row(page, email).locator('td').allInnerTexts()).map((text) => text.trim());
    expect(await cells(data.manager.email)).toEqual([
      `Mona Spec\n${data.manager.email}`,
      'Manager',
      '—',
      'Active',
      'Manage',
    ]);
    expect(await cells(data.target.email)).toEqual([
      `Tessa Spec\n${data.target.email}`,
      'Viewer',
      '—',
      'Offline',
      'Manage',
    ]);
    // Without a total or a cursor the reply is the whole list.
    await page.getByRole('status').filter({ hasText: 'Showing 2 of 2' }).waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await row(page, data.target.email).getByRole('link', { name: 'Manage Tessa Spec' }).click();
    await page.waitForURL(`**/admin/team-members/${data.target.id}`);
  });

  it('is accessible and pictured in the dark and the light theme', async () => {
    const page = await openTeam(world().data.admin, { bypassCSP: true, appTheme: 'system' });
    await checkInThemes(page, 'team-members');
  });
});

describe('Team members: managing one user', () => {
  it('saves each select as soon as it changes, and a reload shows the saved values', async () => {
    const { data, server } = world();
    const page = await openMember(data.admin, data.target.id);
    const changes: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') changes.push(request.postDataJSON());
    });

    await choose(page, 'Account status', 'DEACTIVATED');
    await toast(page, 'User updated').waitFor();
    await choose(page, 'Admin role', 'Manager');
    await expect.poll(() => toast(page, 'User updated').count()).toBe(2);
    await choose(page, 'Platform role', 'GUEST');
    await expect.poll(() => toast(page, 'User updated').count()).toBe(3);
    expect(changes).toEqual([
      { accountStatus: 'DEACTIVATED' },
      { adminRole: 'MANAGER' },
      { role: 'GUEST' },
    ]);

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'tara User' }).waitFor();
    const value = (name: string) => page.getByRole('combobox', { name }).innerText();
    expect(await value('Account status')).toBe('DEACTIVATED');
    expect(await value('Admin role')).toBe('Manager');
    expect(await value('Platform role')).toBe('GUEST');

    const saved = await server.request<{ data: Record<string, string> }>(
      'GET',
      `/api/admin/users/${data.target.id}`,
      { token: await adminToken() },
    );
    expect(saved.body.data).toMatchObject({
      accountStatus: 'DEACTIVATED',
      adminRole: 'MANAGER',
      role: 'GUEST',
    });

    // The list shows the change too.
    await page.getByRole('link', { name: 'Back to Team Members' }).click();
    await row(page, data.target.email).getByText('Manager', { exact: true }).waitFor();
  });

  it('greys out the platform roles an organization admin may not grant, with the reasons', async () => {
    const { data } = world();
    const page = await openMember(data.admin, data.viewer.id);
    // A customer's user: roles above MEMBER are for platform staff, whoever asks.
    await page.getByText(STAFF_ONLY).first().waitFor();
    await page.getByRole('combobox', { name: 'Platform role' }).click();
    const disabled = async (name: string) =>
      page.getByRole('option', { name, exact: true }).getAttribute('aria-disabled');
    expect(await disabled('ADMIN')).toBe('true');
    expect(await disabled('OWNER')).toBe('true');
    expect(await disabled('GUEST')).toBeNull();
    await page.keyboard.press('Escape');
    // The server refuses the same change when it is sent anyway.
    const refused = await world().server.request('PUT', `/api/admin/users/${data.viewer.id}`, {
      token: await adminToken(),
      body: { role: 'ADMIN' },
    });
    expect(refused).toMatchObject({ status: 403, body: { message: STAFF_ONLY } });
  });

  it('shows the server refusal as a toast', async () => {
    const { data } = world();
    const page = await openMember(data.admin, data.vanishing.id);
    await page.getByRole('heading', { level: 2, name: 'van User' }).waitFor();
    // Another admin deletes the user while this page is open.
    const deleted = await world().server.request(
      'DELETE',
      `/api/admin/users/${data.vanishing.id}`,
      {
        token: await adminToken(),
      },
    );
    expect(deleted.status).toBe(200);
    await choose(page, 'Account status', 'DEACTIVATED');
    await toast(page, 'User not found').waitFor();
  });

  it('deletes after the confirmation and returns to the list', async () => {
    const { data } = world();
    const page = await openMember(data.admin, data.doomed.id, { bypassCSP: true });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText('Are you sure you want to delete this user? This action cannot be undone.')
      .waitFor();
    await expectAccessible(page, '[role="alertdialog"]');
    await saveScreenshot(page, 'team-member-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(currentPath(page)).toBe(`/admin/team-members/${data.doomed.id}`);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted').waitFor();
    await page.waitForURL('**/admin/team-members');
    await page.getByRole('table').waitFor();
    expect(await row(page, data.doomed.email).count()).toBe(0);
  });

  it('an unknown user shows the heading and the load error inline', async () => {
    const page = await openMember(world().data.admin, '00000000-0000-4000-8000-000000000001');
    await page.getByRole('alert').getByText('User not found').waitFor();
  });

  it('is accessible and pictured in the dark and the light theme', async () => {
    const page = await openMember(world().data.admin, world().data.away.id, {
      bypassCSP: true,
      appTheme: 'system',
    });
    await page.getByRole('combobox', { name: 'Account status' }).waitFor();
    await checkInThemes(page, 'team-member');
  });
});

describe('Team members: who may do what', () => {
  for (const who of ['manager', 'viewer'] as const) {
    it(`a ${who} sees the list but the invite form and every control are disabled, with the reason`, async () => {
      const { data } = world();
      const page = await openTeam(data[who], { bypassCSP: true });
      await page.getByText('Only an organization admin can invite people').waitFor();
      expect(await page.getByLabel('Email').isDisabled()).toBe(true);
      expect(await page.getByRole('combobox', { name: 'Role' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Send Invite' }).isDisabled()).toBe(true);
      await row(page, data.away.email).waitFor();
      if (who === 'manager') await saveScreenshot(page, 'team-members-manager');

      await page.goto(`/admin/team-members/${data.away.id}`);
      await page.getByText('Only an organization admin can manage users').waitFor();
      for (const name of ['Account status', 'Admin role', 'Platform role']) {
        expect(await page.getByRole('combobox', { name }).isDisabled()).toBe(true);
      }
      expect(await page.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(
        true,
      );
      await expectAccessible(page);
    });
  }

  it('an admin may not change or delete their own account', async () => {
    const { data } = world();
    const page = await openMember(data.admin, data.admin.id);
    await page.getByText('You cannot change or delete your own account here').waitFor();
    expect(await page.getByRole('combobox', { name: 'Admin role' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
  });
});
