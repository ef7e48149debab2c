import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { users } from '../apps/server/src/db/schema';
import {
  checkInThemes,
  readStorage,
  STORAGE_KEYS,
  useBrowser,
  type PageOptions,
  startSignedIn,
} from './support/browser';
import { SEEDED_OWNER, SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

/** An organization of 64 people (more than a page of 50) and a platform of 130 customers. */
const MEMBERS = 63;
const CARRIERS = 130;
const number = (i: number, digits = 2) => String(i).padStart(digits, '0');

const world = useSeededServer(async (server) => {
  const globex = await server.createOrganization('Globex Freight');
  const rename = (id: string, firstName: string, lastName: string) =>
    server.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, id));
  const admin = await server.createUser({
    organizationId: globex.id,
    email: 'aaron.admin@globex.example',
    adminRole: 'ADMIN',
  });
  await rename(admin.id, 'Aaron', 'Admin');
  for (let i = 1; i <= MEMBERS; i++) {
    const member = await server.createUser({
      organizationId: globex.id,
      email: `member.${number(i)}@globex.example`,
      adminRole: i % 5 === 0 ? 'MANAGER' : 'VIEWER',
      accountStatus: i % 7 === 0 ? 'DEACTIVATED' : i % 11 === 0 ? 'PENDING' : 'ACTIVE',
    });
    await rename(member.id, 'Member', number(i));
  }
  for (let i = 1; i <= CARRIERS; i++) {
    await server.createOrganization(i === 117 ? 'Tern Shipping' : `Carrier ${number(i, 3)}`);
  }
  return { admin: { email: admin.email, password: SEEDED_PASSWORD } };
});
const browser = useBrowser();

async function open(
  account: { email: string; password: string },
  path: string,
  options: PageOptions = {},
) {
  const page = await browser.newPage({ baseURL: world().baseUrl, ...options });
  // The app's own theme (default dark) decides the colours, not the browser's preference.
  await startSignedIn(page, account, path, { theme: options.appTheme ?? options.colorScheme });
  return page;
}

async function openTeam(options: PageOptions = {}, query = '') {
  const page = await open(world().data.admin, `/admin/team-members${query}`, options);
  await page.getByRole('heading', { level: 1, name: 'Team Members' }).waitFor();
  await page.getByRole('table').waitFor();
  return page;
}

const bodyRows = (page: Page) => page.locator('tbody tr');
const memberRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
const count = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+$/ });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search members' });
const roleFilter = (page: Page, role: string) =>
  page.getByRole('radiogroup', { name: 'Filter by role' }).getByRole('radio', { name: role });
/** Clicks a role filter as a person does: on its visible label. */
const filterByRole = (page: Page, role: string) =>
  page.getByRole('radiogroup', { name: 'Filter by role' }).getByText(role, { exact: true }).click();

async function chooseOption(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('Team members: a list longer than a page', () => {
  it('shows 50 of 64 by name, and Load more reaches the 51st and the rest', async () => {
    const page = await openTeam();
    await expect.poll(() => count(page).innerText()).toBe('Showing 50 of 64');
    expect(await bodyRows(page).count()).toBe(50);
    expect(await bodyRows(page).first().innerText()).toContain('Aaron Admin');
    // Member 50 is the 51st by name: not there until asked for.
    expect(await memberRow(page, 'Member 50').count()).toBe(0);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => count(page).innerText()).toBe('Showing 64 of 64');
    await memberRow(page, 'Member 50').waitFor();
    await memberRow(page, 'Member 63').waitFor();
    expect(await bodyRows(page).count()).toBe(64);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // The button is gone; the focus lands on the count instead of the top of the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Showing 64 of 64');
  });

  it('finds the 57th member by name or e-mail, on the server, and keeps the search in the URL', async () => {
    const page = await openTeam();
    await count(page).waitFor();
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/users') searches.push(url.searchParams.get('q') ?? '');
    });
    await searchBox(page).pressSequentially('member 57', { delay: 20 });
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    await memberRow(page, 'Member 57').waitFor();
    expect(await count(page).innerText()).toBe('Showing 1 of 1');
    expect(searchParams(page)).toEqual({ q: 'member 57' });
    // Requests wait for a pause in typing, not one per letter: the last is the whole text. On a
    // loaded machine a keystroke 20 ms apart can come late enough to make a pause of its own
    // (a CI run saw "membe" sent first), so one early request is allowed, not nine.
    expect(searches.at(-1)).toBe('member 57');
    expect(searches.length).toBeLessThanOrEqual(2);

    await page.reload();
    await memberRow(page, 'Member 57').waitFor();
    expect(await searchBox(page).inputValue()).toBe('member 57');
    expect(await bodyRows(page).count()).toBe(1);

    await searchBox(page).fill('member.57@GLOBEX');
    await expect.poll(() => searchParams(page).q).toBe('member.57@GLOBEX');
    await memberRow(page, 'Member 57').waitFor();
    await searchBox(page).fill('nobody here');
    await page.getByText('No members match this search and these filters.').waitFor();
    expect(await count(page).innerText()).toBe('Showing 0 of 0');
    // Escape clears the search and the whole list returns.
    await searchBox(page).press('Escape');
    await expect.poll(() => count(page).innerText()).toBe('Showing 50 of 64');
    expect(searchParams(page)).toEqual({});
  });

  it('narrows by role and status, sorts, and the URL keeps the view', async () => {
    const page = await openTeam();
    await count(page).waitFor();
    await filterByRole(page, 'Manager');
    await expect.poll(() => count(page).innerText()).toBe('Showing 12 of 12');
    for (const badge of await bodyRows(page).locator('td:nth-child(2)').allInnerTexts()) {
      expect(badge.trim()).toBe('Manager');
    }
    await chooseOption(page, 'Filter by status', 'Deactivated');
    await expect.poll(() => count(page).innerText()).toBe('Showing 1 of 1');
    await memberRow(page, 'Member 35').waitFor();
    expect(searchParams(page)).toEqual({ role: 'MANAGER', status: 'DEACTIVATED' });

    await page.reload();
    await memberRow(page, 'Member 35').waitFor();
    expect(await roleFilter(page, 'Manager').isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Filter by status' }).innerText()).toBe(
      'Deactivated',
    );

    // Back to everyone, newest name last: Z to A puts Member 63 first.
    await filterByRole(page, 'All');
    await chooseOption(page, 'Filter by status', 'Any status');
    await chooseOption(page, 'Sort by', 'Name (Z–A)');
    await expect.poll(() => bodyRows(page).first().innerText()).toContain('Member 63');
    expect(searchParams(page)).toEqual({ sort: '-name' });
    expect(await count(page).innerText()).toBe('Showing 50 of 64');
  });

  it('works from the keyboard: arrows move the role filter, a screen reader hears the count', async () => {
    const page = await openTeam();
    await count(page).waitFor();
    await searchBox(page).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(
      'ALL',
    );
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => searchParams(page).role).toBe('ADMIN');
    await expect.poll(() => count(page).innerText()).toBe('Showing 1 of 1');
    expect(await count(page).getAttribute('aria-live')).toBe('polite');
  });

  it('is accessible and pictured in the dark and the light theme, filtered and not', async () => {
    const page = await openTeam({ bypassCSP: true, appTheme: 'system' });
    await count(page).waitFor();
    await checkInThemes(page, 'team-members-many');
    await filterByRole(page, 'Manager');
    await expect.poll(() => count(page).innerText()).toBe('Showing 12 of 12');
    await checkInThemes(page, 'team-members-filtered');
  });
});

describe('Organizations: 130 customers', () => {
  const picker = (page: Page) => page.getByRole('combobox', { name: 'Active organization' });
  const finder = (page: Page) => page.getByRole('combobox', { name: 'Find organization' });

  it('the picker finds an organization among many by typing, and keeps naming it after a reload', async () => {
    const page = await open(SEEDED_OWNER, '/admin/profile');
    await expect.poll(() => picker(page).innerText()).toContain('Carrier 001');
    await picker(page).click();
    const listbox = page.getByRole('listbox', { name: 'Organizations' });
    await listbox.waitFor();
    expect(await listbox.getByRole('option').count()).toBe(50);
    await page.getByText('Showing 50 of 132: type to narrow').waitFor();
    expect(await page.getByRole('option', { name: 'Tern Shipping' }).count()).toBe(0);

    // The focus moves to the search box (a frame after opening, on a busy machine later):
    // typing there narrows on the server.
    await expect
      .poll(() => finder(page).evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.keyboard.type('tern sh');
    await expect.poll(() => finder(page).inputValue()).toBe('tern sh');
    await expect
      .poll(() => listbox.getByRole('option').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['Tern Shipping']);
    expect(await finder(page).getAttribute('aria-activedescendant')).toBe(
      await page.getByRole('option', { name: 'Tern Shipping' }).getAttribute('id'),
    );
    await page.keyboard.press('Enter');
    await listbox.waitFor({ state: 'detached' });
    await expect.poll(() => picker(page).innerText()).toContain('Tern Shipping');
    const ternId = await readStorage(page, STORAGE_KEYS.activeOrganizationId);
    expect(ternId).toBeTruthy();
    // The focus returns to the picker.
    expect(await picker(page).evaluate((element) => element === document.activeElement)).toBe(true);

    // Tern Shipping is beyond the first page, yet the picker names it after a reload.
    await page.reload();
    await expect.poll(() => picker(page).innerText()).toContain('Tern Shipping');
    expect(await readStorage(page, STORAGE_KEYS.activeOrganizationId)).toBe(ternId);
  });

  it('the picker pages on as its list scrolls or the arrow key runs past the end', async () => {
    const page = await open(SEEDED_OWNER, '/admin/profile');
    await picker(page).click();
    const options = page.getByRole('listbox', { name: 'Organizations' }).getByRole('option');
    await expect.poll(() => options.count()).toBe(50);
    for (let i = 0; i < 50; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => options.count()).toBe(100);
    await options.nth(99).scrollIntoViewIfNeeded();
    await page.getByRole('listbox', { name: 'Organizations' }).evaluate((list) => {
      list.scrollTop = list.scrollHeight;
      list.dispatchEvent(new Event('scroll'));
    });
    await expect.poll(() => options.count()).toBe(132);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  });

  it('the open picker is accessible and pictured in the dark and the light theme', async () => {
    const page = await open(SEEDED_OWNER, '/admin/profile', {
      bypassCSP: true,
      appTheme: 'system',
    });
    await picker(page).click();
    await page.getByRole('listbox').waitFor();
    await expect
      .poll(() => finder(page).evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.keyboard.type('carrier 0');
    await page.getByText('Showing 50 of 99: type to narrow').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await checkInThemes(page, 'organization-picker-many');
  });

  it('the Organizations table searches, shows the total and loads more', async () => {
    const page = await open(SEEDED_OWNER, '/admin/organizations');
    await page.getByRole('table').waitFor();
    await expect.poll(() => count(page).innerText()).toBe('Showing 50 of 132');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => count(page).innerText()).toBe('Showing 100 of 132');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => count(page).innerText()).toBe('Showing 132 of 132');
    await page.getByRole('rowheader', { name: 'Tern Shipping' }).waitFor();

    await page.getByRole('searchbox', { name: 'Search organizations' }).fill('carrier 12');
    await expect.poll(() => count(page).innerText()).toBe('Showing 10 of 10');
    expect(searchParams(page)).toEqual({ q: 'carrier 12' });
    await page.getByRole('rowheader', { name: 'Carrier 129' }).waitFor();
  });
});
