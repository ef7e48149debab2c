import type { Page, Request } from '@playwright/test';
import { describe, expect, it } from './support/test';
import {
  currentPath,
  fixtures,
  readStorage,
  signIn,
  STORAGE_KEYS,
  useBrowser,
  writeStorage,
} from './support/browser';

const browser = useBrowser();

/** The organization list, whatever page or search its query string asks for. */
const organizationList = (url: URL) => url.pathname === '/api/admin/organizations';

function recordRequests(page: Page, pathSuffix: string): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(pathSuffix)) requests.push(request);
  });
  return requests;
}

describe('the 401 rule: refresh once, retry without the organization header', () => {
  it('keeps the user signed in when only the access token is bad', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().admin);
    // Stored once the organization picker has its list, which may come after Atlas's heading.
    await expect.poll(() => readStorage(page, STORAGE_KEYS.activeOrganizationId)).toBeTruthy();
    const organizationId = await readStorage(page, STORAGE_KEYS.activeOrganizationId);
    const oldRefreshToken = await readStorage(page, STORAGE_KEYS.refreshToken);
    await writeStorage(page, STORAGE_KEYS.accessToken, 'corrupted-access-token');

    const validations = recordRequests(page, '/api/auth/validate');
    const refreshes = recordRequests(page, '/api/auth/refresh');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();

    expect(currentPath(page)).toBe('/admin/atlas');
    expect(refreshes).toHaveLength(1);
    expect(validations).toHaveLength(2);
    const [first, retry] = validations.map((request) => request.headers());
    expect(first?.authorization).toBe('Bearer corrupted-access-token');
    expect(first?.['x-act-as-organization']).toBe(organizationId);
    expect(first?.['content-type']).toBe('application/json');
    expect(retry?.authorization).toMatch(/^Bearer (?!corrupted)/);
    expect(retry?.['x-act-as-organization']).toBeUndefined();

    const newAccessToken = await readStorage(page, STORAGE_KEYS.accessToken);
    expect(newAccessToken).not.toBe('corrupted-access-token');
    expect(retry?.authorization).toBe(`Bearer ${newAccessToken}`);
    expect(await readStorage(page, STORAGE_KEYS.refreshToken)).not.toBe(oldRefreshToken);
  });

  it('logs out when the refresh token is bad too', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().admin);
    await writeStorage(page, STORAGE_KEYS.accessToken, 'corrupted-access-token');
    await writeStorage(page, STORAGE_KEYS.refreshToken, 'corrupted-refresh-token');
    const refreshes = recordRequests(page, '/api/auth/refresh');
    await page.reload();
    await page.waitForURL('**/login');
    expect(refreshes).toHaveLength(1);
    expect(await readStorage(page, STORAGE_KEYS.accessToken)).toBeNull();
    expect(await readStorage(page, STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('retries a data call after refreshing when the server answers it with 401', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().admin);
    await expect.poll(() => readStorage(page, STORAGE_KEYS.activeOrganizationId)).toBeTruthy();
    const organizationId = await readStorage(page, STORAGE_KEYS.activeOrganizationId);
    let rejected = false;
    await page.route(organizationList, async (route) => {
      if (rejected) return route.continue();
      rejected = true;
      return route.fulfill({ status: 401, json: { message: 'Token expired' } });
    });
    const listCalls = recordRequests(page, '/api/admin/organizations');
    const refreshes = recordRequests(page, '/api/auth/refresh');
    await page.reload();
    await page.getByRole('combobox', { name: 'Active organization' }).click();
    await page.getByRole('option', { name: 'Borealis Freight' }).waitFor();

    expect(refreshes).toHaveLength(1);
    expect(listCalls).toHaveLength(2);
    expect(listCalls[0]?.headers()['x-act-as-organization']).toBe(organizationId);
    expect(listCalls[1]?.headers()['x-act-as-organization']).toBeUndefined();
    expect(currentPath(page)).toBe('/admin/atlas');
  });

  it('ends the session with "Authentication failed" when a call cannot be recovered', async () => {
    const page = await browser.newPage();
    await signIn(page, fixtures().admin);
    await page.route(organizationList, (route) =>
      route.fulfill({ status: 401, json: { message: 'Unauthorized' } }),
    );
    await page.route('**/api/auth/refresh', (route) =>
      route.fulfill({ status: 401, json: { message: 'Invalid refresh token' } }),
    );
    await page.reload();
    await page.waitForURL('**/login');
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Authentication failed' })
      .waitFor();
    expect(await readStorage(page, STORAGE_KEYS.accessToken)).toBeNull();
  });
});
