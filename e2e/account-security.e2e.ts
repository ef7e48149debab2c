import { describe, expect, it } from './support/test';
import {
  checkInThemes,
  followSystemTheme,
  signIn,
  STORAGE_KEYS,
  useBrowser,
  writeStorage,
  startSignedIn,
} from './support/browser';
import { SEEDED_OWNER, SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

/** An admin whose password was generated for them. */
const GENERATED = 'fresh.owner@acme.example';

const world = useSeededServer(async (server) => {
  const acme = await server.createOrganization('Acme Logistics');
  const invited = await server.createUser({
    organizationId: acme.id,
    email: 'ivy.invited@acme.example',
    accountStatus: 'PENDING',
  });
  await server.createUser({
    organizationId: acme.id,
    email: GENERATED,
    adminRole: 'ADMIN',
    passwordChangeRequired: true,
  });
  return { acmeId: acme.id, invitedId: invited.id, internalId: server.internalOrganizationId };
});
const browser = useBrowser();

describe('a generated password', () => {
  it('is replaced before anything else opens', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await followSystemTheme(page);
    await page.getByLabel('Email').fill(GENERATED);
    await page.getByLabel('Password').fill(SEEDED_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();
    // Nothing of the admin area is there to click.
    expect(await page.getByRole('navigation').count()).toBe(0);
    await checkInThemes(page, 'required-password-change');

    await page.getByLabel('Generated password').fill(SEEDED_PASSWORD);
    await page.getByLabel('New password').fill('my-own-long-passphrase');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();
    // And a reload keeps the admin area: the server no longer asks for the change.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();
  });
});

describe('controls that show what the server refuses', () => {
  it('never offers PENDING or activation to an admin, and says why', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await signIn(page, SEEDED_OWNER);
    await writeStorage(page, STORAGE_KEYS.activeOrganizationId, world().data.acmeId);
    await page.goto(`/admin/team-members/${world().data.invitedId}`);
    const status = page.getByRole('combobox', { name: 'Account status' });
    await status.click();
    expect(await page.getByRole('option', { name: 'PENDING (invited)' }).isDisabled()).toBe(true);
    expect(await page.getByRole('option', { name: 'ACTIVE' }).isDisabled()).toBe(true);
    expect(await page.getByRole('option', { name: 'DEACTIVATED' }).isDisabled()).toBe(false);
    await page.keyboard.press('Escape');
  });

  it('keeps the internal organization active under its slug', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await startSignedIn(page, SEEDED_OWNER, `/admin/organizations/${world().data.internalId}/edit`);
    await page.getByText('The internal organization stays active and keeps its slug').waitFor();
    expect(await page.getByRole('combobox', { name: 'Status' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Slug').getAttribute('readonly')).not.toBeNull();
  });
});
