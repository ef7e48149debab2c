import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { incidents } from '../apps/server/src/db/schema';
import {
  checkInThemes,
  expectAccessible,
  saveScreenshot,
  useBrowser,
  startSignedIn,
} from './support/browser';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

/** Incidents people work: create, edit, comment, resolve, filter, page, see each other's changes. */
const world = useSeededServer(async (server) => {
  const org = await server.createOrganization('Harbor Works');
  const manager = await server.createUser({
    organizationId: org.id,
    email: 'mia.manager@harbor.example',
    adminRole: 'MANAGER',
  });
  await server.createUser({
    organizationId: org.id,
    email: 'val.viewer@harbor.example',
    adminRole: 'VIEWER',
  });
  const base = Date.parse('2026-05-01T00:00:00Z');
  const severities = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
  await server.database.db.insert(incidents).values(
    Array.from({ length: 64 }, (_, i) => ({
      organizationId: org.id,
      title: i === 63 ? 'Crane collapse in Felixstowe' : `Routine disruption ${i + 1}`,
      description: i === 63 ? 'Berth 7 closed' : null,
      severity: i === 63 ? ('CRITICAL' as const) : (severities[i % 4] ?? 'LOW'),
      type: i % 2 === 0 ? ('WEATHER' as const) : ('PORT_CONGESTION' as const),
      lat: 51.95,
      lng: 1.3,
      countryCode: 'GB',
      createdBy: manager.id,
      updatedAt: new Date(base + i * 60_000),
    })),
  );
  return {
    manager: { email: 'mia.manager@harbor.example', password: SEEDED_PASSWORD },
    viewer: { email: 'val.viewer@harbor.example', password: SEEDED_PASSWORD },
  };
});
const browser = useBrowser();

const cards = (page: Page) => page.getByRole('list', { name: 'Incidents' }).getByRole('article');
const card = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function open(
  account: { email: string; password: string },
  path = '/admin/events',
  theme?: 'light' | 'dark' | 'system',
) {
  const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
  await startSignedIn(page, account, path, { theme });
  return page;
}

describe('recording and working an incident', () => {
  it('creates an incident from the dialog with a place picked by name, and opens it', async () => {
    const page = await open(world().data.manager, '/admin/events', 'system');
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: 'New incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'New incident' });
    await dialog.getByLabel('Title').fill('Strike at the Port of Rotterdam');
    await dialog.getByLabel('Description').fill('Dockers walk out for **48 h**');
    await dialog.getByRole('combobox', { name: 'Severity' }).click();
    await page.getByRole('option', { name: 'HIGH' }).click();
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Strike / labour' }).click();
    // Without a place, or "No single place", the form says so and sends nothing.
    await dialog.getByRole('button', { name: 'Create incident' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Choose where it is, or "No single place" when it has none' })
      .waitFor();
    // "Rotterdam" is a port and a city (and towns elsewhere): the form offers each to pick.
    await dialog.getByLabel('Find a place').fill('Rotterdam');
    await dialog.getByRole('button', { name: 'Find' }).click();
    const places = dialog.getByRole('list', { name: /places are called "Rotterdam": choose one/ });
    await places.waitFor();
    const options = await places.getByRole('button').allInnerTexts();
    expect(options[0]?.replace(/\s+/g, ' ')).toBe('Rotterdam Port · Netherlands · NLRTM');
    expect(options.some((text) => /City · Netherlands$/.test(text.replace(/\s+/g, ' ')))).toBe(
      true,
    );
    await checkInThemes(page, 'incident-place-pick-list', '[role="dialog"]');
    await places.getByRole('button', { name: /^Rotterdam Port/ }).click();
    await dialog.getByText('Rotterdam (NLRTM), Netherlands').waitFor();
    await dialog.getByText('51.9500, 4.1400', { exact: false }).waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await expect
      .poll(() => dialog.getByTestId('map').getAttribute('data-areas'), { timeout: 10_000 })
      .toBe('1');
    await saveScreenshot(page, 'incident-new-dialog');
    await dialog.getByRole('button', { name: 'Create incident' }).click();

    await page
      .getByRole('heading', { level: 1, name: 'Strike at the Port of Rotterdam' })
      .waitFor();
    expect(page.url()).toMatch(/\/admin\/events\/[0-9a-f-]{36}$/);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('created the incident').waitFor();
    await page.getByText('40 km').waitFor();
  });

  it('edits, assigns, comments in Markdown and resolves on the event page, all on the timeline', async () => {
    const page = await open(world().data.manager);
    await card(page, 'Crane collapse in Felixstowe').getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Crane collapse in Felixstowe' }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit incident' });
    await dialog.getByLabel('Title').fill('Crane collapse at Felixstowe berth 7');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Crane collapse at Felixstowe berth 7' })
      .waitFor();

    await page.getByRole('combobox', { name: 'Assignee' }).click();
    await page.getByRole('option', { name: /val\.viewer|Val/i }).click();

    await page
      .getByLabel('Add a comment')
      .fill('Salvage crew **on site**; <script>window.hacked = 1</script>');
    await page.getByRole('button', { name: 'Comment' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.locator('strong', { hasText: 'on site' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { hacked?: number }).hacked),
    ).toBeUndefined();

    await page.getByRole('button', { name: /^Status OPEN/ }).click();
    await page.getByRole('menuitem', { name: 'Start work' }).click();
    await page.getByRole('button', { name: /^Status IN PROGRESS/ }).click();
    await page.getByRole('menuitem', { name: 'Resolve' }).click();
    await page.getByRole('button', { name: /^Status RESOLVED/ }).waitFor();
    await timeline.getByText('IN PROGRESS', { exact: true }).last().waitFor();
    await timeline.getByText(/title:/).waitFor();
    await timeline.getByText(/assignee:/).waitFor();
    await saveScreenshot(page, 'incident-event-page');
    await expectAccessible(page);

    // Reopening asks why.
    await page.getByRole('button', { name: /^Status RESOLVED/ }).click();
    await page.getByRole('menuitem', { name: 'Reopen' }).click();
    const reopen = page.getByRole('dialog', { name: 'Reopen incident' });
    await reopen.getByLabel('Reason').fill('Second crane unstable');
    await reopen.getByRole('button', { name: 'Reopen' }).click();
    await timeline.getByText('Reason: Second crane unstable').waitFor();
  });

  it('changes a status in place from the list, and rolls it back with a toast when refused', async () => {
    const page = await open(world().data.manager);
    const target = card(page, 'Routine disruption 63');
    await target.waitFor();
    await page.route('**/api/incidents/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 409,
            json: { message: 'An incident cannot go from OPEN to IN PROGRESS' },
          })
        : route.continue(),
    );
    await target.getByRole('button', { name: /^Status OPEN/ }).click();
    await page.getByRole('menuitem', { name: 'Start work' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'An incident cannot go from OPEN' })
      .waitFor();
    await target.getByRole('button', { name: /^Status OPEN/ }).waitFor();
    await page.unroute('**/api/incidents/*');
    await target.getByRole('button', { name: /^Status OPEN/ }).click();
    await page.getByRole('menuitem', { name: 'Start work' }).click();
    await target.getByRole('button', { name: /^Status IN PROGRESS/ }).waitFor();
  });

  it('never offers a viewer the controls that change an incident', async () => {
    const page = await open(world().data.viewer);
    await cards(page).first().waitFor();
    expect(await page.getByRole('button', { name: 'New incident' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Status / }).count()).toBe(0);
  });
});

describe('the Events list', () => {
  it('keeps filters and search in the URL, and a reload keeps them', async () => {
    const page = await open(world().data.manager, '/admin/events', 'light');
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: 'CRITICAL', exact: true }).click();
    await page.waitForURL(/severity=CRITICAL/);
    await expect
      .poll(
        async () =>
          (await cards(page).all()).length > 0 &&
          (await cards(page).getByText('HIGH', { exact: true }).count()) === 0,
      )
      .toBe(true);
    await page.getByLabel('Search events').fill('felixstowe');
    await page.waitForURL(/q=felixstowe/);
    await expect.poll(() => cards(page).count()).toBe(1);
    await saveScreenshot(page, 'events-filtered-light');
    await page.reload();
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await page.getByLabel('Search events').inputValue()).toBe('felixstowe');
    expect(
      await page
        .getByRole('button', { name: 'CRITICAL', exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('loads the next page as the list scrolls, from a first page of 50', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/atlas/events') pageRequests.push(url.search);
    });
    await startSignedIn(page, world().data.manager, '/admin/events?sort=severity');
    await cards(page).first().waitFor();
    expect(pageRequests.every((search) => search.includes('limit=50'))).toBe(true);
    await page.getByRole('list', { name: 'Incidents' }).evaluate((list) => {
      const scroller = list.parentElement;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
    await expect.poll(() => pageRequests.some((search) => search.includes('cursor='))).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: 'Incidents' })
          .locator('li')
          .first()
          .getAttribute('aria-setsize'),
      )
      .toBe('65');
  });

  it('shows one user the change another made, within one poll, without reloading', async () => {
    const viewer = await browser.newPage({ baseURL: world().baseUrl });
    await viewer.clock.install();
    await startSignedIn(viewer, world().data.viewer, '/admin/events?q=disruption%2060');
    await card(viewer, 'Routine disruption 60').waitFor();

    const manager = await open(world().data.manager, '/admin/events?q=disruption%2060');
    const mine = card(manager, 'Routine disruption 60');
    await mine.getByRole('button', { name: /^Status OPEN/ }).click();
    await manager.getByRole('menuitem', { name: 'Start work' }).click();
    await mine.getByRole('button', { name: /^Status IN PROGRESS/ }).waitFor();

    await viewer.clock.fastForward(15_500);
    await expect
      .poll(() => card(viewer, 'Routine disruption 60').getByText('IN PROGRESS').count())
      .toBe(1);
  });
});
