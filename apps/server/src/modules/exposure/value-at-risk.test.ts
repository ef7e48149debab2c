import { describe, expect, it } from 'vitest';
import { DOWNTIME_DAYS, dependence, expectedDowntime, valueAtRisk } from './value-at-risk.js';

const QUAKE = { type: 'NATURAL_HAZARD', severity: 'HIGH' } as const;
const EUR_BOOK = {
  currency: 'EUR',
  rates: [{ currency: 'USD', rate: 0.9 }],
  ratesAsOf: '2026-11-27',
};
const site = (
  id: string,
  revenuePerDay: number | null,
  currency: string | null,
  recoveryDays: number | null = null,
) => ({ id, revenuePerDay, currency, recoveryDays });
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('expected downtime', () => {
  it("is the table's days for the incident's type and severity", () => {
    expect(expectedDowntime(QUAKE, { recoveryDays: null })).toEqual({ days: 30, from: 'INCIDENT' });
    expect(expectedDowntime({ type: 'STRIKE', severity: 'LOW' }, { recoveryDays: null })).toEqual({
      days: 2,
      from: 'INCIDENT',
    });
  });

  it("scales a site's own recovery time by the severity's share of a full disruption", () => {
    // HIGH natural hazard: 30 of a CRITICAL one's 60 days, so half of the site's 40 days.
    expect(expectedDowntime(QUAKE, { recoveryDays: 40 })).toEqual({ days: 20, from: 'SITE' });
    expect(
      expectedDowntime({ type: 'NATURAL_HAZARD', severity: 'CRITICAL' }, { recoveryDays: 40 }),
    ).toEqual({ days: 40, from: 'SITE' });
    expect(expectedDowntime(QUAKE, { recoveryDays: 0 })).toEqual({ days: 0, from: 'SITE' });
  });

  it('gives every type a full disruption at least as long as any lesser one', () => {
    for (const row of Object.values(DOWNTIME_DAYS)) {
      expect(row.CRITICAL).toBeGreaterThanOrEqual(row.HIGH);
      expect(row.HIGH).toBeGreaterThanOrEqual(row.MEDIUM);
      expect(row.MEDIUM).toBeGreaterThanOrEqual(row.LOW);
      expect(row.LOW).toBeGreaterThan(0);
    }
  });
});

describe('value at risk', () => {
  it('adds each site’s revenue over its days down and the cargo, in the organization’s currency', () => {
    const value = valueAtRisk(
      QUAKE,
      {
        sites: [
          // 10,000 €/day × 30 days (the table) = 300,000 €
          site(ID(1), 10_000, 'EUR'),
          // 5,000 $/day × 0.9 × 20 days (its own 40, halved) = 90,000 €
          site(ID(2), 5_000, 'USD', 40),
          // no revenue known: counted as unknown, not as zero
          site(ID(3), null, null),
        ],
        shipments: [
          { cargoValue: 200_000, cargoCurrency: 'USD' }, // 180,000 €
          { cargoValue: 50_000, cargoCurrency: null }, // 50,000 €, the organization's own
          { cargoValue: null, cargoCurrency: null },
        ],
      },
      EUR_BOOK,
      'NOW',
    );
    expect(value.sites).toBeCloseTo(390_000, 6);
    expect(value.shipments).toBeCloseTo(230_000, 6);
    expect(value.total).toBeCloseTo(620_000, 6);
    expect(value.unknown).toEqual({ sites: 1, shipments: 1 });
    expect(value.unconverted).toEqual([]);
    expect(value).toMatchObject({ currency: 'EUR', basis: 'NOW', ratesAsOf: '2026-11-27' });
    expect(value.bySite).toEqual([
      {
        siteId: ID(1),
        downtimeDays: 30,
        downtimeFrom: 'INCIDENT',
        coverDays: 0,
        revenuePerDay: 10_000,
        amount: 300_000,
      },
      {
        siteId: ID(2),
        downtimeDays: 20,
        downtimeFrom: 'SITE',
        coverDays: 0,
        revenuePerDay: 4_500,
        amount: 90_000,
      },
      {
        siteId: ID(3),
        downtimeDays: 30,
        downtimeFrom: 'INCIDENT',
        coverDays: 0,
        revenuePerDay: null,
        amount: null,
      },
    ]);
  });

  it('keeps amounts in a currency without a rate apart, sites and cargo together', () => {
    const value = valueAtRisk(
      { type: 'STRIKE', severity: 'MEDIUM' },
      {
        sites: [site(ID(1), 1_000, 'CHF')], // 1,000 × 5 days = 5,000 CHF
        shipments: [{ cargoValue: 7_000, cargoCurrency: 'CHF' }],
      },
      EUR_BOOK,
      'WHILE_ACTIVE',
    );
    expect(value.total).toBe(0);
    expect(value.unconverted).toEqual([{ currency: 'CHF', amount: 12_000 }]);
    expect(value.bySite[0]).toMatchObject({ revenuePerDay: null, amount: null, downtimeDays: 5 });
    expect(value.basis).toBe('WHILE_ACTIVE');
  });

  it('counts shipments summed in the database as the rows they stand for', () => {
    const rows = [
      { cargoValue: 200_000, cargoCurrency: 'USD' },
      { cargoValue: 100_000, cargoCurrency: 'USD' },
      { cargoValue: 50_000, cargoCurrency: null },
      { cargoValue: null, cargoCurrency: 'USD' },
      { cargoValue: null, cargoCurrency: null },
      { cargoValue: null, cargoCurrency: null },
    ];
    const summed = [
      { cargoValue: 300_000, cargoCurrency: 'USD', count: 2 },
      { cargoValue: 50_000, cargoCurrency: null, count: 1 },
      { cargoValue: null, cargoCurrency: 'USD', count: 1 },
      { cargoValue: null, cargoCurrency: null, count: 2 },
    ];
    const one = valueAtRisk(QUAKE, { sites: [], shipments: rows }, EUR_BOOK, 'NOW');
    const other = valueAtRisk(QUAKE, { sites: [], shipments: summed }, EUR_BOOK, 'NOW');
    expect(other).toEqual(one);
    expect(one).toMatchObject({ shipments: 320_000, unknown: { shipments: 3 } });
  });

  it('is zero for nothing, with nothing unknown', () => {
    const value = valueAtRisk(QUAKE, { sites: [], shipments: [] }, EUR_BOOK, 'NOW');
    expect(value).toMatchObject({ total: 0, unknown: { sites: 0, shipments: 0 }, bySite: [] });
  });
});

describe('value at risk from products (time to recover against time to survive)', () => {
  const product = (
    revenuePerDay: number | null,
    coverDays: number,
    share: number,
    singleSource = false,
    currency: string | null = null,
  ) => ({ revenuePerDay, currency, coverDays, share, singleSource });

  it.each([
    // revenue × dependence × max(0, downtime − cover), worked by hand; downtime 30 (HIGH quake).
    ['a sole supplier, no cover', [product(1_000, 0, 1, true)], 30_000],
    ['half the supply, 10 days of cover', [product(1_000, 10, 0.5)], 10_000],
    ['single source overrides a share', [product(1_000, 10, 0.25, true)], 20_000],
    ['cover longer than the downtime', [product(1_000, 45, 1, true)], 0],
    ['two products', [product(1_000, 0, 0.5), product(500, 20, 1, true)], 20_000],
    ['a product in dollars', [product(1_000, 0, 1, true, 'USD')], 27_000],
  ])('%s', (_, supplies, amount) => {
    const value = valueAtRisk(
      QUAKE,
      { sites: [{ ...site(ID(1), 99_999, 'EUR'), supplies }], shipments: [] },
      EUR_BOOK,
      'NOW',
    );
    // The products replace the revenue entered on the site.
    expect(value.total).toBe(amount);
    expect(value.bySite[0]?.amount).toBe(amount);
  });

  it('keeps the smallest cover and the revenue hanging on the site', () => {
    const value = valueAtRisk(
      QUAKE,
      {
        sites: [
          { ...site(ID(1), null, null), supplies: [product(1_000, 5, 0.5), product(200, 2, 1)] },
        ],
        shipments: [],
      },
      EUR_BOOK,
      'NOW',
    );
    expect(value.bySite[0]).toMatchObject({ coverDays: 2, revenuePerDay: 700 });
    expect(value.unknown.sites).toBe(0);
  });

  it('counts a site whose products have no revenue as unknown', () => {
    const value = valueAtRisk(
      QUAKE,
      {
        sites: [{ ...site(ID(1), 5_000, null), supplies: [product(null, 0, 1, true)] }],
        shipments: [],
      },
      EUR_BOOK,
      'NOW',
    );
    expect(value).toMatchObject({ total: 0, unknown: { sites: 1 } });
    expect(dependence({ share: 0.3, singleSource: false })).toBe(0.3);
    expect(dependence({ share: 0.3, singleSource: true })).toBe(1);
  });
});
