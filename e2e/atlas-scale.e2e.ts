import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { seedScaleData } from '../apps/server/src/bootstrap/demo-data';
import { organizations } from '../apps/server/src/db/schema';
import { TEST_PASSWORD } from '../apps/server/src/test/test-server';
import { signIn, useBrowser } from './support/browser';
import { camera, waitForMapReady } from './support/map';
import { useSeededServer } from './support/seeded-server';

/**
 * Atlas at the scale: 100,000 shipments drawn from the compact map body, 10,000
 * incidents read in a worker with the feed paged, and a view zoomed on one port asking only
 * for what is around it.
 */
const SHIPMENTS = 100_000;
const INCIDENTS = 10_000;
const SCALE = { email: 'sam.scale@scale.example', password: TEST_PASSWORD };
const ROTTERDAM = { email: 'rita.rotterdam@scale.example', password: TEST_PASSWORD };

const world = useSeededServer(async (server) => {
  const scale = await server.createOrganization('Scale Freight');
  const rotterdam = await server.createOrganization('Rotterdam Freight');
  await server.database.db
    .update(organizations)
    .set({ city: 'Rotterdam', country: 'Netherlands' })
    .where(eq(organizations.id, rotterdam.id));
  await server.createUser({ organizationId: scale.id, email: SCALE.email, adminRole: 'ADMIN' });
  await server.createUser({ organizationId: rotterdam.id, email: ROTTERDAM.email });
  const fixed = { incidents: 0, seed: 7, now: new Date('2026-01-01T00:00:00Z') };
  await seedScaleData(server.database.db, {
    organizationId: scale.id,
    shipments: SHIPMENTS,
    ...fixed,
    incidents: INCIDENTS,
  });
  await seedScaleData(server.database.db, {
    organizationId: rotterdam.id,
    shipments: 5_000,
    ...fixed,
  });
  return {};
});
const browser = useBrowser();

/**
 * The compact map requests a page makes, in the order they were answered: their bbox, and their
 * size on the wire once known (NaN until then; read asynchronously, it must not reorder them).
 */
function recordMapRequests(page: Page) {
  const requests: { bbox: string; bytes: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/atlas/shipments/map' || response.status() !== 200) return;
    const request = { bbox: url.searchParams.get('bbox') ?? 'world', bytes: NaN };
    requests.push(request);
    void response
      .request()
      .sizes()
      .then((sizes) => {
        request.bytes = sizes.responseBodySize;
      });
  });
  return requests;
}

describe('Atlas at 100,000 shipments', () => {
  it('draws every shipment from one compact reply of under 1.2 MB', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    const requests = recordMapRequests(page);
    await signIn(page, SCALE);
    const map = await waitForMapReady(page);
    // The count is what the map's shipment source was given.
    await expect
      .poll(() => map.getAttribute('data-shipments'), { timeout: 60_000 })
      .toBe(String(SHIPMENTS));
    await page.getByText('100,000 shipments').first().waitFor();
    expect(requests[0]?.bbox).toBe('world');
    // Compressed on the wire (brotli), as the browser received it.
    await expect.poll(() => requests[0]?.bytes, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(requests[0]?.bytes).toBeLessThan(1_200_000);
  });

  it('draws all 10,000 incidents and feeds the list a page at a time', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    const lists: URLSearchParams[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/atlas/events') lists.push(url.searchParams);
    });
    await signIn(page, SCALE);
    const map = await waitForMapReady(page);
    await page
      .locator(`[data-testid="map"][data-drawn-incidents="${INCIDENTS}"]`)
      .waitFor({ timeout: 60_000 });
    expect(Number(await map.getAttribute('data-incidents'))).toBeGreaterThan(INCIDENTS * 0.9);
    await page.getByText('10,000 incidents').first().waitFor();
    const feed = page.getByRole('list', { name: 'Events Feed' });
    await feed.getByRole('link').first().waitFor();
    // The map's whole list once, the feed's first page of 50.
    expect(lists.filter((query) => !query.has('limit'))).toHaveLength(1);
    const pages = () => lists.filter((query) => query.get('limit') === '50');
    expect(pages().map((query) => query.has('cursor'))).toEqual([false]);
    // Scrolled to its end, the feed asks for the next page.
    // Scrolled to its end (the list scrolls in its parent), the feed asks for the next page.
    await feed.evaluate((list) => list.parentElement?.scrollTo({ top: list.scrollHeight }));
    await expect.poll(() => pages().filter((query) => query.has('cursor')).length).toBe(1);
    await expect.poll(() => feed.locator('li').first().getAttribute('aria-setsize')).toBe('100');
  });

  it('asks only for the shipments around a view zoomed on Rotterdam', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    const requests = recordMapRequests(page);
    await signIn(page, ROTTERDAM);
    const map = await waitForMapReady(page);
    await expect
      .poll(async () => (await camera(page)).zoom, { timeout: 15_000 })
      .toBeGreaterThan(3);
    await expect.poll(() => requests.length, { timeout: 15_000 }).toBeGreaterThan(1);
    const last = requests.at(-1);
    const [west = 0, south = 0, east = 0, north = 0] = (last?.bbox ?? '').split(',').map(Number);
    expect(west).toBeLessThan(4.5);
    expect(east).toBeGreaterThan(4.5);
    expect(east - west).toBeLessThan(180);
    expect(south).toBeLessThan(51.9);
    expect(north).toBeGreaterThan(51.9);
    // The view's shipments replace the world's 5,000 once that reply is read.
    await expect
      .poll(async () => Number(await map.getAttribute('data-shipments')), { timeout: 15_000 })
      .toBeLessThan(5_000);
    expect(Number(await map.getAttribute('data-shipments'))).toBeGreaterThan(0);
  });
});
