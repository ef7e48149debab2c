import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from './support/test';
import { incidents, shipments, sites } from '../apps/server/src/db/schema';
import {
  checkInThemes,
  expectAccessible,
  followSystemTheme,
  saveScreenshot,
  signIn,
  useBrowser,
  startSignedIn,
} from './support/browser';
import { waitForMapPainted, waitForMapReady } from './support/map';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';
import {
  type SmtpCapture,
  decodedBody,
  startSmtpCapture,
} from '../apps/server/src/test/smtp-server';

/** The suppliers' inbox: a real SMTP server on loopback, started before the seeded server. */
let smtp: SmtpCapture | undefined;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp?.stop();
});

/** What incidents reach, on screen: the feed, the map, the event page and its CSV export. */
const world = useSeededServer(
  async (server) => {
    const org = await server.createOrganization('Delta Freight');
    await server.createUser({
      organizationId: org.id,
      email: 'ops@delta.example',
      adminRole: 'MANAGER',
    });
    const { db } = server.database;
    await db.insert(sites).values([
      {
        organizationId: org.id,
        name: '=HYPERLINK("http://evil.example","Rotterdam supplier")',
        lat: 51.95,
        lng: 4.45,
        criticality: 'CRITICAL',
        revenuePerDay: 25_000,
        contactEmail: 'supply@rotterdam.example',
      },
      {
        organizationId: org.id,
        name: 'Lisbon warehouse',
        kind: 'WAREHOUSE',
        lat: 38.72,
        lng: -9.14,
      },
    ]);
    await db.insert(shipments).values([
      {
        id: 'S-NEAR',
        organizationId: org.id,
        reference: 'PO-NEAR',
        origin: 'Shanghai',
        destination: 'Rotterdam',
        mode: 'SEA',
        lat: 51.9,
        lng: 4.3,
        cargoValue: 80_000,
        cargoCurrency: 'USD',
      },
      {
        id: 'S-FAR',
        organizationId: org.id,
        reference: 'PO-FAR',
        origin: 'Santos',
        destination: 'Lisbon',
        mode: 'SEA',
        lat: -10,
        lng: -20,
      },
      {
        // Still at Le Havre, far from the storm, but its route passes Rotterdam.
        id: 'S-BOUND',
        organizationId: org.id,
        reference: 'PO-BOUND',
        origin: 'Le Havre',
        destination: 'Hamburg',
        mode: 'SEA',
        lat: 49.49,
        lng: 0.1,
        originLat: 49.49,
        originLng: 0.1,
        destinationLat: 53.55,
        destinationLng: 9.99,
        waypoints: [[4.0, 51.98]],
      },
    ]);
    const [reaching] = await db
      .insert(incidents)
      .values([
        {
          organizationId: org.id,
          title: 'Storm over Rotterdam',
          severity: 'HIGH',
          type: 'WEATHER',
          lat: 51.92,
          lng: 4.48,
          affectedRadiusKm: 60,
          updatedAt: new Date('2026-05-02T00:00:00Z'),
        },
        {
          organizationId: org.id,
          title: 'Quiet incident far away',
          severity: 'LOW',
          lat: -40,
          lng: 170,
          updatedAt: new Date('2026-05-01T00:00:00Z'),
        },
      ])
      .returning({ id: incidents.id });
    await server.recomputeExposure();
    return {
      account: { email: 'ops@delta.example', password: SEEDED_PASSWORD },
      incidentId: reaching?.id ?? '',
    };
  },
  () => ({ SMTP_URL: smtp?.url ?? '' }),
);
const browser = useBrowser();

describe('exposure on screen', () => {
  it('counts what each incident reaches in the feed, and shows sites and exposure on the map', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await signIn(page, world().data.account);
    await page.getByText('1 supplier · 2 shipments exposed').waitFor();
    // The map draws once its style is in; its layers fill as their data arrive.
    const map = await waitForMapReady(page);
    const layer = (name: string) =>
      expect.poll(() => map.getAttribute(`data-${name}`), { timeout: 10_000 });
    await layer('sites').toBe('2');
    await layer('areas').toBe('1');
    await layer('routes').toBe('2');
    // Both exposed shipments ringed in red, from the map body's exposed flags.
    await layer('exposed-shipments').toBe('2');
    await waitForMapPainted(page, { theme: 'dark', shipments: 3, incidents: 2 });
    // The exposed site in its assessment's colour (not assessed yet), the other in the sites'.
    await expect
      .poll(() => map.getAttribute('data-drawn-site-states'), { timeout: 20_000 })
      .toBe('NONE:1,POTENTIAL:1');
    // The storm is drawn larger for its priority; the legend says what sizes mean.
    await expect(page.getByRole('figure', { name: 'Incident size by priority' })).toContainText(
      'PriorityP1P2P3P4Not exposed',
    );
    await expect(page.getByRole('figure', { name: 'Site colour by assessment' })).toContainText(
      'SitesConfirmed impactRecoveringPotentialRecoveredNo impactNot exposed',
    );
    await saveScreenshot(page, 'atlas-exposed-routes');
    await page.getByRole('combobox', { name: /filter/i }).click();
    await page.getByRole('option', { name: 'Suppliers' }).click();
    await layer('visible-layers').toBe('sites');
    await page.getByText('2 sites').waitFor();
    await waitForMapPainted(page, { theme: 'dark', shipments: 3, incidents: 2 });
    await saveScreenshot(page, 'atlas-suppliers');
  });

  it('lists the exposed site and shipment on the event page and exports them without formulas', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await startSignedIn(page, world().data.account, `/admin/events/${world().data.incidentId}`, {
      theme: 'light',
    });
    await page.getByRole('heading', { name: /^Exposure/ }).waitFor();
    const sitesTable = page.getByRole('table', { name: 'Exposed sites' });
    await sitesTable.getByText('Rotterdam supplier', { exact: false }).waitFor();
    const shipmentsTable = page.getByRole('table', { name: 'Exposed shipments' });
    await shipmentsTable.getByText('PO-NEAR').waitFor();
    await shipmentsTable.getByText('Route crosses the area').waitFor();
    expect(await page.getByText('PO-FAR').count()).toBe(0);
    expect(await page.getByText('Lisbon warehouse').count()).toBe(0);
    // $25,000 a day for a HIGH storm's 7 days, and PO-NEAR's $80,000 of cargo.
    const value = page.getByRole('region', { name: 'Value at risk' });
    await expect(value).toContainText('$255,000');
    await expect(value).toContainText(
      'Sites $175,000 (revenue over the days down) · Cargo $80,000',
    );
    await expect(value).toContainText('Not counted: 1 shipment without a cargo value');
    await expect(sitesTable).toContainText('$175,0007 days down');
    const priority = page.getByRole('region', { name: 'Priority' });
    await expect(priority).toContainText('P1 · Act now');
    await expect(priority).toContainText(
      'Severity 2 · Criticality 3 · Proximity 2 · Value at risk 3 · Single source 0 = 10 points',
    );
    await saveScreenshot(page, 'event-exposure-light');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Rotterdam supplier"")"`);
    expect(csv).toContain('PO-NEAR');
  });

  it('narrows the Events list to incidents that reach something', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await startSignedIn(page, world().data.account, '/admin/events');
    const cards = page.getByRole('list', { name: 'Incidents' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByRole('button', { name: 'Exposed only' }).click();
    await page.waitForURL(/exposed=true/);
    await expect.poll(() => cards.count()).toBe(1);
    await cards.getByText('Storm over Rotterdam').waitFor();
  });

  it('shows, sorts and filters by priority, with the value at risk on each card', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ baseURL: world().baseUrl });
      await startSignedIn(page, world().data.account, '/admin/events', { theme });
      const cards = page.getByRole('list', { name: 'Incidents' }).getByRole('article');
      await expect.poll(() => cards.count()).toBe(2);
      // HIGH 2 + a CRITICAL site 3 + 3.9 km of 60 (2) + 10.2 days of revenue (3) = 10: P1.
      const storm = cards.filter({ hasText: 'Storm over Rotterdam' });
      await expect(storm).toContainText('P1 · Act now');
      await expect(storm).toContainText('$255,000 at risk');
      await expect(cards.filter({ hasText: 'Quiet incident far away' })).toContainText(
        'Not exposed',
      );
      await page.getByRole('combobox', { name: 'Sort' }).click();
      await page.getByRole('option', { name: 'Highest priority first' }).click();
      await page.waitForURL(/sort=priority/);
      await expect(cards.first()).toContainText('Storm over Rotterdam');
      await saveScreenshot(page, `events-priority-${theme}`);
      if (theme === 'dark') continue;
      await page.getByRole('button', { name: 'Not exposed' }).click();
      await page.waitForURL(/priority=NONE/);
      await expect.poll(() => cards.count()).toBe(1);
      await cards.getByText('Quiet incident far away').waitFor();
      await page.getByRole('button', { name: 'Not exposed' }).click();
      await page.getByRole('button', { name: 'P1', exact: true }).click();
      await page.waitForURL(/priority=P1/);
      await expect.poll(() => cards.count()).toBe(1);
      await cards.getByText('Storm over Rotterdam').waitFor();
    }
  });

  it('keeps what the incident reached once it is resolved, with when', async () => {
    // The engine clears in the background and the panel polls every 15 s: up to a poll and a
    // job's wait on a busy machine before the panel changes.
    const page = await browser.newPage({ baseURL: world().baseUrl });
    await startSignedIn(page, world().data.account, `/admin/events/${world().data.incidentId}`);
    const panel = page.getByRole('region', { name: /^Exposure/ });
    await panel.getByText('1 site · 2 shipments in reach').waitFor();
    await page.getByRole('button', { name: /^Status OPEN/ }).click();
    await page.getByRole('menuitem', { name: 'Start work' }).click();
    await page.getByRole('button', { name: /^Status IN PROGRESS/ }).click();
    await page.getByRole('menuitem', { name: 'Resolve' }).click();
    await page.getByRole('button', { name: /^Status RESOLVED/ }).waitFor();
    // The engine clears everything in the background; the panel keeps it, as reached.
    await panel.getByText('0 sites · 0 shipments in reach').waitFor({ timeout: 45_000 });
    await panel
      .getByText('Nothing of your organization is in reach of this incident now.')
      .waitFor();
    await panel
      .getByText('While active: 1 site and 2 shipments in all, at most 1 and 2 at once.')
      .waitFor();
    const shipmentsTable = panel.getByRole('table', { name: 'Exposed shipments' });
    await expect(shipmentsTable.getByText('Cleared')).toHaveCount(2);
    await expect(
      shipmentsTable.getByText(/^\d{1,2} \w{3}, \d\d:\d\d – (\d{1,2} \w{3}, )?\d\d:\d\d$/),
    ).toHaveCount(2);
    // Resolving it does not make its value zero.
    await expect(panel.getByRole('region', { name: 'Value at risk while active' })).toContainText(
      '$255,000',
    );
    // Nothing in reach: no priority, the value while active kept.
    await expect(panel.getByRole('region', { name: 'Priority' })).toContainText('Not exposed');
    await saveScreenshot(page, 'event-exposure-resolved');
  });

  it('assesses an exposed site in place, and its value at risk follows', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, world().data.account, `/admin/events/${world().data.incidentId}`);
    const panel = page.getByRole('region', { name: 'Assessments', exact: true });
    const counts = panel.getByRole('list', { name: 'Sites by assessment' });
    await counts.getByText('Potential: 1').waitFor();
    const site = 'Rotterdam supplier';
    await panel.getByRole('combobox', { name: new RegExp(`^Assessment of .*${site}`) }).click();
    await page.getByRole('option', { name: 'Confirmed impact' }).click();
    await page.getByText(/Assessment saved$/).waitFor();
    await counts.getByText('Confirmed impact: 1').waitFor();
    // Half its capacity still runs: half its revenue over the days down is at risk.
    const capacity = panel.getByLabel(new RegExp(`^Capacity available at .*${site}`));
    await capacity.fill('50');
    await capacity.blur();
    const value = page.getByRole('region', { name: /^Value at risk/ });
    await expect(value).toContainText('$167,500', { timeout: 30_000 });
    // The timeline says what changed, from what to what.
    await page.getByText('assessed exposed sites').first().waitFor();
    await expectAccessible(page);
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'event-assessments-dark', 'viewport');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await saveScreenshot(page, 'event-assessments-light', 'viewport');
  });

  it('asks the supplier by e-mail, who answers at phone width through the link', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, bypassCSP: true });
    await startSignedIn(page, world().data.account, `/admin/events/${world().data.incidentId}`);
    const panel = page.getByRole('region', { name: 'Assessments', exact: true });
    await panel.getByRole('button', { name: 'Ask suppliers' }).click();
    await page.getByText(/^1 supplier asked/).waitFor();
    await panel.getByText(/^Asked /).waitFor();
    // The e-mail reaches the local SMTP server with a link of its own.
    await expect
      .poll(() => smtp?.messages.filter((mail) => mail.to.includes('supply@rotterdam.example')))
      .toHaveLength(1);
    const body = decodedBody(smtp?.messages.at(-1)?.raw ?? '');
    const link = /(http:\/\/[^\s"]+\/supplier-response\?token=[A-Za-z0-9_-]+)/.exec(body)?.[1];
    expect(link).toBeDefined();

    const supplier = await browser.newPage({
      baseURL: world().baseUrl,
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    await supplier.goto(link ?? '');
    // The page follows the browser's scheme, so each theme is checked without a reload.
    await followSystemTheme(supplier);
    await supplier
      .getByRole('heading', { name: /^Is .*Rotterdam supplier.* affected\?$/ })
      .waitFor();
    await supplier.getByText('Storm over Rotterdam').waitFor();
    // Nothing else of the organization: not its other site, not the value at risk.
    expect(await supplier.getByText('Lisbon warehouse').count()).toBe(0);
    expect(await supplier.getByText('$').count()).toBe(0);
    await supplier.getByRole('button', { name: 'Send answer' }).click();
    await supplier.getByText('Say whether the site is affected').waitFor();
    await supplier.getByLabel('Yes, it is affected').check();
    await supplier.getByLabel('Capacity available (%)').fill('30');
    await supplier.getByLabel('Anything we should know?').fill('Roof damage; one line runs.');
    await supplier.getByRole('button', { name: 'Send answer' }).click();
    await supplier.getByText('Thank you: your answer was sent').waitFor();
    await supplier.getByRole('button', { name: 'Update answer' }).waitFor();
    await checkInThemes(supplier, 'supplier-response');

    // The organization sees the supplier's answer as the site's assessment.
    const row = panel.getByRole('row', { name: /Rotterdam supplier/ });
    await expect(row).toContainText('The supplier', { timeout: 30_000 });
    await expect(row).toContainText(/Answered /);
    await expect(row.getByRole('combobox')).toContainText('Confirmed impact');
    await expect(row.getByLabel(/^Capacity available at/)).toHaveValue('30');
    await expect(panel).toContainText('Suppliers answered: 1 of 1');
    await saveScreenshot(page, 'event-supplier-answered', 'viewport');

    // Several sites at once: select all, pick a state, apply.
    const several = panel.getByRole('group', { name: 'Set several sites at once' });
    await several.getByLabel('Select all').check();
    await several.getByText('1 selected').waitFor();
    await several.getByRole('combobox', { name: 'State for the selected sites' }).click();
    await page.getByRole('option', { name: 'Recovered' }).click();
    await several.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('1 assessment saved').waitFor();
    await panel
      .getByRole('list', { name: 'Sites by assessment' })
      .getByText('Recovered: 1')
      .waitFor();
    await several.getByText('Select all').waitFor();

    // The site keeps its history once the incident no longer reaches it.
    await page.goto('/admin/suppliers');
    await page
      .getByRole('button', { name: /^None: no incident reaches .*Rotterdam supplier/ })
      .click();
    const history = page.getByRole('list', { name: /^Assessments of .*Rotterdam supplier/ });
    await expect(history).toContainText('Storm over Rotterdam');
    await expect(history).toContainText('Recovered');
    await expect(history).toContainText('resolved');
    await saveScreenshot(page, 'site-assessment-history', 'viewport');

    // Insights counts the answer: the response rate and the time to a first answer.
    await page.goto('/admin/insights');
    await followSystemTheme(page);
    const responses = page.getByRole('region', { name: 'Supplier responses', exact: true });
    await expect(responses).toContainText(
      /1 request to suppliers: 1 answered \(100 %\), a median \d+ min after the e-mail\./,
    );
    await responses.scrollIntoViewIfNeeded();
    await responses.locator('[role="img"] canvas').waitFor();
    await saveScreenshot(page, 'insights-supplier-responses-chart', 'viewport');
    await responses.getByRole('button', { name: 'Show as table' }).click();
    await expect(responses.getByRole('row', { name: /Rotterdam supplier/ })).toContainText(
      '1 of 1 (100 %)',
    );
    await responses.scrollIntoViewIfNeeded();
    await checkInThemes(page, 'insights-supplier-responses');
  });
});
