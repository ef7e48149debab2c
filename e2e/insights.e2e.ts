import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { describe, expect, it } from './support/test';
import { incidents, shipments, sites } from '../apps/server/src/db/schema';
import {
  expectAccessible,
  saveScreenshot,
  showTheme,
  useBrowser,
  waitForStillPage,
  startSignedIn,
} from './support/browser';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';
import * as API_MESSAGES from '@meridian/contracts/messages';

const DAY_MS = 86_400_000;

/** One organization's events, sites and shipments, a manager and a viewer. */
const world = useSeededServer(async (server) => {
  const org = await server.createOrganization('Harbour Lines');
  const manager = await server.createUser({
    organizationId: org.id,
    email: 'maria.manager@harbour.example',
    adminRole: 'MANAGER',
  });
  await server.createUser({
    organizationId: org.id,
    email: 'vera.viewer@harbour.example',
    adminRole: 'VIEWER',
  });
  const { db } = server.database;
  await db.insert(sites).values([
    {
      organizationId: org.id,
      name: 'Rotterdam Components BV',
      lat: 51.95,
      lng: 4.45,
      criticality: 'CRITICAL',
      annualSpend: 1_200_000,
      currency: 'EUR',
    },
    { organizationId: org.id, name: 'Delft Plastics', lat: 52.01, lng: 4.36 },
    { organizationId: org.id, name: 'Lisbon warehouse', kind: 'WAREHOUSE', lat: 38.72, lng: -9.14 },
  ]);
  await db.insert(shipments).values([
    {
      id: 'S-INS-1',
      organizationId: org.id,
      reference: 'PO-7001',
      origin: 'Shanghai',
      destination: 'Rotterdam',
      mode: 'SEA',
      lat: 51.9,
      lng: 4.3,
    },
    {
      id: 'S-INS-2',
      organizationId: org.id,
      reference: 'PO-7002',
      origin: 'Shanghai',
      destination: 'Rotterdam',
      mode: 'SEA',
      lat: 51.93,
      lng: 4.2,
    },
  ]);
  const now = Date.now();
  const [storm] = await db
    .insert(incidents)
    .values([
      {
        organizationId: org.id,
        title: 'Storm surge closes Rotterdam terminals',
        description: 'Terminals at Maasvlakte stop handling for two days.',
        severity: 'HIGH',
        type: 'WEATHER',
        lat: 51.92,
        lng: 4.48,
        countryCode: 'NL',
        affectedRadiusKm: 60,
        createdBy: manager.id,
        startsAt: new Date(now - 2 * DAY_MS),
        updatedAt: new Date(now - 60_000),
      },
      {
        organizationId: org.id,
        title: 'Customs system outage at Felixstowe',
        severity: 'MEDIUM',
        type: 'BORDER_CUSTOMS',
        lat: 51.96,
        lng: 1.35,
        createdBy: manager.id,
        startsAt: new Date(now - 20 * DAY_MS),
        updatedAt: new Date(now - DAY_MS),
      },
      {
        organizationId: org.id,
        title: 'Rail strike in northern France',
        severity: 'CRITICAL',
        type: 'STRIKE',
        status: 'RESOLVED',
        lat: 50.63,
        lng: 3.06,
        createdBy: manager.id,
        startsAt: new Date(now - 40 * DAY_MS),
        resolvedAt: new Date(now - 37 * DAY_MS),
        updatedAt: new Date(now - 37 * DAY_MS),
      },
    ])
    .returning({ id: incidents.id });
  if (!storm) throw new Error('incident not inserted');
  await server.recomputeExposure();
  // Rows written directly have no timeline; a comment through the API gives the event one.
  const { accessToken } = await server.login('maria.manager@harbour.example');
  const comment = await server.request('POST', `/api/incidents/${storm.id}/comments`, {
    token: accessToken,
    body: { body: 'Terminal operator expects **48 hours** of closure.' },
  });
  if (comment.status !== 201) throw new Error(`comment refused: ${comment.status}`);
  return {
    stormId: storm.id,
    manager: { email: 'maria.manager@harbour.example', password: SEEDED_PASSWORD },
    viewer: { email: 'vera.viewer@harbour.example', password: SEEDED_PASSWORD },
  };
});
const browser = useBrowser();

const MANAGER_NAME = 'maria.manager User';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Three columns need 1280 px: below that the analysis panel goes under the insight. */
const LAPTOP = { width: 1180, height: 820 };

async function openInsights(
  account: { email: string; password: string },
  options: {
    theme?: 'light' | 'dark' | 'system';
    viewport?: { width: number; height: number };
  } = {},
) {
  const page = await browser.newPage({
    baseURL: world().baseUrl,
    bypassCSP: true,
    viewport: options.viewport ?? DESKTOP,
  });
  await startSignedIn(page, account, '/admin/insights', { theme: options.theme ?? 'dark' });
  await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
  return page;
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const chartCard = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Analysis' });

/** Waits until every chart on screen has drawn its canvas. */
async function waitForCharts(page: Page, count: number) {
  const canvases = page.locator('[role="img"] canvas');
  await expect.poll(() => canvases.count(), { timeout: 15_000 }).toBe(count);
}

/** The whole screen on a tall window, every chart in view, as a picture. */
async function saveTallScreenshot(page: Page, name: string) {
  await page.setViewportSize({ width: DESKTOP.width, height: 2600 });
  await waitForStillPage(page);
  await page.waitForTimeout(500); // the charts redraw at their new size
  await saveScreenshot(page, name);
  await page.setViewportSize(DESKTOP);
}

async function savedDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), body: await readFile(file) };
}

describe('Insights', () => {
  it('draws the trends, and each chart also reads as a table', async () => {
    const page = await openInsights(world().data.manager);
    // The newest event is selected.
    await page
      .getByRole('heading', { level: 2, name: 'Storm surge closes Rotterdam terminals' })
      .waitFor();

    await waitForCharts(page, 6);
    await saveTallScreenshot(page, 'insights-trends-dark');

    // The charts follow the theme: switching it redraws them in the other palette.
    const canvasImage = () =>
      page
        .locator('[role="img"] canvas')
        .first()
        .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());
    const darkImage = await canvasImage();
    await page.getByRole('button', { name: 'Theme: dark' }).click();
    await page.getByRole('button', { name: 'Theme: system' }).waitFor();
    await page.getByRole('button', { name: 'Theme: system' }).click();
    await page.getByRole('button', { name: 'Theme: light' }).waitFor();
    await expect.poll(canvasImage).not.toBe(darkImage);
    await page.getByRole('button', { name: 'Theme: light' }).click();
    await page.getByRole('button', { name: 'Theme: dark' }).waitFor();
    const severity = chartCard(page, 'Incidents by severity');
    expect(await severity.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Stacked bars of incidents per day by severity: 3 incidents in the last 90 days\.$/,
    );
    await severity.getByRole('button', { name: 'Show as table' }).click();
    const table = severity.getByRole('table', { name: 'Incidents by severity' });
    await expect.poll(() => table.getByRole('row').count()).toBe(91);
    expect(
      await severity.getByRole('button', { name: 'Show as table' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await severity.locator('canvas').count()).toBe(0);
    await chartCard(page, 'Most affected suppliers')
      .getByRole('button', { name: 'Show as table' })
      .click();
    await chartCard(page, 'Most affected suppliers')
      .getByRole('row', { name: /Rotterdam Components BV 1 €1,200,000/ })
      .waitFor();

    // A shorter window, only the organization's incidents: in the URL, the charts follow.
    await page.getByRole('radiogroup', { name: 'Chart window' }).getByText('30 days').click();
    await page
      .getByRole('radiogroup', { name: 'Incidents counted' })
      .getByText('Our incidents')
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('30');
    expect(new URL(page.url()).searchParams.get('scope')).toBe('ORG');
    await expect.poll(() => table.getByRole('row').count()).toBe(31);

    const csv = await savedDownload(page, () =>
      page.getByRole('button', { name: 'Export events (CSV)' }).click(),
    );
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.body.toString('utf8')).toContain('Storm surge closes Rotterdam terminals');

    // Back to charts: the resolve times are empty in 30 days (the strike was resolved before).
    await severity.getByRole('button', { name: 'Show as table' }).click();
    await chartCard(page, 'Most affected suppliers')
      .getByRole('button', { name: 'Show as table' })
      .click();
    await chartCard(page, 'Mean time to resolve')
      .getByText('No incidents were resolved in this window.')
      .waitFor();
    await waitForCharts(page, 5);
    await waitForStillPage(page);
    await saveScreenshot(page, 'insights-charts-dark');
    await expectAccessible(page);
  });

  it('keeps the selected event in the URL, switches tabs with the keyboard, shows timeline and impact', async () => {
    const page = await openInsights(world().data.manager, { theme: 'light' });
    const events = page.getByRole('list', { name: 'Events' });
    await events.getByRole('button', { name: /Customs system outage/ }).click();
    await page
      .getByRole('heading', { level: 2, name: 'Customs system outage at Felixstowe' })
      .waitFor();
    await events.getByRole('button', { name: /Storm surge/ }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('incident'))
      .toBe(world().data.stormId);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('commented').waitFor();
    await timeline.locator('strong', { hasText: '48 hours' }).waitFor();
    // Worded as on the event page (one timeline component), newest first.
    await waitForStillPage(page);
    await saveScreenshot(page, 'insights-timeline-light');
    // Radix moves the focus on the next tick: each key waits for the tab it selected.
    await tab(page, 'Timeline').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab(page, 'Analysis').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab(page, 'Impact').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('impact');

    const impact = page.getByRole('tabpanel', { name: 'Impact' });
    await impact.getByText('2 sites · 2 shipments in reach').waitFor();
    await impact.getByText('€1,200,000').first().waitFor();
    await impact.getByText('1 site with a known spend; 1 without').waitFor();
    await impact.getByText('Shanghai → Rotterdam').first().waitFor();
    await impact.getByRole('row', { name: /PO-7001/ }).waitFor();
    const csv = await savedDownload(page, () =>
      impact.getByRole('button', { name: 'Download exposure (CSV)' }).click(),
    );
    expect(csv.body.toString('utf8')).toContain('PO-7002');

    await waitForCharts(page, 6);
    await waitForStillPage(page);
    await saveScreenshot(page, 'insights-impact-light');
    await saveTallScreenshot(page, 'insights-trends-light');
    await expectAccessible(page);
  });

  it('a memo is written, shown in Notes, edited, and its history kept', async () => {
    const page = await openInsights(world().data.manager);
    await page.getByRole('button', { name: 'Create Memo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a memo' });
    await dialog
      .getByRole('textbox', { name: 'Memo' })
      .fill('**Call** the carrier about PO-7001.\n\n- rebook on Friday');
    await dialog
      .getByRole('region', { name: 'Preview' })
      .locator('strong', { hasText: 'Call' })
      .waitFor();
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Create memo' }).click();
    await toast(page, 'Memo created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => tab(page, 'Notes').getAttribute('aria-selected')).toBe('true');
    const memo = page.getByRole('list', { name: 'Memos' }).getByRole('article', {
      name: `Memo by ${MANAGER_NAME}`,
    });
    await memo.locator('strong', { hasText: 'Call' }).waitFor();
    await memo.getByText('rebook on Friday').waitFor();

    await memo.getByRole('button', { name: `Edit memo by ${MANAGER_NAME}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit memo' });
    await edit
      .getByRole('textbox', { name: 'Memo' })
      .fill('Carrier called: PO-7001 rebooked for Friday.');
    await edit.getByRole('button', { name: 'Save memo' }).click();
    await toast(page, 'Memo saved').waitFor();
    await edit.waitFor({ state: 'detached' });
    await memo.getByText('Carrier called: PO-7001 rebooked for Friday.').waitFor();
    await memo.getByText(/· edited/).waitFor();
    await memo.getByText('History: 1 earlier version').click();
    const history = memo.getByRole('list', { name: 'Earlier versions' });
    await history.locator('strong', { hasText: 'Call' }).waitFor();
    await history.getByText(`Written by ${MANAGER_NAME}`).waitFor();

    await waitForStillPage(page);
    await saveScreenshot(page, 'insights-notes-dark');
    await expectAccessible(page);
  });

  it('a manager creates a report and downloads its PDF; Create Plan opens the plan form', async () => {
    const page = await openInsights(world().data.manager);
    const create = page.getByRole('button', { name: 'Create Report' });
    await create.click();
    await toast(page, 'Report created').waitFor();
    const reports = panel(page).getByRole('list', { name: 'Reports' });
    await reports.getByText('Storm surge closes Rotterdam terminals', { exact: true }).waitFor();
    await reports.getByText(/\d+ (KB|MB) · \d+ pages?/).waitFor();
    await reports.getByText(MANAGER_NAME, { exact: false }).waitFor();
    const pdf = await savedDownload(page, () =>
      reports.getByRole('button', { name: /^Download Storm surge .* as PDF$/ }).click(),
    );
    expect(pdf.body.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(pdf.name).toMatch(/\.pdf$/);

    await page.getByRole('button', { name: 'Create Plan' }).click();
    await page.waitForURL('**/admin/plans?*');
    const dialog = page.getByRole('dialog', { name: 'Create a response plan' });
    await dialog
      .getByRole('combobox', { name: 'Event' })
      .filter({ hasText: 'Storm surge closes Rotterdam terminals' })
      .waitFor();
    // Opened once: the parameter is gone, so a reload shows the plans without the form.
    await expect.poll(() => new URL(page.url()).searchParams.get('create')).toBe(null);
    expect(new URL(page.url()).searchParams.get('incident')).toBe(world().data.stormId);
  });

  it('Generate streams the built-in analyst’s answer into the Analysis tab and the panel', async () => {
    const page = await openInsights(world().data.manager);
    const prompt = page.getByRole('textbox', { name: 'Ask for analysis or insights' });
    expect(await prompt.getAttribute('placeholder')).toBe('Ask for analysis or insights...');
    await prompt.fill('Which shipments are exposed?');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => tab(page, 'Analysis').getAttribute('aria-selected')).toBe('true');

    const answer = page.getByRole('tabpanel', { name: 'Analysis' });
    await answer.getByRole('heading', { name: 'Which shipments are exposed?' }).waitFor();
    await answer.getByRole('heading', { name: 'What is exposed' }).waitFor();
    await answer.getByText(API_MESSAGES.analysis.noModel).waitFor();
    await answer.getByText('PO-7001').first().waitFor();
    // Citations are links: [n] in the text and the numbered sources under it.
    await answer.getByRole('link', { name: '[1]' }).first().waitFor();
    await answer.getByRole('heading', { name: 'Sources' }).waitFor();
    expect(await answer.getByText(API_MESSAGES.analysis.noModel).count()).toBe(1);
    await page.getByRole('button', { name: 'Generate' }).waitFor();

    const latest = panel(page).getByRole('article', { name: 'Latest analysis' });
    await latest.getByRole('heading', { name: 'Which shipments are exposed?' }).waitFor();
    await latest.getByText(API_MESSAGES.analysis.noModel).waitFor();
    await latest
      .getByText('2 sites and 2 shipments of yours are within reach of this event.')
      .waitFor();

    // A second question: the first one moves to the history.
    await prompt.fill('What happened?');
    await page.getByRole('button', { name: 'Generate' }).click();
    await answer.getByRole('heading', { name: 'What happened?' }).waitFor();
    await answer.getByRole('heading', { name: 'Earlier analyses' }).waitFor();
    await answer.getByText('Which shipments are exposed?').waitFor();

    await waitForStillPage(page);
    await saveScreenshot(page, 'insights-analysis-dark');
    await expectAccessible(page);
  });

  it('a stream’s error shows in the panel and as a toast', async () => {
    const page = await openInsights(world().data.manager, { theme: 'light' });
    await page.route('**/api/incidents/*/analyses', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 201,
            contentType: 'text/event-stream',
            body: 'event: delta\ndata: {"text":"Looking"}\n\nevent: error\ndata: {"message":"The language model did not answer in time."}\n\n',
          })
        : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Ask for analysis or insights' }).fill('Any risk?');
    await page.getByRole('button', { name: 'Generate' }).click();
    await panel(page)
      .getByRole('alert')
      .getByText('The language model did not answer in time.')
      .waitFor();
    await toast(page, 'The language model did not answer in time.').waitFor();
  });

  it('a viewer sees Create Report and Create Plan disabled with the reason, and writes memos', async () => {
    const page = await openInsights(world().data.viewer, { theme: 'light' });
    const report = page.getByRole('button', { name: 'Create Report' });
    await expect.poll(() => report.getAttribute('aria-disabled')).toBe('true');
    expect(await report.getAttribute('title')).toBe('Only managers and admins can create reports');
    await report.dispatchEvent('click');
    await toast(page, 'Only managers and admins can create reports').waitFor();
    expect(
      await page.getByRole('button', { name: 'Create Plan' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(
      await page.getByRole('button', { name: 'Create Memo' }).getAttribute('aria-disabled'),
    ).toBe(null);
    // Another person's memo offers no Edit or Remove.
    await tab(page, 'Notes').click();
    const memos = page.getByRole('list', { name: 'Memos' });
    await memos.getByRole('article').first().waitFor();
    expect(await memos.getByRole('button', { name: /^(Edit|Remove) memo/ }).count()).toBe(0);
    await waitForCharts(page, 6);
    await waitForStillPage(page);
    await saveScreenshot(page, 'insights-viewer-light');
  });

  it('sample events disable the event actions', async () => {
    const page = await browser.newPage({ baseURL: world().baseUrl, viewport: DESKTOP });
    await page.route('**/api/atlas/events?*', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>down</p>' }),
    );
    await startSignedIn(page, world().data.manager, '/admin/insights');
    await page.getByText('Sample events: your organization').waitFor();
    for (const name of ['Create Memo', 'Create Report', 'Create Plan']) {
      await expect
        .poll(() => page.getByRole('button', { name, exact: true }).getAttribute('aria-disabled'))
        .toBe('true');
    }
    await page
      .getByRole('tabpanel', { name: 'Timeline' })
      .getByText(/could not be loaded/)
      .waitFor();
  });

  it('fits a phone (light and dark) and a small laptop', async () => {
    const screens = [
      { name: 'phone', themes: ['light', 'dark'], viewport: PHONE },
      { name: 'laptop', themes: ['dark'], viewport: LAPTOP },
    ] as const;
    for (const { name, themes, viewport } of screens) {
      // In the system theme, so that one load is seen in each theme.
      const page = await openInsights(world().data.manager, { theme: 'system', viewport });
      await waitForCharts(page, 6);
      await panel(page).getByRole('list', { name: 'Reports' }).waitFor();
      await waitForStillPage(page);
      // Nothing of the screen is wider than the window (tables scroll inside their own box).
      const main = page.getByRole('main');
      expect(await main.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      if (viewport === LAPTOP) {
        // The columns scroll on their own: the page itself stays the window's height.
        expect(
          await page.evaluate(
            () => document.documentElement.scrollHeight - document.documentElement.clientHeight,
          ),
        ).toBe(0);
      }
      for (const theme of themes) {
        await showTheme(page, theme);
        await waitForCharts(page, 6);
        await waitForStillPage(page);
        await page.waitForTimeout(400); // the charts redraw in the theme's colours (300 ms)
        await saveScreenshot(page, `insights-${name}-${theme}`);
        await expectAccessible(page);
      }
      await page.context().close(); // one window at a time on two cores
    }
  });
});
