import type { Charts, ChartsResponse } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exposurePeaks,
  exposures,
  incidentImpacts,
  incidents,
  shipments,
  sites,
} from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';

/**
 * Chart aggregations and CSV exports over real HTTP, against fixtures counted by hand: a
 * fresh organization's incidents, a global one, another organization's, and exposure rows
 * with known first-seen and cleared times, on a 7-day window ending today (UTC).
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const today = Math.floor(Date.now() / DAY) * DAY;
const day0 = today - 6 * DAY;
/** Day n of the window (0 first, negative before it) at hour h, UTC. */
const at = (n: number, h = 0) => new Date(day0 + n * DAY + h * HOUR);
const dayLabel = (n: number) => at(n).toISOString().slice(0, 10);

let server: TestServer;
let token = '';
let otherToken = '';
const id: Record<string, string> = {};

/** A tiny RFC 4180 reader, to read the exports back as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    const next = text[i + 1];
    if (quoted && char === '"' && next === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\r' && next === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  return rows;
}
const records = (text: string) => {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
};

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const org = (await server.createOrganization('Insight Charts Co')).id;
  const other = (await server.createOrganization('Insight Other Co')).id;
  await server.createUser({ organizationId: org, email: 'viewer@charts.example' });
  await server.createUser({ organizationId: other, email: 'viewer@other-charts.example' });
  token = (await server.login('viewer@charts.example')).accessToken;
  otherToken = (await server.login('viewer@other-charts.example')).accessToken;

  const incident = async (
    key: string,
    values: Partial<typeof incidents.$inferInsert> &
      Pick<typeof incidents.$inferInsert, 'severity'>,
  ) => {
    const [row] = await db
      .insert(incidents)
      .values({ organizationId: org, title: key, ...values })
      .returning();
    id[key] = row?.id ?? '';
  };
  await incident('A', {
    severity: 'CRITICAL',
    type: 'STRIKE',
    status: 'RESOLVED',
    startsAt: at(1, 3),
    resolvedAt: at(2, 3),
  });
  await incident('B', {
    severity: 'HIGH',
    type: 'STRIKE',
    status: 'RESOLVED',
    startsAt: at(1, 10),
    resolvedAt: at(1, 22),
    lat: -12.5,
    lng: -77.25,
    countryCode: 'PE',
  });
  await incident('C', {
    title: '=cmd|" /C calc"!A0, "quoted"',
    severity: 'LOW',
    type: 'WEATHER',
    startsAt: at(3),
  });
  await incident('D', {
    severity: 'MEDIUM',
    type: 'WEATHER',
    status: 'RESOLVED',
    startsAt: at(-2),
    resolvedAt: at(4),
  });
  await incident('E', {
    severity: 'HIGH',
    type: 'CYBER',
    status: 'RESOLVED',
    startsAt: at(-5),
    resolvedAt: at(-3),
  });
  await incident('G', {
    organizationId: null,
    severity: 'CRITICAL',
    type: 'NATURAL_HAZARD',
    status: 'RESOLVED',
    startsAt: at(5, 12),
    resolvedAt: at(6, 6),
  });
  await incident('X', { organizationId: other, severity: 'LOW', type: 'STRIKE', startsAt: at(2) });

  const site = async (key: string, values: Partial<typeof sites.$inferInsert>) => {
    const [row] = await db
      .insert(sites)
      .values({ organizationId: org, name: key, lat: 1, lng: 1, ...values })
      .returning();
    id[key] = row?.id ?? '';
  };
  await site('Alpha Metals', {
    annualSpend: 1_200_000,
    revenuePerDay: 18_000,
    recoveryDays: 30,
    currency: 'EUR',
    externalRef: 'V-1',
  });
  await site('Beta Plastics', {});
  await site('Central DC', { kind: 'WAREHOUSE' });
  const lanes = [
    ['P1', 'Shanghai', 'Rotterdam'],
    ['P2', 'Shanghai', 'Rotterdam'],
    ['P3', 'Busan', 'Hamburg'],
  ] as const;
  for (const [key, origin, destination] of lanes) {
    await db.insert(shipments).values({
      id: `SHP-CHARTS-${key}`,
      organizationId: org,
      reference: `PO-${key}`,
      origin,
      destination,
      mode: 'SEA',
      lat: 1,
      lng: 1,
      ...(key === 'P2' ? { cargoValue: 480_000, cargoCurrency: 'USD' } : {}),
    });
  }
  const exposure = (
    incidentKey: string,
    target: string,
    state: 'NEW' | 'ONGOING' | 'CLEARED',
    firstSeenAt: Date,
    lastChangedAt = firstSeenAt,
  ) => ({
    organizationId: org,
    incidentId: id[incidentKey] ?? '',
    targetKind: target.startsWith('P') ? ('SHIPMENT' as const) : ('SITE' as const),
    targetId: target.startsWith('P') ? `SHP-CHARTS-${target}` : (id[target] ?? ''),
    via: 'LOCATION' as const,
    distanceKm: 12.345,
    state,
    firstSeenAt,
    lastChangedAt,
    firstExposedAt: firstSeenAt,
    clearedAt: state === 'CLEARED' ? lastChangedAt : null,
  });
  await db
    .insert(exposures)
    .values([
      exposure('A', 'Alpha Metals', 'CLEARED', at(1, 4), at(2, 4)),
      exposure('C', 'Alpha Metals', 'ONGOING', at(3, 1)),
      exposure('G', 'Alpha Metals', 'NEW', at(5, 13)),
      exposure('B', 'Beta Plastics', 'CLEARED', at(1, 11), at(1, 23)),
      exposure('D', 'Central DC', 'CLEARED', at(-2, 1), at(4, 1)),
      exposure('E', 'Beta Plastics', 'CLEARED', at(-5, 1), at(-3, 1)),
      exposure('A', 'P1', 'CLEARED', at(1, 5), at(2, 5)),
      exposure('C', 'P2', 'ONGOING', at(3, 2)),
      exposure('C', 'P3', 'ONGOING', at(3, 2)),
      exposure('D', 'P1', 'CLEARED', at(-1), at(0, 12)),
    ]);
  // Values at risk as the engine keeps them: D's in another currency, X's for another org.
  const impact = (
    key: string,
    valueAtRisk: number,
    currency = 'USD',
    organizationId = org,
    parts: [string, number][] = [],
  ) => ({
    incidentId: id[key] ?? '',
    organizationId,
    valueAtRisk,
    currency,
    basis: 'WHILE_ACTIVE' as const,
    siteValues: parts.map(([site, amount]) => ({ siteId: id[site] ?? '', amount })),
    inputs: 'set by the test',
  });
  await db.insert(incidentImpacts).values([
    // The distribution centre's part is no supplier's.
    impact('A', 100_000, 'USD', org, [
      ['Alpha Metals', 60_000],
      ['Central DC', 40_000],
    ]),
    impact('C', 50_000, 'USD', org, [['Alpha Metals', 50_000]]),
    impact('G', 300_000),
    impact('D', 20_000, 'EUR'),
    impact('X', 70_000, 'USD', other),
  ]);
  await db.insert(exposurePeaks).values({
    incidentId: id.A ?? '',
    organizationId: org,
    sites: 1,
    sitesAt: at(1, 4),
    shipments: 1,
    shipmentsAt: at(1, 5),
  });
}, 60_000);
afterAll(() => server.close());

const charts = async (query: string, who = token): Promise<Charts> => {
  const response = await server.request<ChartsResponse>('GET', `/api/insights/charts?${query}`, {
    token: who,
  });
  expect(response.status).toBe(200);
  return response.body.data.charts;
};
/** One number per day of the window. */
const series = <T extends { day: string }>(rows: T[], pick: (row: T) => number) => {
  expect(rows.map((row) => row.day)).toEqual([0, 1, 2, 3, 4, 5, 6].map(dayLabel));
  return rows.map(pick);
};

describe('charts', () => {
  it("count the organization's own incidents by UTC day (ORG)", async () => {
    const result = await charts('days=7&scope=ORG');
    expect(result).toMatchObject({
      from: at(0).toISOString(),
      to: at(7).toISOString(),
      days: 7,
    });
    const bySeverity = result.incidentsBySeverity;
    expect(series(bySeverity, (row) => row.CRITICAL)).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(series(bySeverity, (row) => row.HIGH)).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(series(bySeverity, (row) => row.MEDIUM)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(series(bySeverity, (row) => row.LOW)).toEqual([0, 0, 0, 1, 0, 0, 0]);
    const flow = result.openVsResolved;
    expect(series(flow, (row) => row.opened)).toEqual([0, 2, 0, 1, 0, 0, 0]);
    expect(series(flow, (row) => row.resolved)).toEqual([0, 1, 1, 0, 1, 0, 0]);
    // D was open when the window began; A and B opened on day 1, B resolved that evening.
    expect(series(flow, (row) => row.open)).toEqual([1, 2, 1, 2, 1, 1, 1]);
    expect(result.timeToResolve).toEqual([
      { type: 'WEATHER', resolved: 1, meanHours: 144 },
      { type: 'STRIKE', resolved: 2, meanHours: 18 },
    ]);
    const exposed = result.exposureOverTime;
    expect(series(exposed, (row) => row.sites)).toEqual([1, 3, 2, 2, 2, 1, 1]);
    expect(series(exposed, (row) => row.shipments)).toEqual([1, 1, 1, 2, 2, 2, 2]);
    // A (100,000) on days 1–2, C (50,000) from day 3 on; D's euros are not dollars.
    expect(result.currency).toBe('USD');
    expect(series(result.valueAtRiskOverTime, (row) => row.amount)).toEqual([
      0, 100_000, 100_000, 50_000, 50_000, 50_000, 50_000,
    ]);
    expect(result.valueAtRiskByType).toEqual([
      { type: 'STRIKE', amount: 100_000, incidents: 1 },
      { type: 'WEATHER', amount: 50_000, incidents: 1 },
    ]);
    expect(result.valueAtRiskBySupplier).toEqual([
      { id: id['Alpha Metals'], name: 'Alpha Metals', amount: 110_000, incidents: 2 },
    ]);
    expect(result.topSuppliers).toEqual([
      {
        id: id['Alpha Metals'],
        name: 'Alpha Metals',
        incidents: 2,
        annualSpend: 1_200_000,
        currency: 'EUR',
      },
      {
        id: id['Beta Plastics'],
        name: 'Beta Plastics',
        incidents: 1,
        annualSpend: null,
        currency: null,
      },
    ]);
    expect(result.topLanes).toEqual([
      {
        lane: 'Shanghai → Rotterdam',
        origin: 'Shanghai',
        destination: 'Rotterdam',
        shipments: 2,
        incidents: 3,
      },
      {
        lane: 'Busan → Hamburg',
        origin: 'Busan',
        destination: 'Hamburg',
        shipments: 1,
        incidents: 1,
      },
    ]);
  });

  it('add global incidents under ALL, and a target exposed twice counts once', async () => {
    const result = await charts('days=7');
    expect(series(result.incidentsBySeverity, (row) => row.CRITICAL)).toEqual([
      0, 1, 0, 0, 0, 1, 0,
    ]);
    expect(series(result.openVsResolved, (row) => row.opened)).toEqual([0, 2, 0, 1, 0, 1, 0]);
    expect(series(result.openVsResolved, (row) => row.resolved)).toEqual([0, 1, 1, 0, 1, 0, 1]);
    expect(series(result.openVsResolved, (row) => row.open)).toEqual([1, 2, 1, 2, 1, 2, 1]);
    expect(result.timeToResolve).toEqual([
      { type: 'WEATHER', resolved: 1, meanHours: 144 },
      { type: 'NATURAL_HAZARD', resolved: 1, meanHours: 18 },
      { type: 'STRIKE', resolved: 2, meanHours: 18 },
    ]);
    // Alpha Metals is reached by C and G on days 5 and 6: still one site.
    expect(series(result.exposureOverTime, (row) => row.sites)).toEqual([1, 3, 2, 2, 2, 1, 1]);
    expect(result.topSuppliers[0]).toMatchObject({ name: 'Alpha Metals', incidents: 3 });
    // G (300,000) is active on days 5 and 6 too.
    expect(series(result.valueAtRiskOverTime, (row) => row.amount)).toEqual([
      0, 100_000, 100_000, 50_000, 50_000, 350_000, 350_000,
    ]);
    expect(result.valueAtRiskByType[0]).toEqual({
      type: 'NATURAL_HAZARD',
      amount: 300_000,
      incidents: 1,
    });
  });

  it("never count another organization's data, and default to 90 days", async () => {
    const other = await charts('', otherToken);
    expect(other.days).toBe(90);
    expect(other.incidentsBySeverity).toHaveLength(90);
    const ownOnly = await charts('days=7&scope=ORG', otherToken);
    expect(ownOnly.incidentsBySeverity.reduce((sum, row) => sum + row.LOW, 0)).toBe(1);
    expect(ownOnly.topSuppliers).toEqual([]);
    expect(ownOnly.exposureOverTime.every((row) => row.sites === 0)).toBe(true);
    // X's value is the other organization's own.
    expect(ownOnly.valueAtRiskByType).toEqual([{ type: 'STRIKE', amount: 70_000, incidents: 1 }]);
    const refused = await server.request('GET', '/api/insights/charts?days=3', { token });
    expect(refused.status).toBe(400);
  });
});

describe('CSV exports', () => {
  it('list the incidents the organization sees, escaped against formulas', async () => {
    const response = await fetch(`${server.url}/api/insights/exports/events.csv?scope=ORG`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="meridian-events-org-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    expect(text.startsWith('id,title,type')).toBe(true);
    const rows = records(text);
    expect(rows.map((row) => row.id)).toEqual([id.C, id.B, id.A, id.D, id.E]);
    expect(rows[0]).toMatchObject({
      title: `'=cmd|" /C calc"!A0, "quoted"`,
      type: 'WEATHER',
      severity: 'LOW',
      status: 'OPEN',
      source: 'MANUAL',
      startsAt: at(3).toISOString(),
      resolvedAt: '',
      exposedSites: '1',
      exposedShipments: '2',
    });
    expect(rows[1]).toMatchObject({ lat: '-12.5', lng: '-77.25', country: 'PE' });
    // A is over: nothing in reach now, what it reached at most at once is kept.
    expect(rows[2]).toMatchObject({
      exposedSites: '0',
      exposedShipments: '0',
      peakSites: '1',
      peakShipments: '1',
    });

    const all = records(
      await (
        await fetch(`${server.url}/api/insights/exports/events.csv`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).text(),
    );
    expect(all.map((row) => row.id)).toContain(id.G);
    expect(all.map((row) => row.id)).not.toContain(id.X);
  });

  it("list an incident's exposure with the sites' spend and the shipments' lanes", async () => {
    const response = await fetch(`${server.url}/api/incidents/${id.C}/exposure.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="cmd-c-calc-a0-quoted-exposure.csv"',
    );
    const rows = records(await response.text());
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      targetKind: 'SITE',
      name: 'Alpha Metals',
      reference: 'V-1',
      via: 'LOCATION',
      distanceKm: '12.3',
      state: 'ONGOING',
      firstSeenAt: at(3, 1).toISOString(),
      siteKind: 'SUPPLIER',
      annualSpend: '1200000',
      revenuePerDay: '18000',
      recoveryDays: '30',
      currency: 'EUR',
      mode: '',
    });
    expect(
      rows
        .slice(1)
        .map((row) => [row.name, row.origin, row.destination, row.cargoValue, row.cargoCurrency]),
    ).toEqual([
      ['PO-P2', 'Shanghai', 'Rotterdam', '480000', 'USD'],
      ['PO-P3', 'Busan', 'Hamburg', '', ''],
    ]);
    // Cleared exposures are listed too, with their state.
    const cleared = records(
      await (
        await fetch(`${server.url}/api/incidents/${id.A}/exposure.csv`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).text(),
    );
    expect(cleared.map((row) => [row.state, row.firstExposedAt, row.clearedAt])).toEqual([
      ['CLEARED', at(1, 4).toISOString(), at(2, 4).toISOString()],
      ['CLEARED', at(1, 5).toISOString(), at(2, 5).toISOString()],
    ]);
  });

  it("answer 404 for another organization's incident", async () => {
    const response = await server.request('GET', `/api/incidents/${id.X}/exposure.csv`, { token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Incident not found' });
    const global = await server.request('GET', `/api/incidents/${id.G}/exposure.csv`, {
      token: otherToken,
    });
    expect(global.status).toBe(200);
  });
});
