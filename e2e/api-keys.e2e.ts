import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { expectAccessible, saveScreenshot, useBrowser, startSignedIn } from './support/browser';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

const world = useSeededServer(async (server) => {
  const acme = await server.createOrganization('Acme Logistics');
  for (const [email, adminRole] of [
    ['ada@acme.example', 'ADMIN'],
    ['vic@acme.example', 'VIEWER'],
  ] as const) {
    await server.createUser({ organizationId: acme.id, email, adminRole });
  }
  return {
    admin: { email: 'ada@acme.example', password: SEEDED_PASSWORD },
    viewer: { email: 'vic@acme.example', password: SEEDED_PASSWORD },
  };
});
const browser = useBrowser();

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const push = (secret: string) =>
  fetch(`${world().baseUrl}/api/ingest/incidents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      incidents: [
        {
          externalId: 'TMS-77',
          title: 'Customs hold at Felixstowe',
          severity: 'HIGH',
          type: 'BORDER_CUSTOMS',
          location: { lat: 51.96, lng: 1.35, countryCode: 'GB' },
        },
      ],
    }),
  });

describe('API keys', () => {
  it('are created once-shown, push incidents onto the Events list, and stop when revoked', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, world().data.admin, '/admin/platform-setup');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByText('No API keys yet.').waitFor();
    await section.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('Key name').fill('Warehouse system');
    await page.getByRole('button', { name: 'Create key' }).click();
    await toast(page, 'API key Warehouse system created').waitFor();
    const secret = await page.getByLabel('API key Warehouse system').inputValue();
    expect(secret).toMatch(/^mrd_/);
    await section
      .getByRole('row')
      .filter({ hasText: secret.slice(0, 10) })
      .waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'api-keys-dark');

    expect((await push(secret)).status).toBe(200);
    await page.goto('/admin/events');
    await page.getByText('Customs hold at Felixstowe').first().waitFor();

    await page.goto('/admin/platform-setup');
    // Shown once: a fresh visit lists the key without it.
    expect(await page.getByLabel('API key Warehouse system').count()).toBe(0);
    const row = section.getByRole('row').filter({ hasText: 'Warehouse system' });
    await row.getByRole('button', { name: 'Revoke Warehouse system' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'API key Warehouse system revoked').waitFor();
    await row.getByText('Revoked').waitFor();
    expect((await push(secret)).status).toBe(401);
  });

  it('is pictured in the light theme, and not offered to a viewer', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, world().data.admin, '/admin/platform-setup', { theme: 'light' });
    await page.getByRole('region', { name: 'API keys' }).getByText('Revoked').waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'api-keys-light');

    const viewer = await browser.newPage({ baseURL: world().baseUrl });
    await startSignedIn(viewer, world().data.viewer, '/admin/platform-setup');
    await viewer.getByRole('heading', { name: 'Features' }).waitFor();
    expect(await viewer.getByRole('region', { name: 'API keys' }).count()).toBe(0);
  });
});
