import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from './support/test';
import { type FeedServer, startFeedServer } from '../apps/server/src/test/feed-server';
import {
  expectAccessible,
  readStorage,
  saveScreenshot,
  STORAGE_KEYS,
  useBrowser,
  writeStorage,
  startSignedIn,
} from './support/browser';
import { SEEDED_OWNER, SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

const gdacs = readFileSync(
  new URL('../apps/server/src/modules/feeds/fixtures/gdacs-events4app.geojson', import.meta.url),
  'utf8',
);
const news = readFileSync(
  new URL('../apps/server/src/modules/feeds/fixtures/news-supply-chain.rss.xml', import.meta.url),
  'utf8',
);

/**
 * EMSC's captured event, moved onto GDACS's Japanese earthquake (20 s and 5 km from it), as the
 * two agencies report one quake.
 */
function emscOfTheJapaneseQuake(): string {
  const document = JSON.parse(
    readFileSync(
      new URL(
        '../apps/server/src/modules/feeds/fixtures/emsc-fdsn-event-2021-05-02.json',
        import.meta.url,
      ),
      'utf8',
    ),
  ) as { features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[] };
  const [quake] = document.features;
  if (!quake) throw new Error('The EMSC fixture has no event');
  quake.geometry.coordinates = [141.25, 37.92, -30];
  Object.assign(quake.properties, {
    lon: 141.25,
    lat: 37.92,
    mag: 6.8,
    time: '2026-11-20T03:10:20.0Z',
    flynn_region: 'NEAR EAST COAST OF HONSHU, JAPAN',
  });
  return JSON.stringify(document);
}

/** A local stand-in for the public feed, as the server reaches it. */
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set('/gdacs', { body: gdacs });
  feeds.set('/news', { body: news, contentType: 'application/rss+xml' });
});
afterAll(() => feeds.close());

const world = useSeededServer(async (server) => {
  const acme = await server.createOrganization('Acme Logistics');
  await server.createUser({
    organizationId: acme.id,
    email: 'ada@acme.example',
    adminRole: 'ADMIN',
  });
  return { customerAdmin: { email: 'ada@acme.example', password: SEEDED_PASSWORD } };
});
const browser = useBrowser();

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });

describe('Data sources', () => {
  it('adds a feed, shows its health, and shows why it fails', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, SEEDED_OWNER, '/admin/platform-setup');
    const section = page.getByRole('region', { name: 'Data sources' });
    await section.getByText('No data sources.', { exact: false }).waitFor();

    await section.getByRole('button', { name: 'Add data source' }).click();
    const form = page.getByRole('form', { name: 'Add a data source' });
    await form.getByRole('combobox', { name: 'Feed type' }).click();
    await page.getByRole('option', { name: /GDACS/ }).click();
    await form.getByLabel('Name').fill('GDACS disasters');
    await form.getByLabel('Feed URL').fill('not a url');
    await form.getByRole('button', { name: 'Add data source' }).click();
    await form.getByText('url must be an http or https address').waitFor();
    await form.getByLabel('Feed URL').fill(feeds.url('/gdacs'));
    await form.getByRole('button', { name: 'Add data source' }).click();
    await toast(page, 'GDACS disasters added').waitFor();

    // The server polls it at once; the table shows the result on its next refresh.
    const gdacsRow = row(page, 'GDACS disasters');
    await expect.poll(() => feeds.hits('/gdacs'), { timeout: 10_000 }).toBe(1);
    await page.reload();
    await gdacsRow.getByText('Healthy').waitFor();
    await gdacsRow.getByText('2 incidents').waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'data-sources-dark');

    // The incidents it reported are global events everyone sees.
    await page.goto('/admin/events?scope=GLOBAL');
    await page.getByText('Tropical Cyclone MERBOK-26').first().waitFor();

    feeds.set('/gdacs', { status: 503, body: 'maintenance' });
    await page.goto('/admin/platform-setup');
    await gdacsRow.getByRole('button', { name: 'Poll now: GDACS disasters' }).click();
    await toast(page, 'Polling GDACS disasters').waitFor();
    await gdacsRow.getByText('Failing (1×)').waitFor({ timeout: 10_000 });
    await gdacsRow.getByText('HTTP 503 Service Unavailable', { exact: false }).waitFor();

    await gdacsRow.getByRole('switch', { name: 'Scheduled polls of GDACS disasters' }).click();
    await toast(page, 'GDACS disasters paused').waitFor();
    await gdacsRow.getByText('Paused').waitFor();
    expect(
      await gdacsRow.getByRole('button', { name: 'Poll now: GDACS disasters' }).isDisabled(),
    ).toBe(true);
  });

  it('is pictured in the light theme', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, SEEDED_OWNER, '/admin/platform-setup', { theme: 'light' });
    await row(page, 'GDACS disasters').getByText('Paused').waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'data-sources-light');
  });

  it('is not shown to a customer admin, nor is the background work', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, world().data.customerAdmin, '/admin/platform-setup');
    await page.getByRole('heading', { name: 'Features' }).waitFor();
    expect(await page.getByRole('region', { name: 'Data sources' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Background work' }).count()).toBe(0);
  });
});

describe('Background work', () => {
  it("shows what this instance ran, in words: the feed's incidents' exposure and the embedded database's statistics", async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, SEEDED_OWNER, '/admin/platform-setup');
    const section = page.getByRole('region', { name: 'Background work' });
    const ran = section.getByRole('table', { name: 'Run by this instance' });
    // The feed's new incidents were matched against every organization's data (above).
    const exposure = row(page, 'Exposure of a changed incident');
    await ran.getByRole('rowheader', { name: /Exposure of a changed incident/ }).waitFor();
    await exposure.getByText('Healthy').waitFor();
    // The browser tests' server runs on the embedded database: its statistics pass ran at start.
    const statistics = row(page, 'Embedded database statistics');
    await statistics.getByText('Healthy').waitFor();
    await statistics.getByText('0 failed').waitFor();
    await section.getByText('Nothing is waiting.').waitFor();
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await saveScreenshot(page, 'background-work-dark', 'viewport');
    await writeStorage(page, STORAGE_KEYS.theme, 'light');
    await page.reload();
    await statistics.getByText('Healthy').waitFor();
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'background-work-light', 'viewport');
  });
});

describe('One event reported by several feeds', () => {
  it('is one incident listing each feed, and a platform admin splits a wrong fusion', async () => {
    feeds.set('/emsc', { body: emscOfTheJapaneseQuake() });
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, SEEDED_OWNER, '/admin/platform-setup');
    await row(page, 'GDACS disasters').waitFor();
    const headers = {
      authorization: `Bearer ${(await readStorage(page, STORAGE_KEYS.accessToken)) ?? ''}`,
    };
    const added = await page.request.post('/api/admin/sources', {
      headers,
      data: { kind: 'EMSC', name: 'EMSC quakes', url: feeds.url('/emsc') },
    });
    expect(added.status()).toBe(201);
    // GDACS's earthquake (the first test's) is the incident the EMSC event joins.
    const found = await page.request.get(
      '/api/atlas/events?scope=GLOBAL&q=Earthquake%20in%20Japan',
      {
        headers,
      },
    );
    const [quake] = ((await found.json()) as { data: { id: string }[] }).data;
    expect(quake).toBeDefined();
    const reports = async () => {
      const reply = await page.request.get(`/api/incidents/${quake?.id ?? ''}/feed-reports`, {
        headers,
      });
      return ((await reply.json()) as { data: { reports: unknown[] } }).data.reports.length;
    };
    await expect.poll(reports, { timeout: 15_000 }).toBe(2);

    await page.goto(`/admin/events/${quake?.id ?? ''}`);
    const list = page.getByRole('list', { name: 'Reported by' });
    await list.getByRole('link', { name: 'GDACS disasters' }).waitFor();
    await list.getByRole('link', { name: 'EMSC quakes' }).waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'event-feed-reports-dark');
    await writeStorage(page, STORAGE_KEYS.theme, 'light');
    await page.reload();
    await list.getByRole('link', { name: 'EMSC quakes' }).waitFor();
    await saveScreenshot(page, 'event-feed-reports-light');

    await page.getByRole('button', { name: "Split EMSC quakes's report" }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Split', exact: true }).click();
    await toast(page, 'Report split into an incident of its own').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await page
      .getByText("EMSC quakes's report was split into an incident of its own", { exact: false })
      .first()
      .waitFor();
  });
});

describe('News by keyword rules', () => {
  it('makes unverified incidents of matching headlines, which a platform admin confirms', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, SEEDED_OWNER, '/admin/platform-setup');
    const section = page.getByRole('region', { name: 'Data sources' });
    await section.getByRole('button', { name: 'Add data source' }).click();
    const form = page.getByRole('form', { name: 'Add a data source' });
    await form.getByRole('combobox', { name: 'Feed type' }).click();
    await page.getByRole('option', { name: /News \(RSS or Atom\)/ }).click();
    const rules = form.getByLabel('Keyword rules');
    expect(await rules.inputValue()).toContain('STRIKE: port strike');
    await form.getByLabel('Name').fill('Trade press');
    await form.getByLabel('Feed URL').fill(feeds.url('/news'));
    await rules.fill('STRIKE: dockworkers strike, walkout\nFIRES: factory fire');
    await form.getByRole('button', { name: 'Add data source' }).click();
    await form.getByText('Line 2: start with an incident type', { exact: false }).waitFor();
    await rules.fill('STRIKE: dockworkers strike, walkout\nSUPPLIER_FAILURE: factory fire');
    await form.getByRole('button', { name: 'Add data source' }).click();
    await toast(page, 'Trade press added').waitFor();
    await expect.poll(() => feeds.hits('/news'), { timeout: 10_000 }).toBe(1);
    await page.reload();
    const newsRow = row(page, 'Trade press');
    await newsRow.getByText('2 keyword rules', { exact: false }).waitFor();
    await newsRow.getByRole('button', { name: 'Rules of Trade press' }).click();
    const dialog = page.getByRole('dialog', { name: 'News rules' });
    expect(await dialog.getByLabel('Keyword rules').inputValue()).toBe(
      'STRIKE: dockworkers strike, walkout\nSUPPLIER_FAILURE: factory fire',
    );
    await expectAccessible(page);
    await saveScreenshot(page, 'news-rules-dark', 'viewport');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Three headlines match: the Port Klang strike, the Hsinchu fire, the Felixstowe walkout.
    await page.goto('/admin/events?scope=GLOBAL&q=Port%20Klang');
    const card = page.getByRole('article').filter({ hasText: 'Dockworkers strike halts' });
    await card.getByText('Unverified').waitFor();
    await card.getByRole('link', { name: /Dockworkers strike halts/ }).click();
    await page.getByText('Placed at Port Klang, Malaysia (port MYPKG)', { exact: false }).waitFor();
    await expectAccessible(page);
    await saveScreenshot(page, 'event-unverified-dark');
    await writeStorage(page, STORAGE_KEYS.theme, 'light');
    await page.reload();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('confirmed', { exact: false }).first().waitFor();
    await expect.poll(() => page.getByText('Unverified', { exact: true }).count()).toBe(0);
    await saveScreenshot(page, 'event-confirmed-light');
  });
});
