import type { Charts } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import {
  chartTotals,
  dayLabel,
  formatDuration,
  formatHours,
  resolveTimeTable,
  severityTable,
  supplierResponsesSummary,
  supplierResponsesTable,
  topSuppliersTable,
  valueAtRiskTable,
  valueBySupplierTable,
  valueByTypeTable,
} from './chart-data';

const charts: Charts = {
  from: '2026-06-01T00:00:00.000Z',
  to: '2026-06-03T00:00:00.000Z',
  days: 2,
  incidentsBySeverity: [
    { day: '2026-06-01', CRITICAL: 1, HIGH: 2, MEDIUM: 0, LOW: 3 },
    { day: '2026-06-02', CRITICAL: 0, HIGH: 1, MEDIUM: 1, LOW: 0 },
  ],
  openVsResolved: [
    { day: '2026-06-01', opened: 6, resolved: 1, open: 5 },
    { day: '2026-06-02', opened: 2, resolved: 3, open: 4 },
  ],
  timeToResolve: [{ type: 'STRIKE', resolved: 2, meanHours: 30.25 }],
  exposureOverTime: [
    { day: '2026-06-01', sites: 2, shipments: 9 },
    { day: '2026-06-02', sites: 4, shipments: 7 },
  ],
  topSuppliers: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Rotterdam DC',
      incidents: 3,
      annualSpend: 1_200_000,
      currency: 'EUR',
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Lyon plant',
      incidents: 1,
      annualSpend: null,
      currency: null,
    },
  ],
  topLanes: [],
  currency: 'EUR',
  valueAtRiskOverTime: [
    { day: '2026-06-01', amount: 250_000, incidents: 1 },
    { day: '2026-06-02', amount: 1_450_000, incidents: 2 },
  ],
  valueAtRiskByType: [
    { type: 'NATURAL_HAZARD', amount: 1_200_000, incidents: 1 },
    { type: 'STRIKE', amount: 250_000, incidents: 1 },
  ],
  valueAtRiskBySupplier: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Lyon plant',
      amount: 900_000,
      incidents: 2,
    },
  ],
  supplierResponses: {
    asked: 3,
    answered: 2,
    bounced: 1,
    medianHoursToAnswer: 52.8,
    suppliers: [
      {
        id: '00000000-0000-4000-8000-000000000002',
        name: 'Lyon plant',
        asked: 2,
        answered: 2,
        bounced: 0,
        medianHoursToAnswer: 0.25,
      },
      {
        id: '00000000-0000-4000-8000-000000000003',
        name: 'Porto mill',
        asked: 1,
        answered: 0,
        bounced: 1,
        medianHoursToAnswer: null,
      },
    ],
  },
};

describe('chart tables', () => {
  it('gives each supplier’s answers, and one sentence for all of them', () => {
    expect(supplierResponsesTable(charts).rows.map((row) => row.cells)).toEqual([
      ['Lyon plant', '2 of 2 (100 %)', '15 min'],
      ['Porto mill', '0 of 1 (0 %); 1 refused', '—'],
    ]);
    expect(supplierResponsesSummary(charts)).toBe(
      "3 requests to suppliers: 2 answered (67 %), a median 2.2 days after the e-mail; 1 refused by the supplier's mail server.",
    );
    expect(formatHours(5.24)).toBe('5.2 h');
  });

  it('gives each day of the severity chart with its total', () => {
    expect(severityTable(charts)).toEqual({
      columns: ['Day', 'Critical', 'High', 'Medium', 'Low', 'Total'],
      rows: [
        { key: '2026-06-01', cells: ['2026-06-01', '1', '2', '0', '3', '6'] },
        { key: '2026-06-02', cells: ['2026-06-02', '0', '1', '1', '0', '2'] },
      ],
    });
  });

  it('names incident types and writes durations and spend for people', () => {
    expect(resolveTimeTable(charts).rows[0]?.cells).toEqual(['Strike / labour', '2', '30 h']);
    expect(topSuppliersTable(charts).rows.map((row) => row.cells[2])).toEqual(['€1,200,000', '—']);
  });

  it("writes values at risk in the organization's currency, per day and per type", () => {
    expect(valueAtRiskTable(charts).rows.map((row) => row.cells)).toEqual([
      ['2026-06-01', '€250,000', '1'],
      ['2026-06-02', '€1,450,000', '2'],
    ]);
    expect(valueByTypeTable(charts).rows.map((row) => row.cells)).toEqual([
      ['Natural hazard', '€1,200,000', '1'],
      ['Strike / labour', '€250,000', '1'],
    ]);
    expect(valueBySupplierTable(charts).rows.map((row) => row.cells)).toEqual([
      ['Lyon plant', '€900,000', '2'],
    ]);
  });
});

describe('chartTotals', () => {
  it('sums the window for the charts’ descriptions', () => {
    expect(chartTotals(charts)).toEqual({
      incidents: 8,
      resolved: 4,
      openNow: 4,
      peakSites: 4,
      peakShipments: 9,
      peakValue: 1_450_000,
    });
  });
});

describe('formatting', () => {
  it('writes hours up to two days, then days', () => {
    expect(formatDuration(3.46)).toBe('3.5 h');
    expect(formatDuration(30.25)).toBe('30 h');
    expect(formatDuration(72)).toBe('3.0 days');
  });

  it('labels a UTC day', () => {
    expect(dayLabel('2026-06-01')).toBe('Jun 1');
  });
});
