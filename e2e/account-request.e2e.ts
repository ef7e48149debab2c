import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { useBrowser } from './support/browser';

const browser = useBrowser();

const REQUEST = {
  email: 'ops.lead@northwind.example',
  address1: '12 Harbour Road',
  address2: 'Unit 4',
  city: 'Rotterdam',
  state: 'South Holland',
  postalCode: '3011 AA',
  country: 'Netherlands',
};

async function fillRequest(page: Page, values: Partial<typeof REQUEST>) {
  const labels: Record<keyof typeof REQUEST, string> = {
    email: 'Work email',
    address1: 'Address line 1',
    address2: 'Address line 2 (optional)',
    city: 'City',
    state: 'State or region',
    postalCode: 'Postal code',
    country: 'Country',
  };
  for (const [field, value] of Object.entries(values)) {
    await page.getByLabel(labels[field as keyof typeof REQUEST], { exact: true }).fill(value);
  }
}

const submit = (page: Page) => page.getByRole('button', { name: 'Request account' }).click();

describe('the account request form', () => {
  it('asks for every required field with one message', async () => {
    const page = await browser.newPage();
    let submissions = 0;
    await page.route('**/api/account-requests', async (route) => {
      submissions += 1;
      await route.continue();
    });
    await page.goto('/create-account');
    await submit(page);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please fill in all required fields' })
      .waitFor();
    await fillRequest(page, {
      email: REQUEST.email,
      address1: REQUEST.address1,
      city: REQUEST.city,
    });
    await submit(page);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please fill in all required fields' })
      .waitFor();
    expect(await page.getByLabel('Country').getAttribute('aria-invalid')).toBe('true');
    expect(submissions).toBe(0);
  });

  it('submits the request to the server and confirms it', async () => {
    const page = await browser.newPage();
    await page.goto('/create-account');
    await fillRequest(page, REQUEST);
    const [request, response] = await Promise.all([
      page.waitForRequest('**/api/account-requests'),
      page.waitForResponse('**/api/account-requests'),
      submit(page),
    ]);
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual(REQUEST);
    expect(response.status()).toBe(201);
    await page
      .getByRole('status')
      .filter({ hasText: 'Account request submitted! We will contact you shortly.' })
      .waitFor();
    expect(await page.getByLabel('Work email').inputValue()).toBe('');
  });

  it("shows the server's message when the request is refused", async () => {
    const page = await browser.newPage();
    await page.route('**/api/account-requests', (route) =>
      route.fulfill({
        status: 429,
        json: { message: 'Too many requests, please try again later' },
      }),
    );
    await page.goto('/create-account');
    await fillRequest(page, REQUEST);
    await submit(page);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Too many requests, please try again later' })
      .waitFor();
  });

  it('links back to the login page', async () => {
    const page = await browser.newPage();
    await page.goto('/create-account');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL('**/login');
  });
});
