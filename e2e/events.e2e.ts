import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { LONG_DESCRIPTION, useAtlasWorld, type WorldAccount } from './support/atlas-world';
import {
  expectAccessible,
  saveScreenshot,
  signIn,
  STORAGE_KEYS,
  useBrowser,
  writeStorage,
  type SignedInPageOptions,
  startSignedIn,
} from './support/browser';
import { mapOf, waitForMapPainted, waitForMapReady } from './support/map';

const world = useAtlasWorld();
const browser = useBrowser();

async function openEvents(account: WorldAccount, options: SignedInPageOptions = {}) {
  const page = await browser.signedInPage(account, {
    baseURL: world().baseUrl,
    landing: '/admin/events',
    ...options,
  });
  await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
  return page;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Incidents' }).getByRole('article');
const cardTitles = async (page: Page) =>
  Promise.all(
    (await cards(page).getByRole('heading', { level: 2 }).all()).map((heading) =>
      heading.innerText(),
    ),
  );
const card = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const field = async (page: Page, title: string, label: string) =>
  card(page, title)
    .locator('div', { has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .innerText();

const eventsRoute = '**/api/atlas/events?*';

describe('Events page', () => {
  it('shows the title, subtitle and tabs, and the organization incidents newest first with every field', async () => {
    const page = await openEvents(world().acme.manager, { bypassCSP: true });
    await page.getByText('Ongoing and historical incidents scoped to your organization').waitFor();
    expect(
      await page.getByRole('tab', { name: 'My Organization' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(await page.getByRole('tab', { name: 'Global' }).getAttribute('aria-selected')).toBe(
      'false',
    );
    await cards(page).first().waitFor();
    expect(await cardTitles(page)).toEqual([
      'Port strike in Felixstowe',
      'Flooding near Rotterdam',
      'Customs backlog',
      'Road closure near Lyon',
    ]);
    expect(await card(page, 'Port strike in Felixstowe').getByText('CRITICAL').count()).toBe(1);
    expect(await field(page, 'Port strike in Felixstowe', 'Location')).toBe('51.96, 1.35 (GB)');
    expect(await field(page, 'Port strike in Felixstowe', 'Start Date/Time')).toBe(
      new Date('2025-09-20T10:00:00Z').toUTCString(),
    );
    expect(await field(page, 'Flooding near Rotterdam', 'Status')).toBe('IN PROGRESS');
    expect(await field(page, 'Customs backlog', 'Location')).toBe('Approximate or unavailable');
    expect(await field(page, 'Customs backlog', 'Status')).toBe('RESOLVED');
    // Summary only when there is a description; a long one scrolls inside its box.
    expect(await card(page, 'Customs backlog').getByText('Summary').count()).toBe(0);
    const summary = page.getByRole('region', { name: 'Summary of Port strike in Felixstowe' });
    expect(await summary.innerText()).toBe(LONG_DESCRIPTION);
    expect(await summary.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    await saveScreenshot(page, 'events');
    await expectAccessible(page);
  });

  it('shows the incidents of a spec-shaped reply, one without location and updatedAt with the fallbacks', async () => {
    // The spec's incidents (SPEC.md part 3), without Meridian's additions; the second has
    // neither location nor updatedAt, whose fallbacks the spec gives.
    const incidents = [
      {
        id: '7f3c2a10-5d4e-4b6f-8a9b-0c1d2e3f4a5b',
        title: 'Port closure in Hamburg',
        description: 'Container terminals are closed by high winds.',
        severity: 'HIGH',
        status: 'OPEN',
        location: { lat: 53.5461, lng: 9.9661 },
        updatedAt: '2025-09-21T08:00:00.000Z',
      },
      {
        id: '2b8e4c6d-1a3f-4e5b-9c7d-8e9f0a1b2c3d',
        title: 'Customs system outage',
        description: 'Electronic clearance is intermittently unavailable.',
        severity: 'MEDIUM',
        status: 'IN_PROGRESS',
      },
    ];
    const page = await browser.signedInPage(world().acme.manager, {
      baseURL: world().baseUrl,
      colorScheme: 'light',
      bypassCSP: true,
      prepare: async (target) => {
        await target.goto('/login');
        await writeStorage(target, STORAGE_KEYS.theme, 'light');
        // Atlas's feed, its map's worker and the Events list all read this reply.
        await target.route(eventsRoute, (route) => route.fulfill({ json: { data: incidents } }));
      },
    });

    // Atlas: both in the feed, the one without location not on the map.
    const feed = page.getByRole('list', { name: 'Events Feed' });
    await feed.getByText('Customs system outage').waitFor();
    expect(
      await feed.getByRole('link').filter({ hasText: 'Customs system outage' }).innerText(),
    ).toContain('Approximate or unavailable · Unknown');
    await waitForMapReady(page);
    await expect.poll(() => mapOf(page).getAttribute('data-incidents')).toBe('1');

    await page.getByRole('link', { name: 'Events', exact: true }).click();
    await card(page, 'Customs system outage').waitFor();
    expect(await cardTitles(page)).toEqual(['Port closure in Hamburg', 'Customs system outage']);
    expect(await field(page, 'Customs system outage', 'Location')).toBe(
      'Approximate or unavailable',
    );
    expect(await field(page, 'Customs system outage', 'Start Date/Time')).toBe('Unknown');
    expect(await field(page, 'Customs system outage', 'Status')).toBe('IN PROGRESS');
    await page
      .getByRole('region', { name: 'Summary of Customs system outage' })
      .getByText('Electronic clearance is intermittently unavailable.')
      .waitFor();
    // A location without its (optional) country code is the coordinates alone.
    expect(await field(page, 'Port closure in Hamburg', 'Location')).toBe('53.55, 9.97');
    expect(await field(page, 'Port closure in Hamburg', 'Start Date/Time')).toBe(
      new Date('2025-09-21T08:00:00Z').toUTCString(),
    );
    await saveScreenshot(page, 'events-spec-fallbacks-light');
    await expectAccessible(page);
  });

  it('shows a spinner while loading', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await signIn(page, world().acme.manager);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(eventsRoute, async (route) => {
      await held;
      await route.continue();
    });
    // A fresh load: Atlas's feed has already cached this scope's incidents in the signed-in tab.
    await page.goto('/admin/events');
    await page.getByRole('status').filter({ hasText: 'Loading events...' }).waitFor();
    release();
    await cards(page).first().waitFor();
  });

  it('shows "Unable to load events" when the call fails', async () => {
    const page = await openEvents(world().acme.manager, {
      prepare: (target) =>
        target.route(eventsRoute, (route) =>
          route.fulfill({
            status: 400,
            body: '{"message":"Bad"}',
            contentType: 'application/json',
          }),
        ),
    });
    await page.getByRole('alert').filter({ hasText: 'Unable to load events' }).waitFor();
    expect(await cards(page).count()).toBe(0);
  });

  it('shows "Unable to load events" after retrying a server error', async () => {
    const page = await openEvents(world().acme.manager, {
      prepare: (target) =>
        target.route(eventsRoute, (route) =>
          route.fulfill({ status: 503, body: 'Service Unavailable' }),
        ),
    });
    // Three retries back off 1 + 2 + 4 s.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Unable to load events' })
      .waitFor({ timeout: 15_000 });
  });

  it('shows the three sample incidents when the reply is not JSON', async () => {
    const page = await openEvents(world().acme.manager, {
      prepare: (target) =>
        target.route(eventsRoute, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy</html>' }),
        ),
    });
    await cards(page).first().waitFor();
    expect(await cardTitles(page)).toEqual([
      'Port congestion at Rotterdam',
      'Typhoon warning in the South China Sea',
      'Rail strike in northern France',
    ]);
  });

  it('reads "No incidents found for this scope." for an organization without incidents', async () => {
    const page = await openEvents(world().cirrus.viewer);
    await page.getByText('No incidents found for this scope.').waitFor();
  });

  it('switches to the Global tab, reloading, and never shows another organization incident', async () => {
    const page = await openEvents(world().acme.manager);
    await cards(page).first().waitFor();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/atlas/events?'))
        requests.push(new URL(request.url()).search);
    });
    await page.getByRole('tab', { name: 'Global' }).click();
    await card(page, 'Suez Canal transit delays').waitFor();
    expect((await cardTitles(page))[0]).toBe('Suez Canal transit delays');
    expect(await page.getByText('Warehouse fire in Oslo').count()).toBe(0);
    await page.getByRole('tab', { name: 'My Organization' }).click();
    await expect.poll(() => requests).toEqual(['?scope=GLOBAL&limit=50', '?scope=ORG&limit=50']);
    await expect.poll(() => page.getByText('Suez Canal transit delays').count()).toBe(0);
  });

  it('polls every 15 seconds and shows a new incident at the top', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await page.clock.install();
    // Every list request from the start: the cards may first come from Atlas's cache while the
    // Events page's own request is still on its way, and that one must not see the insert.
    const polls: string[] = [];
    let unanswered = 0;
    const isList = (url: string) => new URL(url).pathname === '/api/atlas/events';
    page.on('request', (request) => {
      if (!isList(request.url())) return;
      unanswered += 1;
      polls.push(request.url());
    });
    const answered = (request: { url: () => string }) => {
      if (isList(request.url())) unanswered -= 1;
    };
    page.on('requestfinished', answered);
    page.on('requestfailed', answered);
    await signIn(page, world().borealis.viewer);
    await page.getByRole('link', { name: 'Events', exact: true }).click();
    await cards(page).first().waitFor();
    await expect.poll(() => unanswered).toBe(0);
    expect(await cardTitles(page)).toEqual(['Warehouse fire in Oslo']);
    polls.length = 0;
    await world().insertIncident({
      organizationId: world().borealis.id,
      title: 'Ferry cancellations in the Skagerrak',
      description: null,
      severity: 'LOW',
      status: 'OPEN',
      updatedAt: new Date('2025-09-23T06:00:00Z'),
    });
    await page.clock.fastForward(14_000);
    // A request made after the fast-forward: by its answer, a poll started before it is seen.
    await page.evaluate(() => fetch('/api/health').then((response) => response.status));
    expect(polls).toEqual([]);
    expect(await cardTitles(page)).toEqual(['Warehouse fire in Oslo']);
    await page.clock.fastForward(1_500);
    await expect
      .poll(() => cardTitles(page))
      .toEqual(['Ferry cancellations in the Skagerrak', 'Warehouse fire in Oslo']);
  });

  it('draws only the cards in view, so 10,000 incidents stay fast', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      organizationId: world().acme.id,
      title: `Bulk incident ${index + 1}`,
      description: 'Generated',
      severity: 'LOW',
      status: 'OPEN',
      location: null,
      updatedAt: new Date(Date.UTC(2025, 0, 1) - index * 60_000).toISOString(),
    }));
    const page = await openEvents(world().acme.manager, {
      prepare: (target) =>
        target.route(eventsRoute, (route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ data: many }),
          }),
        ),
    });
    await card(page, 'Bulk incident 1').waitFor();
    expect(await cards(page).count()).toBeLessThan(40);
    await page.getByRole('list', { name: 'Incidents' }).evaluate((list) => {
      const scroller = list.parentElement;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
    await card(page, 'Bulk incident 10000').waitFor();
  });
});

describe('Event page', () => {
  it('redirects /events/{id} and shows the incident, its map and the shipments it reaches', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, world().acme.manager, `/events/${world().acme.incidents.strike}`);
    await page.waitForURL(`**/admin/events/${world().acme.incidents.strike}`);
    await page.getByRole('heading', { level: 1, name: 'Port strike in Felixstowe' }).waitFor();
    await page.getByText('OPEN', { exact: true }).waitFor();
    await page.getByText('51.96, 1.35 (GB)').waitFor();
    await page.getByText(new Date('2025-09-20T10:00:00Z').toUTCString()).waitFor();
    await page.getByText(LONG_DESCRIPTION).waitFor();
    await page.locator('[data-testid="map"][data-state="ready"]').waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: /^Exposure/ }).waitFor();
    const rows = page.getByRole('table', { name: 'Exposed shipments' }).getByRole('row');
    // Header + ACME-1 (at Felixstowe, inside the 100 km radius); London (115 km), New York and
    // Borealis's ship are not.
    await expect.poll(() => rows.count()).toBe(2);
    const first = await rows.nth(1).innerText();
    expect(first).toContain('REF-ACME-1');
    expect(first).toContain('Shanghai → Felixstowe');
    expect(first).toContain('In the area now');
    expect(first).toMatch(/\d+(\.\d)? km/);
    expect(await page.getByText('REF-ACME-2').count()).toBe(0);
    expect(await page.getByText('REF-BOR-1').count()).toBe(0);
    await waitForMapPainted(page, { theme: 'dark', shipments: 2, incidents: 1 });
    await saveScreenshot(page, 'event-page');
    await expectAccessible(page);
  });

  it('shows a fallback instead of a map when the incident has no location', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await startSignedIn(
      page,
      world().acme.manager,
      `/admin/events/${world().acme.incidents.customs}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Customs backlog' }).waitFor();
    await page.getByText('Location: Approximate or unavailable').waitFor();
    expect(await page.getByTestId('map').count()).toBe(0);
  });

  it('shows "Event not found" for another organization incident, with a way back', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await startSignedIn(page, world().acme.manager, `/events/${world().borealis.incidentId}`);
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    expect(await page.getByText('Warehouse fire in Oslo').count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Back to Events' }).last().click();
    await page.waitForURL('**/admin/events');
  });
});
