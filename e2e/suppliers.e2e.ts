import { readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { describe, expect, it, test } from './support/test';
import {
  expectAccessible,
  saveScreenshot,
  useBrowser,
  waitForStillPage,
  type PageOptions,
  startSignedIn,
} from './support/browser';
import { SEEDED_PASSWORD, useSeededServer } from './support/seeded-server';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

const ACME = {
  manager: { email: 'maria.manager@acme-supply.example', password: SEEDED_PASSWORD },
};
const BOLT = {
  manager: { email: 'mo.manager@bolt-parts.example', password: SEEDED_PASSWORD },
  viewer: { email: 'val.viewer@bolt-parts.example', password: SEEDED_PASSWORD },
};
const SEEDED_SITES = 55;
/** Tall enough for a whole dialog in its screenshot. */
const TALL = { width: 1280, height: 1200 };

/**
 * Acme starts empty (the import flows); Bolt has 55 sites, one of them inside an incident's
 * area, the exposure engine's work already done.
 */
const world = useSeededServer(async (server) => {
  const acme = (await server.createOrganization('Acme Supply')).id;
  const bolt = (await server.createOrganization('Bolt Parts')).id;
  await server.createUser({
    organizationId: acme,
    email: ACME.manager.email,
    adminRole: 'MANAGER',
  });
  await server.createUser({
    organizationId: bolt,
    email: BOLT.manager.email,
    adminRole: 'MANAGER',
  });
  await server.createUser({ organizationId: bolt, email: BOLT.viewer.email, adminRole: 'VIEWER' });
  const token = (await server.login(BOLT.manager.email)).accessToken;
  const kinds = ['SUPPLIER', 'SUPPLIER', 'WAREHOUSE', 'SUPPLIER', 'OWN_FACILITY'];
  const criticalities = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
  const seeded = await server.request('POST', '/api/sites/bulk', {
    token,
    body: {
      sites: [
        ...Array.from({ length: SEEDED_SITES - 1 }, (_, index) => ({
          externalRef: `B-${String(index + 1).padStart(3, '0')}`,
          name: `Seed supplier ${String(index + 1).padStart(2, '0')}`,
          kind: kinds[index % kinds.length],
          criticality: criticalities[index % criticalities.length],
          tier: (index % 3) + 1,
          city: 'Lyon',
          countryCode: 'FR',
          products: ['fasteners'],
        })),
        {
          externalRef: 'B-055',
          name: 'Rotterdam Gears',
          criticality: 'CRITICAL',
          tier: 1,
          city: 'Rotterdam',
          countryCode: 'NL',
          location: { lat: 51.92, lng: 4.47 },
          products: ['gears'],
        },
      ],
    },
  });
  if (seeded.status !== 200) throw new Error(`seeding failed: ${JSON.stringify(seeded.body)}`);
  await server.request('POST', '/api/incidents', {
    token,
    body: {
      title: 'Rotterdam port strike',
      severity: 'HIGH',
      type: 'STRIKE',
      location: { lat: 51.9, lng: 4.45 },
      affectedRadiusKm: 40,
    },
  });
  await server.app.jobWorker.runDue();
  return { acme, bolt };
});

const browser = useBrowser();

async function openSuppliers(
  account: { email: string; password: string },
  options: PageOptions = {},
) {
  const page = await browser.newPage({ baseURL: world().baseUrl, ...options });
  // The app keeps its own theme: the saved one is read when the page starts. The user menu's
  // way here is the header's test.
  await startSignedIn(page, account, '/admin/suppliers', { theme: options.colorScheme });
  await page.getByRole('heading', { level: 1, name: 'Suppliers' }).waitFor();
  return page;
}

const wizard = (page: Page) => page.getByRole('dialog', { name: /^Import / });
const chooseFile = (page: Page, file: string) =>
  wizard(page).getByLabel('CSV or Excel file').setInputFiles(file);
const errorLines = (page: Page) =>
  wizard(page)
    .getByRole('list', { name: 'Errors' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => Array.from(item.children).map((cell) => (cell.textContent ?? '').trim())),
    );
const siteNames = (page: Page) =>
  page
    .getByRole('region', { name: 'Sites' })
    .locator('tbody th[scope="row"] span:first-child')
    .allInnerTexts();

async function importFile(page: Page, file: string, rows: number, done: string) {
  await chooseFile(page, file);
  await wizard(page)
    .getByRole('button', { name: `Check ${rows} rows` })
    .click();
  await wizard(page).getByText(`All ${rows} rows are valid and ready to import.`).waitFor();
  await wizard(page)
    .getByRole('button', { name: `Import ${rows} rows` })
    .click();
  await wizard(page).getByText(done).waitFor();
  await wizard(page).getByRole('button', { name: 'Close' }).last().click();
}

describe('Importing sites', () => {
  it('maps the columns, previews, imports, and updates by reference when imported again', async () => {
    const page = await openSuppliers(ACME.manager, { bypassCSP: true, viewport: TALL });
    await page.getByText('No sites yet.').waitFor();
    await page.getByRole('button', { name: 'Import' }).click();
    await wizard(page).waitFor();

    // The template: every column, an example that imports cleanly.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      wizard(page).getByRole('button', { name: 'Download the template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('meridian-sites-template.csv');
    const templateText = await readFile(await template.path(), 'utf8');
    expect(templateText.split('\r\n')[0]).toBe(
      '\uFEFFexternalRef,name,kind,tier,criticality,address,city,country,lat,lng,products,contactName,contactEmail,contactPhone,annualSpend,revenuePerDay,recoveryDays,currency',
    );

    await chooseFile(page, fixture('sites-good.csv'));
    const column = (field: string) =>
      wizard(page).getByRole('combobox', { name: `File column for ${field}` });
    expect(await column('External reference').innerText()).toBe('Vendor ID');
    expect(await column('Contact e-mail').innerText()).toBe('E-mail');
    expect(await column('City').innerText()).toBe('Not imported');
    await column('City').click();
    await page.getByRole('option', { name: 'Ort', exact: true }).click();
    expect(await column('City').innerText()).toBe('Ort');
    await waitForStillPage(page);
    await saveScreenshot(page, 'suppliers-import-mapping');
    await expectAccessible(page, '[role="dialog"]');

    await wizard(page).getByRole('button', { name: 'Check 6 rows' }).click();
    await wizard(page).getByText('All 6 rows are valid and ready to import.').waitFor();
    const preview = wizard(page).getByRole('region', { name: 'Preview' });
    expect(await preview.locator('tbody th').allInnerTexts()).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    await wizard(page).getByRole('button', { name: 'Import 6 rows' }).click();
    await wizard(page).getByText('Imported 6 sites: 6 new, 0 updated.').waitFor();
    await wizard(page).getByRole('button', { name: 'Close' }).last().click();

    await page.getByText('6 sites', { exact: true }).waitFor();
    // A formula in a name is only text here.
    expect(await siteNames(page)).toContain('=HYPERLINK("http://evil.example","Click me")');
    expect(await page.locator('a[href="http://evil.example"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Import' }).click();
    await chooseFile(page, fixture('sites-reimport.csv'));
    await column('City').click();
    await page.getByRole('option', { name: 'Ort', exact: true }).click();
    await wizard(page).getByRole('button', { name: 'Check 3 rows' }).click();
    // Held on its way to the server: the wizard shows the upload done and the server at work.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sites/bulk', async (route) => {
      await held;
      await route.continue();
    });
    await wizard(page).getByRole('button', { name: 'Import 3 rows' }).click();
    await wizard(page).getByRole('progressbar', { name: 'Upload' }).waitFor();
    await waitForStillPage(page);
    await saveScreenshot(page, 'suppliers-import-progress');
    release();
    await wizard(page).getByText('Imported 3 sites: 1 new, 2 updated.').waitFor();
    await saveScreenshot(page, 'suppliers-import-done');
    await wizard(page).getByRole('button', { name: 'Close' }).last().click();
    await page.getByText('7 sites', { exact: true }).waitFor();
    expect(await siteNames(page)).toContain('Hanseatic Castings & Forge GmbH');

    // The export neutralises the formula, and imports back as it was.
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile(await exported.path(), 'utf8');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click me"")"`);
    expect(csv.trim().split('\r\n')).toHaveLength(8);
  });

  it('shows every bad row with its line before anything is written, and refuses a 200 MB file unread', async () => {
    const page = await openSuppliers(ACME.manager, {
      bypassCSP: true,
      colorScheme: 'light',
      viewport: TALL,
    });
    await page.getByRole('button', { name: 'Import' }).click();
    await chooseFile(page, fixture('sites-bad.csv'));
    await wizard(page).getByRole('button', { name: 'Check 6 rows' }).click();
    await wizard(page).getByText('5 errors.', { exact: false }).waitFor();
    const lines = await errorLines(page);
    expect(lines.map(([line, field]) => [line, field])).toEqual([
      ['Line 3', 'Country'],
      ['Line 4', 'Tier'],
      ['Line 6', 'Latitude'],
      ['Line 7', 'External reference'],
      ['Line 8', 'Name'],
    ]);
    expect(lines[0]?.[2]).toMatch(/^"Narnia" is not a country Meridian knows/);
    expect(lines[3]?.[2]).toBe('"V-200" is also on line 2: each site once per file');
    expect(await wizard(page).getByRole('button', { name: 'Import 6 rows' }).isDisabled()).toBe(
      true,
    );
    await waitForStillPage(page);
    await saveScreenshot(page, 'suppliers-import-errors-light');
    await expectAccessible(page, '[role="dialog"]');

    const huge = path.join(tmpdir(), `meridian-huge-${Date.now()}.csv`);
    await writeFile(huge, 'externalRef,name\n');
    await truncate(huge, 200 * 1024 * 1024);
    try {
      await wizard(page).getByRole('button', { name: 'Choose another file' }).click();
      await chooseFile(page, huge);
      await wizard(page)
        .getByRole('alert')
        .filter({ hasText: 'This file is 200 MB: Meridian imports files up to 25 MB' })
        .waitFor();
    } finally {
      await rm(huge, { force: true });
    }
  });
});

describe('Importing the largest file', () => {
  it('sends 50,000 rows in one request, showing the upload and the server at work', async () => {
    test.setTimeout(180_000);
    const cities = ['Hamburg,DE', 'Lyon,FR', 'Turin,IT', 'Leeds,GB', 'Osaka,JP', 'Pune,IN'];
    const rows = Array.from(
      { length: 50_000 },
      (_, index) =>
        `L-${String(index).padStart(5, '0')},Large supplier ${index},${cities[index % cities.length]},bolts; nuts`,
    );
    const file = path.join(tmpdir(), `meridian-50k-${Date.now()}.csv`);
    await writeFile(file, ['externalRef,name,city,country,products', ...rows].join('\n'));
    try {
      const page = await openSuppliers(ACME.manager, { viewport: TALL });
      await page.getByRole('button', { name: 'Import' }).click();
      const started = performance.now();
      await chooseFile(page, file);
      await wizard(page).getByRole('button', { name: 'Check 50,000 rows' }).click();
      await wizard(page).getByText('All 50,000 rows are valid and ready to import.').waitFor({
        timeout: 60_000,
      });
      const checked = performance.now();
      // This process also runs the server, so the page records what its bars said as they changed.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        new MutationObserver(() => {
          for (const bar of Array.from(document.querySelectorAll('[role="progressbar"]'))) {
            const entry = `${bar.getAttribute('aria-label')}: ${bar.getAttribute('aria-valuetext')}`;
            if (!seen.includes(entry)) seen.push(entry);
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      // The page serializes 16 MB as it sends, while this process's server parses it: the
      // click's wait for the page to settle can take longer than the default on two cores.
      const reply = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/sites/bulk') && response.request().method() === 'POST',
        { timeout: 180_000 },
      );
      await wizard(page)
        .getByRole('button', { name: 'Import 50,000 rows' })
        .click({ timeout: 60_000 });
      await wizard(page)
        .getByText('Imported 50,000 sites: 50,000 new, 0 updated.')
        .waitFor({ timeout: 120_000 });
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      expect(seen).toContain('Upload: Sent');
      // The server reports every step. Two of its lines read in one chunk are painted as one
      // (React batches them), so a quick step may never be on screen by itself: its line is
      // checked in the reply, and the long step below is seen counting on screen.
      const lines = (await (await reply).text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { progress?: unknown });
      expect(lines.map((line) => line.progress)).toContainEqual({
        stage: 'locating',
        done: 6,
        total: 6,
      });
      // The last step's line and the result can arrive in one chunk and paint as one: the
      // bar is seen counting towards the total, not necessarily at it.
      const writing = seen
        .map((entry) => /^Writing, in one transaction: ([\d,]+) of 50,000 rows$/.exec(entry)?.[1])
        .filter((done): done is string => done !== undefined)
        .map((done) => Number(done.replaceAll(',', '')));
      expect(writing.length).toBeGreaterThan(5);
      expect(writing).toEqual([...writing].sort((a, b) => a - b));
      expect(Math.max(...writing)).toBeGreaterThanOrEqual(40_000);
      const done = performance.now();
      console.info(
        `50,000 rows: read and checked in the browser ${Math.round(checked - started)} ms, sent and written ${Math.round(done - checked)} ms`,
      );
    } finally {
      await rm(file, { force: true });
    }
  });
});

describe('Importing shipments', () => {
  it('checks dates, modes and duplicates in the browser, places the server’s refusals on their lines, then imports', async () => {
    const page = await openSuppliers(BOLT.manager);
    await page.getByRole('tab', { name: 'Shipments' }).click();
    await page.getByText('No shipments yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Import shipments' }).click();

    await chooseFile(page, fixture('shipments-bad.csv'));
    await wizard(page).getByRole('button', { name: 'Check 4 rows' }).click();
    expect((await errorLines(page)).map(([line, field]) => [line, field])).toEqual([
      ['Line 3', 'Mode'],
      ['Line 4', 'ETA'],
      ['Line 5', 'Reference'],
    ]);

    await wizard(page).getByRole('button', { name: 'Choose another file' }).click();
    await chooseFile(page, fixture('shipments-unknown-port.csv'));
    await wizard(page).getByRole('button', { name: 'Check 2 rows' }).click();
    await wizard(page).getByRole('button', { name: 'Import 2 rows' }).click();
    await wizard(page)
      .getByText('Nothing was imported: fix these rows in the file and choose it again.')
      .waitFor();
    const refused = await errorLines(page);
    expect(refused.map(([line, field]) => [line, field])).toEqual([['Line 3', 'Origin UN/LOCODE']]);
    expect(refused[0]?.[2]).toMatch(/^UN\/LOCODE ZZQQQ is not in Meridian's table/);

    await wizard(page).getByRole('button', { name: 'Choose another file' }).click();
    await importFile(
      page,
      fixture('shipments-good.csv'),
      3,
      'Imported 3 shipments: 3 new, 0 updated.',
    );
    await page.getByText('3 shipments', { exact: true }).waitFor();
    const rows = page.getByRole('region', { name: 'Shipments' }).locator('tbody tr');
    expect(await rows.first().innerText()).toMatch(
      /PO-9001\s+SEA\s+Maersk\s+\$1,250,000\s+Shanghai \(CNSHA\)/,
    );
    await saveScreenshot(page, 'suppliers-shipments');
  });

  it('reads an Excel workbook the same way: real dates and numbers in cells, updates by reference', async () => {
    // The same three shipments as a workbook, its dates and positions typed as Excel keeps them.
    const { default: writeXlsxFile } = await import('write-excel-file/node');
    const [header, ...lines] = (await readFile(fixture('shipments-good.csv'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const typed = (cell: string, column: number) => {
      if (cell === '') return null;
      if (column === 6 || column === 7)
        return {
          value: new Date(cell.length === 10 ? `${cell}T00:00:00Z` : cell),
          type: Date,
          format: 'yyyy-mm-dd hh:mm',
        };
      if (column === 8 || column === 9 || column === 11)
        return { value: Number(cell), type: Number };
      return { value: cell };
    };
    const workbook = path.join(tmpdir(), `meridian-shipments-${Date.now()}.xlsx`);
    await writeXlsxFile([
      header!.map((cell) => ({ value: cell, fontWeight: 'bold' as const })),
      ...lines.map((line) => line.map(typed)),
    ]).toFile(workbook);
    try {
      const page = await openSuppliers(BOLT.manager);
      await page.getByRole('tab', { name: 'Shipments' }).click();
      await page.getByText('3 shipments', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Import shipments' }).click();
      await chooseFile(page, workbook);
      await wizard(page).getByRole('button', { name: 'Check 3 rows' }).click();
      await wizard(page).getByText('All 3 rows are valid and ready to import.').waitFor();
      const preview = wizard(page).getByRole('region', { name: 'Preview' });
      expect(await preview.locator('tbody th').allInnerTexts()).toEqual(['2', '3', '4']);
      await expect.poll(() => preview.innerText()).toContain('2026-04-02T12:00:00.000Z');
      await wizard(page).getByRole('button', { name: 'Import 3 rows' }).click();
      await wizard(page).getByText('Imported 3 shipments: 0 new, 3 updated.').waitFor();
      await wizard(page).getByRole('button', { name: 'Close' }).last().click();
      await page.getByText('3 shipments', { exact: true }).waitFor();
    } finally {
      await rm(workbook, { force: true });
    }
  });
});

describe('The Suppliers screen', () => {
  it('searches, filters, sorts, loads more, shows exposures, and adds, edits, archives and restores', async () => {
    const page = await openSuppliers(BOLT.manager, {
      bypassCSP: true,
      colorScheme: 'dark',
      viewport: TALL,
    });
    await page.getByText(`${SEEDED_SITES} sites`, { exact: true }).waitFor();
    await page.getByText(`Showing 50 of ${SEEDED_SITES}`).waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(async () => (await siteNames(page)).length).toBe(SEEDED_SITES);

    // The site inside the incident's area.
    await page.getByRole('button', { name: '1 incident reaches Rotterdam Gears' }).click();
    await page
      .getByRole('list', { name: 'Incidents reaching Rotterdam Gears' })
      .getByRole('link', { name: 'Rotterdam port strike' })
      .waitFor();
    await waitForStillPage(page);
    await saveScreenshot(page, 'suppliers-dark');
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search sites' }).fill('supplier 07');
    await expect.poll(() => siteNames(page)).toEqual(['Seed supplier 07']);
    await page.getByRole('searchbox', { name: 'Search sites' }).fill('');
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Warehouse' }).click();
    await page.getByText('11 sites', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'All kinds' }).click();
    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Most critical first' }).click();
    await expect.poll(async () => (await siteNames(page))[0]).toBe('Rotterdam Gears');

    // Add: the contract's own rules, then the server's location.
    await page.getByRole('button', { name: 'Add site' }).click();
    const form = page.getByRole('dialog', { name: 'Add a site' });
    await form.getByLabel('Name', { exact: true }).fill('Valencia Boxes');
    await form.getByLabel('Country').fill('Atlantis');
    await form.getByLabel('Contact e-mail').fill('not-an-email');
    await form.getByRole('button', { name: 'Add site' }).click();
    await form.getByText('"Atlantis" is not a country Meridian knows', { exact: false }).waitFor();
    await form.getByText('Invalid email address').waitFor();
    await form.getByLabel('Country').fill('Spain');
    await form.getByLabel('City').fill('Valencia');
    await form.getByLabel('Contact e-mail').fill('boxes@valencia.example');
    await waitForStillPage(page);
    await saveScreenshot(page, 'suppliers-site-form');
    await form.getByRole('button', { name: 'Add site' }).click();
    await page.getByText('Site "Valencia Boxes" added').waitFor();
    await page.getByText(`${SEEDED_SITES + 1} sites`, { exact: true }).waitFor();

    await page.getByRole('searchbox', { name: 'Search sites' }).fill('Valencia');
    await page.getByRole('button', { name: 'Edit Valencia Boxes' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Valencia Boxes' });
    await edit.getByRole('combobox', { name: 'Criticality' }).click();
    await page.getByRole('option', { name: 'Critical' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Site "Valencia Boxes" saved').waitFor();
    await page
      .getByRole('row', { name: /Valencia Boxes/ })
      .getByText('Critical', { exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Archive Valencia Boxes' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByText('No sites match these filters.').waitFor();
    await page.getByRole('switch', { name: 'Archived sites' }).click();
    await page.getByRole('button', { name: 'Restore Valencia Boxes' }).click();
    await page.getByText('Site "Valencia Boxes" restored').waitFor();
  });

  it('shows viewers the lists without any control that writes, in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openSuppliers(BOLT.viewer, { colorScheme, bypassCSP: true });
      // The seeded sites and the one the manager added.
      await page.getByText(`${SEEDED_SITES + 1} sites`, { exact: true }).waitFor();
      await page
        .getByText(
          'Only managers and admins of your organization change sites, products and shipments.',
        )
        .waitFor();
      for (const name of [
        'Add site',
        'Import',
        'Edit Rotterdam Gears',
        'Archive Rotterdam Gears',
      ]) {
        expect(await page.getByRole('button', { name }).count()).toBe(0);
      }
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      await waitForStillPage(page);
      await saveScreenshot(page, `suppliers-viewer-${colorScheme}`);
      await expectAccessible(page);
      await page.getByRole('tab', { name: 'Shipments' }).click();
      await page.getByText(/^\d+ shipments?$/).waitFor();
      expect(await page.getByRole('button', { name: 'Import shipments' }).count()).toBe(0);
    }
  });
});

describe('Products', () => {
  const productNames = (page: Page) =>
    page
      .getByRole('region', { name: 'Products' })
      .locator('tbody th[scope="row"] span:first-child')
      .allInnerTexts();

  it('adds a product with its bill of materials, imports more, in light and dark', async () => {
    // A long flow (a form, an import, both tabs pictured twice): 27 s on a quiet machine, past
    // 60 s in a CI run where the whole suite ran 2.5 times slower than usual.
    test.setTimeout(150_000);
    const page = await openSuppliers(BOLT.manager, {
      bypassCSP: true,
      viewport: TALL,
      colorScheme: 'light',
    });
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByText(/^No products yet\./).waitFor();

    await page.getByRole('button', { name: 'Add product' }).click();
    const form = page.getByRole('dialog', { name: 'Add a product' });
    await form.getByLabel('SKU').fill('GB-100');
    await form.getByLabel('Name', { exact: true }).fill('Gearbox');
    await form.getByLabel('Revenue (optional)').fill('7,300,000');
    await form.getByRole('combobox', { name: 'Revenue period' }).click();
    await page.getByRole('option', { name: 'per year' }).click();
    await form.getByLabel('Days of cover').fill('4');
    for (const [index, part, site, share] of [
      [1, 'Gear set', 'Rotterdam Gears (B-055)', ''],
      [2, 'Housing', 'Seed supplier 01 (B-001)', '70'],
      [3, 'Housing', 'Seed supplier 02 (B-002)', '40'],
    ] as const) {
      await form.getByRole('button', { name: 'Add part' }).click();
      const line = form.getByRole('group', { name: `Part ${index}` });
      await line.getByLabel('Part', { exact: true }).fill(part);
      await line.getByRole('combobox', { name: `Site of part ${index}` }).click();
      if (index === 1) {
        // The list scrolls by the wheel inside the dialog, and loads the next page at its end
        // (the organization has more than 50 sites; other tests add to them).
        const list = page.getByRole('listbox', { name: 'Sites' });
        await page
          .getByRole('status')
          .filter({ hasText: /^Showing 50 of \d+: type to narrow$/ })
          .waitFor();
        await list.hover();
        await page.mouse.wheel(0, 5_000);
        await page
          .getByRole('status')
          .filter({ hasText: /^\d+ sites$/ })
          .waitFor();
        expect(await list.getByRole('option').count()).toBeGreaterThan(50);
      }
      if (index === 3) {
        // The list asks the server as the user types: any of the organization's sites.
        await page
          .getByRole('combobox', { name: `Find the site of part ${index}` })
          .fill('supplier 02');
        await page
          .getByRole('status')
          .filter({ hasText: /^1 site$/ })
          .waitFor();
        await saveScreenshot(page, 'suppliers-product-site-picker');
      }
      await page.getByRole('option', { name: site }).click();
      if (share) await line.getByLabel('Share %').fill(share);
    }
    await form.getByRole('group', { name: 'Part 1' }).getByLabel('Single source').check();
    // The contract's rule, before anything is sent.
    await form.getByRole('button', { name: 'Add product' }).click();
    await form.getByText('the shares of part "Housing" add up to 110%, more than 100%').waitFor();
    await form.getByRole('group', { name: 'Part 3' }).getByLabel('Share %').fill('30');
    await waitForStillPage(page);
    await saveScreenshot(page, 'suppliers-product-form');
    await form.getByRole('button', { name: 'Add product' }).click();
    await page.getByText('Product "Gearbox" added').waitFor();
    const row = page.getByRole('row', { name: /Gearbox/ });
    await row.getByText('2 parts from 3 sites').waitFor();
    await row.getByText('1 single-source').waitFor();
    // Rotterdam Gears is inside the strike's area.
    await row.getByText('1 site', { exact: true }).waitFor();
    await row.getByText('$20,000').waitFor();

    // A file: a row per part and site, a product's rows sharing its SKU.
    const file = path.join(tmpdir(), `meridian-products-${Date.now()}.csv`);
    await writeFile(
      file,
      [
        'SKU,Name,Revenue per day,Days of cover,Part,Site reference,Share of supply,Single source',
        'PM-7,Pump,1500,10,Impeller,B-003,100%,yes',
        'PM-7,Pump,,,Seal,B-004,50%,no',
        'PM-7,,,,Seal,B-005,50%,no',
        'VL-2,Valve,800,2,Stem,B-999,,',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Import' }).click();
    await chooseFile(page, file);
    await wizard(page).getByRole('button', { name: 'Check 4 rows' }).click();
    await wizard(page).getByText('All 4 rows are valid and ready to import.').waitFor();
    await wizard(page).getByRole('button', { name: 'Import 4 rows' }).click();
    // The server knows no site B-999: the refusal is on its line, and nothing is written.
    await wizard(page)
      .getByText('Nothing was imported: fix these rows in the file and choose it again.')
      .waitFor();
    await expect
      .poll(() => errorLines(page))
      .toEqual([
        [
          'Line 5',
          'Site reference',
          'no site of the organization has the external reference "B-999"',
        ],
      ]);
    await writeFile(
      file,
      [
        'SKU,Name,Revenue per day,Days of cover,Part,Site reference,Share of supply,Single source',
        'PM-7,Pump,1500,10,Impeller,B-003,100%,yes',
        'PM-7,Pump,,,Seal,B-004,50%,no',
        'PM-7,,,,Seal,B-005,50%,no',
        'VL-2,Valve,800,2,Stem,B-006,,',
      ].join('\n'),
    );
    await wizard(page).getByRole('button', { name: 'Choose another file' }).click();
    await importFile(page, file, 4, 'Imported 2 products: 2 new, 0 updated.');
    await rm(file, { force: true });
    await page.getByText('3 products', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Highest revenue first' }).click();
    await expect.poll(() => productNames(page)).toEqual(['Gearbox', 'Pump', 'Valve']);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('impeller');
    await expect.poll(() => productNames(page)).toEqual(['Pump']);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    await page.getByText('3 products', { exact: true }).waitFor();
    await waitForStillPage(page);
    await saveScreenshot(page, 'suppliers-products-light');
    await expectAccessible(page);

    // Each site shows the revenue a day that depends on it: Rotterdam Gears is the gearbox's
    // only source of gear sets (all of its $20,000), Seed supplier 01 gives 70% of its housings.
    await page.getByRole('tab', { name: 'Suppliers & sites' }).click();
    const gears = page.getByRole('row', { name: /Rotterdam Gears/ });
    await gears.getByText('$20,000', { exact: true }).waitFor();
    await gears.getByText('from 1 product', { exact: true }).waitFor();
    const seed = page.getByRole('row', { name: /Seed supplier 01/ });
    await seed.getByText('$14,000', { exact: true }).waitFor();
    await waitForStillPage(page);
    await saveScreenshot(page, 'suppliers-sites-revenue-light');

    const dark = await openSuppliers(BOLT.viewer, { colorScheme: 'dark', bypassCSP: true });
    await dark.getByRole('tab', { name: 'Products' }).click();
    await dark.getByText('3 products', { exact: true }).waitFor();
    expect(await dark.getByRole('button', { name: 'Add product' }).count()).toBe(0);
    expect(await dark.getByRole('button', { name: 'Edit Gearbox' }).count()).toBe(0);
    await waitForStillPage(dark);
    await saveScreenshot(dark, 'suppliers-products-dark');
    await expectAccessible(dark);
    await dark.getByRole('tab', { name: 'Suppliers & sites' }).click();
    await dark
      .getByRole('row', { name: /Rotterdam Gears/ })
      .getByText('$20,000')
      .waitFor();
    await waitForStillPage(dark);
    await saveScreenshot(dark, 'suppliers-sites-revenue-dark');
    await expectAccessible(dark);
  });
});
