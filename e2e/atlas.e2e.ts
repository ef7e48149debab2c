import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { organizations, shipments } from '../apps/server/src/db/schema';
import { OWNER_EMAIL, TEST_PASSWORD } from '../apps/server/src/test/test-server';
import { useAtlasWorld, type WorldAccount } from './support/atlas-world';
import {
  expectAccessible,
  saveScreenshot,
  signIn,
  STORAGE_KEYS,
  useBrowser,
  writeStorage,
  type SignedInPageOptions,
} from './support/browser';
import {
  camera,
  hoverText,
  mapOf,
  screenPoint,
  waitForMapPainted,
  waitForMapReady,
  waitForPointsDrawn,
} from './support/map';

const world = useAtlasWorld();
const browser = useBrowser();

const openAtlas = (account: WorldAccount, options: SignedInPageOptions = {}) =>
  browser.signedInPage(account, { baseURL: world().baseUrl, ...options });

const blockGeocoding = (page: Page) =>
  page.route('**/api/geocode?*', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"message":"Address not found"}',
    }),
  );

const feed = (page: Page) => page.getByRole('list', { name: 'Events Feed' });
const feedTitles = async (page: Page) =>
  (await feed(page).getByRole('link').all()).map(
    async (link) => (await link.innerText()).split('\n')[0],
  );

describe('Atlas map', () => {
  it('starts at lat 20, lng 0, zoom 2 with no controls, and draws the shipments and incidents', async () => {
    const page = await openAtlas(world().acme.manager, { prepare: blockGeocoding });
    const map = await waitForMapReady(page);
    expect(await camera(page)).toEqual({ lat: 20, lng: 0, zoom: 2 });
    // "ready" is the basemap's; the data layers are counted once their replies are drawn.
    await expect.poll(() => map.getAttribute('data-shipments')).toBe('3');
    // The customs incident has no location, so three of four are drawn.
    await expect.poll(() => map.getAttribute('data-incidents')).toBe('3');
    expect(await page.locator('.maplibregl-ctrl').count()).toBe(0);
    await page.getByText('3 shipments · 4 incidents').waitFor();
  });

  it('recentres on the organization address at zoom 8 when the address has commas', async () => {
    const page = await openAtlas(world().acme.manager);
    await waitForMapReady(page);
    await expect.poll(async () => (await camera(page)).zoom, { timeout: 15_000 }).toBe(8);
    const view = await camera(page);
    // "1 Canada Square, London, E14 5AB, United Kingdom" resolves to London.
    expect(view.lat).toBeCloseTo(51.5, 0);
    expect(view.lng).toBeCloseTo(-0.1, 0);
  });

  it('loads only the shipments around the view once zoomed in, and still counts them all', async () => {
    const boxes: string[] = [];
    const others: string[] = [];
    const page = await openAtlas(world().acme.manager, {
      prepare: (page) => {
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname === '/api/atlas/shipments/map')
            boxes.push(url.searchParams.get('bbox') ?? 'world');
          else if (url.pathname.startsWith('/api/atlas/shipments')) others.push(url.pathname);
        });
        return Promise.resolve();
      },
    });
    const map = await waitForMapReady(page);
    // The organization's address is in London: the map flies there at zoom 8.
    await expect.poll(async () => (await camera(page)).zoom, { timeout: 15_000 }).toBe(8);
    // London and Felixstowe are around the view; New York is not.
    await expect.poll(() => map.getAttribute('data-shipments'), { timeout: 15_000 }).toBe('2');
    expect(boxes[0]).toBe('world');
    const [west = 0, south = 0, east = 0, north = 0] = (boxes.at(-1) ?? '').split(',').map(Number);
    expect(west).toBeLessThanOrEqual(-0.13);
    expect(east).toBeGreaterThanOrEqual(1.2);
    expect(east - west).toBeLessThan(30);
    expect(south).toBeLessThanOrEqual(51.5);
    expect(north).toBeGreaterThanOrEqual(52.05);
    await page.getByText('3 shipments · 4 incidents').waitFor();
    // The map body alone draws the points: no id list, no details until a shipment is hovered.
    expect(others).toEqual([]);
  });

  it('recentres at zoom 4 when the address has no comma', async () => {
    const page = await openAtlas(world().borealis.viewer);
    await waitForMapReady(page);
    await expect.poll(async () => (await camera(page)).zoom, { timeout: 15_000 }).toBe(4);
    expect((await camera(page)).lat).toBeGreaterThan(55);
  });

  it('stays at the default view when the organization has no address', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    const geocodeCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/geocode')) geocodeCalls.push(request.url());
    });
    await signIn(page, world().cirrus.viewer);
    // Platform Setup shows the organization Atlas reads (the same query): once it is on screen,
    // Atlas opens with it loaded, and would ask for a geocode as it mounts, before its map is ready.
    await page.getByRole('button', { name: /^Open user menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Platform Setup' }).click();
    await page.getByRole('definition').filter({ hasText: 'Cirrus Supply' }).waitFor();
    await page.getByRole('link', { name: 'Atlas', exact: true }).click();
    await waitForMapReady(page);
    await page.getByText('No incidents found for this scope.').waitFor();
    expect(geocodeCalls).toEqual([]);
    expect(await camera(page)).toEqual({ lat: 20, lng: 0, zoom: 2 });
  });

  it('recentres on an address edited a moment ago, without a reload', async () => {
    const { id } = await world().server.createOrganization('Delta Carriers');
    await world()
      .server.database.db.update(organizations)
      .set({ country: 'Norway' })
      .where(eq(organizations.id, id));
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await page.goto('/login');
    await writeStorage(page, STORAGE_KEYS.activeOrganizationId, id);
    await signIn(page, { email: OWNER_EMAIL, password: TEST_PASSWORD });
    await waitForMapReady(page);
    // Norway, a bare country: Atlas has now loaded the organization with its old address.
    await expect.poll(async () => (await camera(page)).zoom, { timeout: 15_000 }).toBe(4);

    await page.getByRole('button', { name: /^Open user menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Organizations' }).click();
    await page.getByRole('link', { name: 'Edit Delta Carriers' }).click();
    await page.getByLabel('City').fill('Rotterdam');
    await page.getByLabel('Country').fill('Netherlands');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
    await page.getByRole('link', { name: 'Atlas', exact: true }).click();

    await waitForMapReady(page);
    await expect.poll(async () => (await camera(page)).zoom, { timeout: 15_000 }).toBe(8);
    const view = await camera(page);
    expect(view.lat).toBeCloseTo(51.9, 0);
    expect(view.lng).toBeCloseTo(4.5, 0);
  });

  it('titles a shipment with its id, reference and route, loaded on hover, and an incident with its title', async () => {
    const requested: string[] = [];
    const page = await openAtlas(world().acme.manager, {
      prepare: async (page) => {
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/api/atlas/shipments/map/')) requested.push(url.pathname);
        });
        await blockGeocoding(page);
      },
    });
    await waitForMapReady(page);
    await waitForPointsDrawn(page, { shipments: 3, incidents: 4 });
    expect(requested).toEqual([]);
    const newYork = await screenPoint(page, 40.7128, -74.006);
    await hoverText(page, newYork);
    await expect
      .poll(() => page.locator('.maplibregl-popup').innerText())
      .toBe('Shipment ACME-3 · REF-ACME-3 · Shanghai → Felixstowe');
    // One shipment's details, never the whole id list.
    expect(requested).toEqual(['/api/atlas/shipments/map/details']);
    const felixstowe = await screenPoint(page, 51.9617, 1.3513);
    expect(await hoverText(page, felixstowe)).toBe('Port strike in Felixstowe');
  });

  it('loads the map again when the shipments changed under it, then titles the hovered shipment', async () => {
    const requested: string[] = [];
    const page = await openAtlas(world().acme.manager, {
      prepare: async (page) => {
        page.on('response', (response) => {
          const url = new URL(response.url());
          if (url.pathname.startsWith('/api/atlas/shipments/map'))
            requested.push(`${url.pathname} ${response.status()}`);
        });
        await blockGeocoding(page);
      },
    });
    await waitForMapReady(page);
    await waitForPointsDrawn(page, { shipments: 3, incidents: 4 });
    // A write behind the page's back: the tag of the body it holds is now an old one.
    await world()
      .server.database.db.update(shipments)
      .set({ updatedAt: new Date() })
      .where(eq(shipments.id, 'ACME-2'));
    const newYork = await screenPoint(page, 40.7128, -74.006);
    await hoverText(page, newYork);
    await expect.poll(() => requested).toContain('/api/atlas/shipments/map/details 409');
    await expect
      .poll(() => requested.filter((entry) => entry === '/api/atlas/shipments/map 200').length)
      .toBe(2);
    const title = 'Shipment ACME-3 · REF-ACME-3 · Shanghai → Felixstowe';
    await expect
      .poll(async () => {
        await hoverText(page, newYork);
        return page.locator('.maplibregl-popup').innerText();
      })
      .toBe(title);
  });

  it('groups nearby shipments into a cluster titled with its count, which zooms in on click', async () => {
    const page = await openAtlas(world().acme.manager, { prepare: blockGeocoding });
    await waitForMapReady(page);
    await waitForPointsDrawn(page, { shipments: 3, incidents: 4 });
    // ACME-1 (Felixstowe) and ACME-2 (London) are a few pixels apart at zoom 2; the cluster sits
    // between them. Aim at its south-west side, away from the Felixstowe incident drawn on top
    // (about 5 px north-east of the cluster, and larger for its priority).
    const cluster = await screenPoint(page, 51.78, 0.54);
    const aim = { x: cluster.x - 6, y: cluster.y + 4 };
    expect(await hoverText(page, aim)).toBe('2 shipments');
    await page.mouse.click(aim.x, aim.y);
    await expect.poll(async () => (await camera(page)).zoom).toBeGreaterThan(2);
  });

  it('opens the event page when an incident on the map is clicked', async () => {
    const page = await openAtlas(world().acme.manager, { prepare: blockGeocoding });
    await waitForMapReady(page);
    // 'ready' comes with the style; the points' tiles are placed later (a click before hits land).
    await waitForPointsDrawn(page, { shipments: 3, incidents: 4 });
    const lyon = await screenPoint(page, 45.764, 4.8357);
    await page.mouse.click(lyon.x, lyon.y);
    await page.waitForURL(`**/admin/events/${world().acme.incidents.road}`);
    await page.getByRole('heading', { level: 1, name: 'Road closure near Lyon' }).waitFor();
  });

  it('filters the layers: Shipments hides incidents, Incidents hides shipments, Suppliers shows its sites (none here)', async () => {
    const page = await openAtlas(world().acme.manager, { prepare: blockGeocoding });
    const map = await waitForMapReady(page);
    expect(await map.getAttribute('data-visible-layers')).toBe('shipments incidents');
    const choose = async (option: string) => {
      await page.getByRole('combobox', { name: 'Filter' }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('Shipments');
    await expect.poll(() => map.getAttribute('data-visible-layers')).toBe('shipments');
    await page.getByText('3 shipments', { exact: true }).waitFor();
    await choose('Incidents');
    await expect.poll(() => map.getAttribute('data-visible-layers')).toBe('incidents');
    await choose('Suppliers');
    // No sites in this organization: the layer is empty, and the summary says so.
    await expect.poll(() => map.getAttribute('data-visible-layers')).toBe('');
    await page.getByText('No located sites yet').waitFor();
    await choose('All');
    await expect.poll(() => map.getAttribute('data-visible-layers')).toBe('shipments incidents');
  });
});

describe('Atlas events feed', () => {
  it('lists the organization incidents newest first and opens one through /events/{id}', async () => {
    const page = await openAtlas(world().acme.manager, { prepare: blockGeocoding });
    await page.getByRole('heading', { name: 'Events Feed' }).waitFor();
    await feed(page).getByRole('link').first().waitFor();
    expect(await Promise.all(await feedTitles(page))).toEqual([
      'Port strike in Felixstowe',
      'Flooding near Rotterdam',
      'Customs backlog',
      'Road closure near Lyon',
    ]);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
    const link = feed(page).getByRole('link', { name: /Flooding near Rotterdam/ });
    expect(await link.getAttribute('href')).toBe(`/events/${world().acme.incidents.flood}`);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/events/${world().acme.incidents.flood}`);
    await page.getByRole('heading', { level: 1, name: 'Flooding near Rotterdam' }).waitFor();
  });

  it('switches between my organization and global scope, reloading the data each time', async () => {
    const page = await openAtlas(world().acme.manager, { prepare: blockGeocoding });
    const scopes: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/atlas/'))
        scopes.push(`${url.pathname} ${url.searchParams.get('scope')}`);
    });
    const myOrganization = page.getByRole('button', { name: 'My organization' });
    const global = page.getByRole('button', { name: 'Global' });
    expect(await myOrganization.getAttribute('aria-pressed')).toBe('true');
    await feed(page)
      .getByRole('link', { name: /Port strike in Felixstowe/ })
      .waitFor();
    expect(await page.getByText('Suez Canal transit delays').count()).toBe(0);

    await global.click();
    expect(await global.getAttribute('aria-pressed')).toBe('true');
    await feed(page)
      .getByRole('link', { name: /Suez Canal transit delays/ })
      .waitFor();
    expect(await page.getByText('Warehouse fire in Oslo').count()).toBe(0);
    expect(scopes).toContain('/api/atlas/events GLOBAL');
    expect(scopes).toContain('/api/atlas/shipments/map GLOBAL');

    scopes.length = 0;
    await myOrganization.click();
    await expect.poll(() => scopes).toContain('/api/atlas/events ORG');
    await expect.poll(() => page.getByText('Suez Canal transit delays').count()).toBe(0);
  });

  it("fetches the incident list in its worker, through the client's refresh after a 401", async () => {
    const mapLists: string[] = [];
    const refreshes: string[] = [];
    const page = await openAtlas(world().acme.manager, {
      prepare: async (target) => {
        await blockGeocoding(target);
        // What the page's own thread fetches: the list must not be among it.
        await target.addInitScript(() => {
          const pageFetch = window.fetch.bind(window);
          const seen: string[] = [];
          Object.assign(window, { pageFetches: seen });
          window.fetch = (input, init) => {
            seen.push(input instanceof Request ? input.url : String(input));
            return pageFetch(input, init);
          };
        });
        target.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname === '/api/auth/refresh') refreshes.push(url.pathname);
        });
        // The map's whole list (the feed asks for pages, with a limit): refused once with 401.
        await target.route('**/api/atlas/events?*', (route) => {
          const url = new URL(route.request().url());
          if (url.searchParams.has('limit')) return route.continue();
          mapLists.push(route.request().headers().authorization ?? '');
          if (mapLists.length > 1) return route.continue();
          return route.fulfill({ status: 401, json: { message: 'Token expired' } });
        });
      },
    });
    await waitForPointsDrawn(page, { shipments: 3, incidents: 4 });
    expect(refreshes).toHaveLength(1);
    expect(mapLists).toHaveLength(2);
    expect(mapLists[1]).not.toBe(mapLists[0]);
    const pageFetches = await page.evaluate(
      () => (window as unknown as { pageFetches: string[] }).pageFetches,
    );
    // The feed's pages are the page's own; the map's whole list is not.
    expect(
      pageFetches.some((url) => url.includes('/api/atlas/events?') && url.includes('limit=')),
    ).toBe(true);
    expect(pageFetches.filter((url) => /\/api\/atlas\/events\?scope=ORG$/.test(url))).toEqual([]);
  });

  it('silently shows nothing when shipments, events and the organization fail to load', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    for (const pattern of [
      '**/api/atlas/shipments/map?*',
      '**/api/atlas/events?*',
      '**/api/admin/organizations/*',
    ]) {
      await page.route(pattern, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Internal Server Error"}',
        }),
      );
    }
    await signIn(page, world().acme.manager);
    const map = await waitForMapReady(page);
    await page.getByText('No incidents found for this scope.').waitFor({ timeout: 20_000 });
    expect(await map.getAttribute('data-shipments')).toBe('0');
    expect(await map.getAttribute('data-incidents')).toBe('0');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await camera(page)).toEqual({ lat: 20, lng: 0, zoom: 2 });
  });
});

describe('Map loading', () => {
  it('does not download MapLibre on the login page', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /MapView|maplibre|countries-50m/.test(url))).toEqual([]);
  });

  it('holds still while the map and the feed load: placeholders, no animation beside the starting map', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = (pattern: RegExp) =>
      page.route(pattern, async (route) => {
        await held;
        await route.continue();
      });
    await hold(/\/assets\/MapView-[^/]+\.js$/);
    await hold(/\/api\/atlas\/events\?scope=ORG&limit=/);
    await signIn(page, world().acme.manager);
    await page.getByRole('status').filter({ hasText: 'Loading map...' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading events...' }).waitFor();
    // A running animation makes the compositor draw every frame, on the thread the map's WebGL
    // start waits for: none may run while the map is loading.
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    release();
    await waitForMapReady(page);
    await feed(page).getByRole('link').first().waitFor();
  });

  it('shows "Map unavailable" when the map code cannot be loaded, after retrying', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    let attempts = 0;
    await page.route(/\/assets\/MapView-[^/]+\.js$/, (route) => {
      attempts += 1;
      return route.abort();
    });
    const started = Date.now();
    await signIn(page, world().acme.manager);
    await page.getByText('Map unavailable').waitFor({ timeout: 15_000 });
    // Three retries wait 0.5 + 1 + 2 s before giving up.
    expect(Date.now() - started).toBeGreaterThan(3000);
    expect(attempts).toBeGreaterThanOrEqual(1);
    // The rest of the page still works.
    await feed(page).getByRole('link').first().waitFor();
  });

  it('shows "Map unavailable" when WebGL is not available', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    // Every WebGL context request fails, as on a machine without WebGL.
    await page.addInitScript({
      content: `(() => {
        const original = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
          return String(type).startsWith('webgl') ? null : original.call(this, type, ...rest);
        };
      })();`,
    });
    await signIn(page, world().acme.manager);
    await page.getByText('Map unavailable').waitFor({ timeout: 15_000 });
    expect(await mapOf(page).count()).toBe(0);
  });
});

describe('Atlas appearance', () => {
  it('repaints the basemap for the theme and passes an accessibility scan (screenshots)', async () => {
    const page = await openAtlas(world().acme.manager, {
      colorScheme: 'light',
      bypassCSP: true,
      prepare: blockGeocoding,
    });
    const map = await waitForMapReady(page);
    const acmePoints = { shipments: 3, incidents: 4 };
    await waitForMapPainted(page, { theme: 'dark', ...acmePoints });
    const dark = await map.screenshot();
    await saveScreenshot(page, 'atlas-dark');
    // Dark → system, which follows the light colour scheme of this browser.
    await page.getByRole('button', { name: /theme/i }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.className))
      .toContain('light');
    await waitForMapPainted(page, { theme: 'light', ...acmePoints });
    const light = await map.screenshot();
    expect(light.equals(dark)).toBe(false);
    await saveScreenshot(page, 'atlas-light');
    await expectAccessible(page);
  });

  it('stacks the feed under the map on a phone-width screen', async () => {
    const page = await openAtlas(world().acme.manager, {
      viewport: { width: 390, height: 844 },
      prepare: blockGeocoding,
    });
    const map = await waitForMapReady(page);
    const feedHeading = page.getByRole('heading', { name: 'Events Feed' });
    const mapBox = await map.boundingBox();
    const feedBox = await feedHeading.boundingBox();
    expect(mapBox && feedBox && feedBox.y >= mapBox.y + mapBox.height - 1).toBe(true);
    await waitForMapPainted(page, { theme: 'dark', shipments: 3, incidents: 4 });
    await saveScreenshot(page, 'atlas-phone');
  });
});
