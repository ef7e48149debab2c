import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import {
  checkInThemes,
  expectAccessible,
  saveScreenshot,
  useBrowser,
  type PageOptions,
  startSignedIn,
} from './support/browser';
import { SEEDED_OWNER, SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

const world = useSeededServer(async (server) => {
  const acme = await server.createOrganization('Acme Logistics');
  const customerAdmin = await server.createUser({
    organizationId: acme.id,
    email: 'ada@acme.example',
    adminRole: 'ADMIN',
  });
  return {
    acmeId: acme.id,
    customerAdmin: { email: customerAdmin.email, password: SEEDED_PASSWORD },
  };
});
const browser = useBrowser();

type Account = { email: string; password: string };

async function openOrganizations(account: Account = SEEDED_OWNER, options: PageOptions = {}) {
  const page = await browser.newPage({ baseURL: world().baseUrl, ...options });
  // The app's own theme (default dark) decides the colours, not the browser's preference.
  await startSignedIn(page, account, '/admin/organizations', {
    theme: options.appTheme ?? options.colorScheme,
  });
  await page.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
  await page.getByRole('table').waitFor();
  return page;
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const form = (page: Page) => page.getByRole('form', { name: 'Organization' });
const fieldError = (page: Page, message: string) => form(page).getByText(message, { exact: true });

const ALL_MESSAGES = [
  'Name is required',
  'Slug is required',
  'Slug must be lowercase letters, numbers, dashes',
  'Invalid domain',
  'Website must start with http:// or https://',
  'Phone seems too short',
];

const shownMessages = async (page: Page) => {
  const shown: string[] = [];
  for (const message of ALL_MESSAGES) {
    if ((await fieldError(page, message).count()) > 0) shown.push(message);
  }
  return shown;
};

async function submitAccountRequest(email: string) {
  const reply = await world().server.request('POST', '/api/account-requests', {
    body: {
      email,
      address1: '4 Harbour Road',
      city: 'Bergen',
      state: 'Vestland',
      postalCode: '5003',
      country: 'Norway',
    },
  });
  expect(reply.status).toBe(201);
}

async function ownerToken() {
  return (await world().server.login(SEEDED_OWNER.email)).accessToken;
}

async function listedNames(): Promise<string[]> {
  const reply = await world().server.request<{ data: { organizations: { name: string }[] } }>(
    'GET',
    '/api/admin/organizations',
    { token: await ownerToken() },
  );
  return reply.body.data.organizations.map((organization) => organization.name);
}

describe('Organizations', () => {
  it('creates an organization through every validation rule, and the picker lists it', async () => {
    const page = await openOrganizations(SEEDED_OWNER, { bypassCSP: true });
    await page.getByRole('link', { name: 'Add Organization' }).click();
    await page.waitForURL('**/admin/organizations/new');
    await page.getByRole('heading', { level: 1, name: 'Add Organization' }).waitFor();
    const submit = page.getByRole('button', { name: 'Create Organization' });

    await submit.click();
    await fieldError(page, 'Name is required').waitFor();
    expect(await shownMessages(page)).toEqual(['Name is required', 'Slug is required']);
    expect(await submit.isDisabled()).toBe(true);

    // Editing a field clears its own error only; submitting stays blocked while one remains.
    await page.getByLabel('Name').fill('Northwind Traders');
    expect(await shownMessages(page)).toEqual(['Slug is required']);
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel('Slug').fill('Northwind Traders');
    await page.getByLabel('Domain').fill('not a domain');
    await page.getByLabel('Website').fill('ftp://northwind.example');
    await page.getByLabel('Phone number').fill('12345');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await fieldError(page, 'Invalid domain').waitFor();
    expect(await shownMessages(page)).toEqual([
      'Slug must be lowercase letters, numbers, dashes',
      'Invalid domain',
      'Website must start with http:// or https://',
      'Phone seems too short',
    ]);
    expect(await form(page).getByLabel('Domain').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    await saveScreenshot(page, 'organization-form-errors');

    await page.getByLabel('Slug').fill('northwind-traders');
    await page.getByLabel('Domain').fill('northwind.example');
    await page.getByLabel('Website').fill('https://northwind.example');
    await page.getByLabel('Phone number').fill('+44 20 7946 0000');
    await page.getByLabel('City').fill('Leeds');
    await page.getByLabel('Country').fill('United Kingdom');
    expect(await shownMessages(page)).toEqual([]);
    await submit.click();

    await toast(page, 'Organization created').waitFor();
    await page.waitForURL('**/admin/organizations');
    const created = row(page, 'Northwind Traders');
    await created.waitFor();
    expect(await created.innerText()).toMatch(
      /northwind-traders\s+northwind\.example\s+ACTIVE\s+Leeds\s+United Kingdom/,
    );
    await page.getByRole('combobox', { name: 'Active organization' }).click();
    await page.getByRole('option', { name: 'Northwind Traders' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('edits an organization, and a reload shows the saved values; a server refusal shows inline', async () => {
    const page = await openOrganizations();
    await page.getByRole('link', { name: 'Add Organization' }).click();
    await page.getByLabel('Name').fill('Harbor Goods');
    await page.getByLabel('Slug').fill('harbor-goods');
    await page.getByRole('button', { name: 'Create Organization' }).click();
    await row(page, 'Harbor Goods').waitFor();

    await page.getByRole('link', { name: 'Edit Harbor Goods' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Organization' }).waitFor();
    expect(await page.getByLabel('Slug').inputValue()).toBe('harbor-goods');
    await page.getByLabel('City').fill('Rotterdam');
    await page.getByLabel('Website').fill('https://harbor.example');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'DISABLED' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Organization updated').waitFor();
    await page.waitForURL('**/admin/organizations');
    expect(await row(page, 'Harbor Goods').innerText()).toMatch(/DISABLED\s+Rotterdam/);

    await page.getByRole('link', { name: 'Edit Harbor Goods' }).click();
    await page.getByLabel('City').waitFor();
    await page.reload();
    await page.getByLabel('City').waitFor();
    expect(await page.getByLabel('City').inputValue()).toBe('Rotterdam');
    expect(await page.getByLabel('Website').inputValue()).toBe('https://harbor.example');
    expect(await page.getByRole('combobox', { name: 'Status' }).innerText()).toBe('DISABLED');

    await page.getByLabel('Slug').fill('acme-logistics');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await form(page).getByRole('alert').getByText('Slug is already taken').waitFor();
    await toast(page, 'Slug is already taken').waitFor();
  });

  it('deletes an organization after a confirmation: it leaves the list and the API', async () => {
    const page = await openOrganizations(SEEDED_OWNER, { bypassCSP: true });
    await page.getByRole('link', { name: 'Add Organization' }).click();
    await page.getByLabel('Name').fill('Short Lived');
    await page.getByLabel('Slug').fill('short-lived');
    await page.getByRole('button', { name: 'Create Organization' }).click();
    await row(page, 'Short Lived').waitFor();

    await page.getByRole('button', { name: 'Delete Short Lived' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText('Are you sure you want to delete Short Lived?', { exact: false })
      .waitFor();
    await expectAccessible(page, '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Organization deleted').waitFor();
    await expect.poll(() => row(page, 'Short Lived').count()).toBe(0);
    expect(await listedNames()).not.toContain('Short Lived');
  });

  it('marks the internal organization and keeps its Delete disabled, with the reason', async () => {
    const page = await openOrganizations(SEEDED_OWNER);
    const internal = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: 'Meridian Internal' }),
    });
    await internal.waitFor();
    const remove = internal.getByRole('button', { name: 'Delete Meridian' });
    expect(await remove.isDisabled()).toBe(true);
    expect(await remove.getAttribute('title')).toBe('The internal organization cannot be deleted');
    expect(await row(page, 'Acme Logistics').getByText('Internal', { exact: true }).count()).toBe(
      0,
    );
  });

  it('approves an account request: the organization is created and the invite link shown', async () => {
    await submitAccountRequest('jo@fjord-freight.example');
    await submitAccountRequest('spam@nowhere.example');
    const page = await openOrganizations(SEEDED_OWNER, { bypassCSP: true });
    const requests = page.getByRole('list', { name: 'Pending account requests' });
    const request = (email: string) => requests.getByRole('listitem').filter({ hasText: email });
    await request('jo@fjord-freight.example').getByText('Bergen').waitFor();

    await request('spam@nowhere.example').getByRole('button', { name: 'Dismiss' }).click();
    await toast(page, 'Account request dismissed').waitFor();
    await expect.poll(() => request('spam@nowhere.example').count()).toBe(0);

    await request('jo@fjord-freight.example').getByRole('button', { name: 'Approve' }).click();
    expect(await page.getByLabel('Organization name').inputValue()).toBe('Fjord Freight');
    expect(await page.getByLabel('Organization slug').inputValue()).toBe('fjord-freight');
    await page.getByRole('button', { name: 'Create and invite' }).click();
    await toast(page, 'Account request approved').waitFor();
    const link = page.getByLabel('Invitation link for jo@fjord-freight.example');
    const inviteUrl = await link.inputValue();
    expect(inviteUrl).toMatch(/\/accept-invite\?token=/);
    await row(page, 'Fjord Freight').waitFor();
    await page.getByText('No pending account requests.').waitFor();
    await expectAccessible(page);

    const invitee = await browser.newPage({ baseURL: world().baseUrl });
    await invitee.goto(inviteUrl);
    await invitee
      .getByText('You are invited to join Fjord Freight on Meridian as Admin.')
      .waitFor();
  });

  it('is accessible and pictured in the dark and the light theme', async () => {
    await submitAccountRequest('someone@pictured.example');
    const page = await openOrganizations(SEEDED_OWNER, { bypassCSP: true, appTheme: 'system' });
    await page.getByRole('list', { name: 'Pending account requests' }).waitFor();
    await checkInThemes(page, 'organizations');
    await page.getByRole('link', { name: 'Edit Acme Logistics' }).click();
    await page.getByLabel('Name').fill('');
    await page.getByLabel('Phone number').fill('123');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await fieldError(page, 'Phone seems too short').waitFor();
    await checkInThemes(page, 'organization-edit-errors');
  });

  it('an unknown organization shows the heading and the load error inline', async () => {
    const page = await openOrganizations();
    await page.goto('/admin/organizations/00000000-0000-4000-8000-000000000001/edit');
    await page.getByRole('heading', { level: 1, name: 'Edit Organization' }).waitFor();
    await page.getByRole('alert').getByText('Organization not found').waitFor();
  });

  it('a customer admin (not a platform admin) cannot add, edit or delete, and sees no requests', async () => {
    const page = await openOrganizations(world().data.customerAdmin);
    await page.getByText('Only platform admins can manage organizations').waitFor();
    expect(await row(page, 'Acme Logistics').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Delete Acme Logistics' }).isDisabled()).toBe(
      true,
    );
    expect(
      await page.getByRole('link', { name: 'Add Organization' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(await page.getByRole('heading', { name: 'Account requests' }).count()).toBe(0);
  });
});
