import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  PlanResponse,
  PlanTemplateListResponse,
  ReportListResponse,
  ReportResponse,
} from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, incidents, shipments, sites } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { printable } from './report-layout.js';
import { plainText } from './report-pdf.js';

/**
 * PDF reports over real HTTP, read back with poppler: the text a reader finds in them, the
 * first page rendered as an image, paging of long tables, and who may make and read them.
 */
const run = promisify(execFile);
let server: TestServer;
let workDir = '';
let incidentId = '';
let busyIncidentId = '';
let globalIncidentId = '';
let acme = '';
const token = { manager: '', viewer: '', borealis: '' };

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  workDir = await mkdtemp(path.join(tmpdir(), 'meridian-reports-'));
  acme = (await server.createOrganization('Acme Reports')).id;
  const borealis = (await server.createOrganization('Borealis Reports')).id;
  await server.createUser({
    organizationId: acme,
    email: 'maria@acme-reports.example',
    adminRole: 'MANAGER',
  });
  await server.createUser({ organizationId: acme, email: 'victor@acme-reports.example' });
  await server.createUser({
    organizationId: borealis,
    email: 'admin@borealis-reports.example',
    adminRole: 'ADMIN',
  });
  token.manager = (await server.login('maria@acme-reports.example')).accessToken;
  token.viewer = (await server.login('victor@acme-reports.example')).accessToken;
  token.borealis = (await server.login('admin@borealis-reports.example')).accessToken;

  const { db } = server.database;
  const insert = async (values: typeof incidents.$inferInsert) =>
    (await db.insert(incidents).values(values).returning())[0]?.id ?? '';
  incidentId = await insert({
    organizationId: acme,
    title: 'Strike at the Port of Rotterdam',
    description: 'Dock workers strike over **automation**; terminals at Maasvlakte closed.',
    severity: 'HIGH',
    type: 'STRIKE',
    lat: 51.95,
    lng: 4.14,
    countryCode: 'NL',
    affectedRadiusKm: 120,
    sourceUrl: 'https://news.example.org/rotterdam-strike',
    startsAt: new Date('2026-11-23T06:00:00Z'),
  });
  busyIncidentId = await insert({
    organizationId: acme,
    title: 'Typhoon Mawar approaching Luzon',
    severity: 'CRITICAL',
    type: 'WEATHER',
    lat: 15.5,
    lng: 121.9,
    affectedRadiusKm: 400,
  });
  globalIncidentId = await insert({
    organizationId: null,
    title: 'Global cyber incident at a carrier',
    severity: 'MEDIUM',
    type: 'CYBER',
  });
  await db.insert(sites).values([
    {
      organizationId: acme,
      name: 'Maasvlakte Components',
      externalRef: 'V-1001',
      lat: 51.96,
      lng: 4.02,
      criticality: 'HIGH',
      annualSpend: 2_400_000,
      currency: 'EUR',
    },
    {
      organizationId: acme,
      name: 'Antwerp Chemicals',
      lat: 51.26,
      lng: 4.4,
      revenuePerDay: 20_000,
    },
    { organizationId: acme, name: 'Utrecht DC', kind: 'WAREHOUSE', lat: 52.09, lng: 5.12 },
    { organizationId: acme, name: 'Lyon Plant', kind: 'OWN_FACILITY', lat: 45.76, lng: 4.84 },
    { organizationId: acme, name: 'Manila Electronics', lat: 14.6, lng: 121.0 },
  ]);
  await db.insert(shipments).values({
    id: 'SHP-RPT-1',
    organizationId: acme,
    reference: 'PO-88231',
    origin: 'Shanghai',
    destination: 'Rotterdam',
    mode: 'SEA',
    lat: 51.9,
    lng: 3.6,
    originLat: 31.23,
    originLng: 121.47,
    destinationLat: 51.95,
    destinationLng: 4.14,
    eta: new Date('2026-11-26T12:00:00Z'),
  });
  await server.recomputeExposure();

  const post = (url: string, body: unknown, who: keyof typeof token = 'manager') =>
    server.request(url.startsWith('PATCH ') ? 'PATCH' : 'POST', url.replace(/^PATCH /, ''), {
      token: token[who],
      body,
    });
  await post(`/api/incidents/${incidentId}/comments`, {
    body: 'Unions confirm a 48-hour stoppage from Monday.',
  });
  const templates = await server.request<PlanTemplateListResponse>('GET', '/api/plan-templates', {
    token: token.manager,
  });
  const port = templates.body.data.templates.find((t) => t.name === 'Port disruption');
  const plan = await server.request<PlanResponse>('POST', '/api/plans', {
    token: token.manager,
    body: { incidentId, templateId: port?.id },
  });
  const first = plan.body.data.plan.actions[0];
  await post(`PATCH /api/plans/${plan.body.data.plan.id}/actions/${first?.id}`, {
    updatedAt: first?.updatedAt,
    status: 'DONE',
  });
  await post(
    `/api/incidents/${incidentId}/memos`,
    { body: 'Maasvlakte Components holds 9 days of stock: **prioritise** air freight for line 3.' },
    'viewer',
  );

  // Enough to fill several pages: a long timeline, a long memo.
  for (let i = 1; i <= 70; i += 1) {
    await post(`/api/incidents/${busyIncidentId}/comments`, {
      body: `Situation update ${i}: wind ${100 + i} km/h, port of Manila ${i % 2 ? 'closed' : 'open'}.`,
    });
  }
  await post(`/api/incidents/${busyIncidentId}/memos`, {
    body: Array.from({ length: 60 }, (_, i) => `- Paragraph ${i + 1} of the long memo.`).join('\n'),
  });
}, 120_000);
afterAll(async () => {
  await server.close();
  await rm(workDir, { recursive: true, force: true });
});

const create = (id: string, body: unknown = {}, who: keyof typeof token = 'manager') =>
  server.request<ReportResponse>('POST', `/api/incidents/${id}/reports`, {
    token: token[who],
    body,
  });
/** The stored PDF as bytes (the test server's helper reads bodies as text). */
async function download(url: string, who: keyof typeof token = 'viewer') {
  const response = await fetch(`${server.url}${url}`, {
    headers: { authorization: `Bearer ${token[who]}` },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}
async function textOf(pdf: Buffer, name: string, pages: { first?: number; last?: number } = {}) {
  const file = path.join(workDir, `${name}.pdf`);
  await writeFile(file, pdf);
  const range = [
    ...(pages.first ? ['-f', String(pages.first)] : []),
    ...(pages.last ? ['-l', String(pages.last)] : []),
  ];
  // In drawing order, each cell's lines together; then one space for every run of spaces.
  const { stdout } = await run('/usr/bin/pdftotext', ['-raw', ...range, file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

describe('reports', () => {
  it('are made by managers as a PDF holding the summary, timeline, exposure, plans and memos', async () => {
    const created = await create(incidentId);
    expect(created.status).toBe(201);
    const report = created.body.data.report;
    expect(report).toMatchObject({
      incidentId,
      title: 'Strike at the Port of Rotterdam',
      createdBy: { email: 'maria@acme-reports.example' },
      url: `/api/reports/${report.id}/pdf`,
    });
    expect(report.pages).toBeGreaterThanOrEqual(2);
    expect(report.bytes).toBeGreaterThan(10_000);

    const { response, bytes } = await download(report.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="strike-at-the-port-of-rotterdam.pdf"',
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(report.bytes);

    const text = await textOf(bytes, 'rotterdam');
    expect(text).toContain('Strike at the Port of Rotterdam');
    expect(text).toContain('Generated');
    expect(text).toContain('maria@acme-reports.example');
    expect(text).toContain('https://news.example.org/rotterdam-strike');
    expect(text).toContain('Unions confirm a 48-hour stoppage from Monday.');
    expect(text).toContain('Maasvlakte Components (V-1001)');
    expect(text).toContain('spend 2,400,000 EUR');
    expect(text).toContain('PO-88231');
    expect(text).toContain('Port disruption');
    expect(text).toContain('1 of 6 actions done');
    expect(text).toContain('prioritise air freight for line 3');
    expect(text).not.toContain('**');
    expect(text).not.toContain('Lyon Plant');
    expect(text).toMatch(new RegExp(`Page 1 of ${report.pages}`));

    // Page 1 as an image: the summary and the map, for a person to look at.
    const pdfFile = path.join(workDir, 'rotterdam.pdf');
    await run('/usr/bin/pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdfFile,
      path.join(workDir, 'page'),
    ]);
    const png = await readFile(path.join(workDir, 'page-1.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect((await stat(path.join(workDir, 'page-1.png'))).size).toBeGreaterThan(15_000);
    await writeFile('/tmp/report-page1.png', png);

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, report.id));
    expect(audit.map((row) => row.action)).toEqual(['report.create']);
  });

  it('keep what a resolved incident exposed while active, on the map and in the exposure', async () => {
    const [antwerp] = await server.database.db
      .insert(incidents)
      .values({
        organizationId: acme,
        title: 'Fire at the Antwerp tank farm',
        severity: 'HIGH',
        type: 'OTHER',
        lat: 51.27,
        lng: 4.38,
        affectedRadiusKm: 10,
      })
      .returning();
    await server.recomputeExposure();
    for (const status of ['IN_PROGRESS', 'RESOLVED']) {
      const changed = await server.request('PATCH', `/api/incidents/${antwerp?.id}`, {
        token: token.manager,
        body: { status },
      });
      expect(changed.status).toBe(200);
    }
    await server.app.jobWorker.runDue();
    const created = await create(antwerp?.id ?? '');
    expect(created.status).toBe(201);
    const { bytes } = await download(created.body.data.report.url);
    const text = (await textOf(bytes, 'antwerp')).replace(/\s+/g, ' ');
    expect(text).toContain('Sites exposed while active (1)');
    expect(text).toContain(
      'In reach now: 0 sites and 0 shipments. While active: 1 site and 0 shipments in all, at most 1 and 0 at once.',
    );
    // $20,000 a day (the organization's dollars) for the 7 days of a HIGH incident of another kind.
    expect(text).toContain(
      'Value at risk while active: $140,000 (sites $140,000 over their days down, cargo $0).',
    );
    // Resolved: nothing in reach, no priority now.
    expect(text).toContain('Priority for the organization: not exposed now.');
    expect(text).toMatch(/Antwerp Chemicals Location \d+\.\d km Cleared \d/);
  });

  it('continue long tables on new pages under their header', async () => {
    const created = await create(busyIncidentId, { title: 'Luzon — typhoon log' });
    expect(created.status).toBe(201);
    const { report } = created.body.data;
    expect(report.title).toBe('Luzon — typhoon log');
    expect(report.pages).toBeGreaterThanOrEqual(4);
    const { bytes } = await download(report.url);
    const all = await textOf(bytes, 'luzon');
    for (const i of [1, 35, 70]) expect(all).toContain(`Situation update ${i}: wind`);
    expect(all).toContain('Paragraph 60 of the long memo.');
    // The timeline runs onto page 2 and repeats its header there.
    const second = await textOf(bytes, 'luzon-2', { first: 2, last: 2 });
    expect(second).toMatch(/When Entry By What/);
    expect(second).toContain('Situation update');
    await run('/usr/bin/pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '2',
      '-l',
      '2',
      path.join(workDir, 'luzon.pdf'),
      path.join(workDir, 'luzon'),
    ]);
    await writeFile('/tmp/report-page2.png', await readFile(path.join(workDir, 'luzon-2.png')));
  });

  it('say so when the incident has no location, and show what Helvetica can', async () => {
    const created = await create(globalIncidentId, { title: 'Straße → Zürich 東京 ✓' });
    expect(created.status).toBe(201);
    const text = await textOf((await download(created.body.data.report.url)).bytes, 'global');
    expect(text).toContain('Straße -> Zürich ?? v');
    expect(text).toContain('No location is recorded for this incident.');
    expect(text).toContain('No response plan for this incident.');
  });

  it('are listed newest first, without their bytes, to everyone in the organization', async () => {
    const listed = await server.request<ReportListResponse>(
      'GET',
      `/api/incidents/${incidentId}/reports`,
      { token: token.viewer },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.reports).toHaveLength(1);
    expect(listed.body.data.reports[0]).not.toHaveProperty('pdf');
    const again = await create(incidentId, { title: 'Second look' });
    const titles = (
      await server.request<ReportListResponse>('GET', `/api/incidents/${incidentId}/reports`, {
        token: token.viewer,
      })
    ).body.data.reports.map((report) => report.title);
    expect(again.status).toBe(201);
    expect(titles).toEqual(['Second look', 'Strike at the Port of Rotterdam']);
  });

  it('are refused to viewers (403) and other organizations (404)', async () => {
    const viewer = await create(incidentId, {}, 'viewer');
    expect(viewer.status).toBe(403);
    expect(viewer.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Only a manager or an admin can create a report',
    });
    expect((await create(incidentId, {}, 'borealis')).status).toBe(404);
    const listed = await server.request('GET', `/api/incidents/${incidentId}/reports`, {
      token: token.borealis,
    });
    expect(listed.status).toBe(404);
    const [mine] = (
      await server.request<ReportListResponse>('GET', `/api/incidents/${incidentId}/reports`, {
        token: token.viewer,
      })
    ).body.data.reports;
    const foreign = await download(mine?.url ?? '', 'borealis');
    expect(foreign.response.status).toBe(404);
    expect(JSON.parse(foreign.bytes.toString())).toEqual({
      code: 'NOT_FOUND',
      message: 'Report not found',
    });
    // A global incident's reports are each organization's own.
    const global = await server.request<ReportListResponse>(
      'GET',
      `/api/incidents/${globalIncidentId}/reports`,
      { token: token.borealis },
    );
    expect(global.body.data.reports).toEqual([]);
  });
});

describe('report text', () => {
  it('stands in for characters the standard fonts cannot show', () => {
    expect(printable('Ship → port ≥ 3 — “fine” € ✓')).toBe('Ship -> port >= 3 — “fine” € v');
    expect(printable('İstanbul Łódź Ağrı')).toBe('Istanbul Lódz Agri');
    expect(printable('東京\tA\r\nB\u0007')).toBe('??    A\nB');
  });

  it('reads Markdown as plain text', () => {
    expect(plainText('# Title\n- **bold** item\n* [link](https://x.example) `code`')).toBe(
      'Title\n• bold item\n• link (https://x.example) code',
    );
  });
});
