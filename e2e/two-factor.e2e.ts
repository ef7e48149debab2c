import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { checkInThemes, followSystemTheme, useBrowser, startSignedIn } from './support/browser';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

/** Two-factor sign-in: turned on from the profile, then asked for after the password. */
const ACCOUNT = { email: 'tess@acme.example', password: SEEDED_PASSWORD };
const world = useSeededServer(async (server) => {
  const acme = await server.createOrganization('Acme Logistics');
  await server.createUser({ organizationId: acme.id, email: ACCOUNT.email, adminRole: 'ADMIN' });
  return {};
});
const browser = useBrowser();

/** What each account's authenticator app holds once 2FA is on. */
const enrolled = new Map<string, { secret: string; recoveryCodes: string[] }>();

/**
 * The code an app shows for the next 30-second step (the server accepts one step either
 * side): never the step that turned 2FA on, which the server will not accept twice.
 */
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** A page in the system theme: each checkpoint is seen dark, then light. */
async function newPage() {
  const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
  await followSystemTheme(page);
  return page;
}

async function passwordStep(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
}

describe('two-factor authentication', () => {
  it('is turned on from the profile: QR code and key, a code, then the recovery codes', async () => {
    const account = ACCOUNT;
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, account, '/admin/profile', { theme: 'system' });
    await page.getByRole('heading', { level: 1, name: 'User Profile' }).waitFor();
    await page.getByRole('button', { name: 'Enable 2FA' }).click();

    const dialog = page.getByRole('dialog', { name: 'Enable 2FA' });
    await dialog.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await dialog.getByLabel('Secret key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await checkInThemes(page, 'two-factor-scan', '[role="dialog"]');

    // A wrong code is refused beside the field.
    await dialog.getByLabel('Code from the app').fill('000000');
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
    await dialog.getByText('That code is not right').waitFor();

    await dialog.getByLabel('Code from the app').fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const codes = saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    const recoveryCodes = await codes.allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await checkInThemes(page, 'two-factor-recovery-codes', '[role="dialog"]');
    const download = page.waitForEvent('download');
    await saved.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('meridian-recovery-codes.txt');
    await saved.getByRole('button', { name: 'Done' }).click();

    // The profile now shows the state and offers to turn it off.
    await page.getByText('2FA on').waitFor();
    await page.getByText('10 recovery codes left.').waitFor();
    await page.getByRole('button', { name: 'Disable', exact: true }).waitFor();
    enrolled.set(account.email, { secret, recoveryCodes });
    await page.close();
  });

  it('asks for the code after the password, and signs in with it', async () => {
    const account = ACCOUNT;
    const { secret } = enrolled.get(account.email) ?? { secret: '' };
    const page = await newPage();
    await passwordStep(page, account);
    await checkInThemes(page, 'two-factor-sign-in');

    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('That code is not right').waitFor();

    await page.getByLabel('Authentication code').fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/atlas');
    await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();
    await page.close();
  });

  it('signs in with a recovery code, once', async () => {
    const account = ACCOUNT;
    const [code = ''] = enrolled.get(account.email)?.recoveryCodes ?? [];
    const page = await newPage();
    await passwordStep(page, account);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await checkInThemes(page, 'two-factor-recovery-sign-in');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();

    // The same code a second time is refused.
    const again = await newPage();
    await passwordStep(again, account);
    await again.getByRole('button', { name: 'Use a recovery code' }).click();
    await again.getByLabel('Recovery code').fill(code);
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByRole('alert').getByText('used already').waitFor();
    await again.close();
    await page.close();
  });
});
