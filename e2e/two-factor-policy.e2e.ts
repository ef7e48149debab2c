import { DEFAULT_SECURITY_SETTINGS } from '@meridian/contracts';
import { generate } from 'otplib';
import { describe, expect, it } from './support/test';
import { organizationSettings } from '../apps/server/src/db/schema';
import {
  checkInThemes,
  followSystemTheme,
  saveScreenshot,
  useBrowser,
  waitForStillPage,
  startSignedIn,
} from './support/browser';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

/**
 * An organization that requires two-factor sign-in holds a member without it at the setup
 * screen; an admin resets a member's lost second factor from the team member page.
 */
const MEMBER = 'nina@policy.example';
const ADMIN = { email: 'pia.admin@reset.example', password: SEEDED_PASSWORD };
const LOST_PHONE = 'max.lostphone@reset.example';

const world = useSeededServer(async (server) => {
  const strict = await server.createOrganization('Policy Freight');
  await server.createUser({ organizationId: strict.id, email: MEMBER });
  await server.database.db.insert(organizationSettings).values({
    organizationId: strict.id,
    security: { ...DEFAULT_SECURITY_SETTINGS, requireTwoFactor: true },
  });

  const reset = await server.createOrganization('Reset Freight');
  await server.createUser({ organizationId: reset.id, email: ADMIN.email, adminRole: 'ADMIN' });
  const member = await server.createUser({ organizationId: reset.id, email: LOST_PHONE });
  // Max turned 2FA on through the API, as the profile does.
  const { accessToken } = await server.login(LOST_PHONE);
  const setup = await server.request<{ data: { secret: string } }>(
    'POST',
    '/api/me/two-factor/setup',
    { token: accessToken },
  );
  const enabled = await server.request('POST', '/api/me/two-factor/enable', {
    token: accessToken,
    body: { code: await generate({ secret: setup.body.data.secret }) },
  });
  if (enabled.status !== 200) throw new Error(`2FA not enabled: ${JSON.stringify(enabled.body)}`);
  return { memberId: member.id };
});
const browser = useBrowser();

describe('an organization that requires two-factor authentication', () => {
  it('holds a member without it at the setup screen until it is set up', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await followSystemTheme(page);
    await page.getByLabel('Email').fill(MEMBER);
    await page.getByLabel('Password').fill(SEEDED_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page
      .getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })
      .waitFor();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await page.getByLabel('Secret key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Nothing else opens meanwhile: the admin area is not drawn.
    expect(await page.getByRole('navigation').count()).toBe(0);
    await checkInThemes(page, 'two-factor-required');

    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }).waitFor();
    expect(await page.getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();
    await page.close();
  });
});

describe("an admin resetting a member's two-factor authentication", () => {
  it('sees it on, resets it after confirming, and sees it off', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, ADMIN, `/admin/team-members/${world().data.memberId}`);
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByText('10 recovery codes left').waitFor();
    await card.getByRole('button', { name: 'Reset two-factor' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset two-factor authentication?' });
    await waitForStillPage(page);
    await saveScreenshot(page, 'member-two-factor-reset-light', 'viewport');
    await confirm.getByRole('button', { name: 'Reset two-factor' }).click();
    await card.getByText('Signs in without a code from an authenticator app.').waitFor();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Two-factor authentication reset' })
      .waitFor();
    const status = await world().server.request<{ data: { enabled: boolean } }>(
      'GET',
      `/api/admin/users/${world().data.memberId}/two-factor`,
      { token: (await world().server.login(ADMIN.email)).accessToken },
    );
    expect(status.body.data.enabled).toBe(false);
  });
});
