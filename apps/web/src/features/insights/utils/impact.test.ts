import { describe, expect, it } from 'vitest';
import { cargoAtRisk, lanesAffected, spendAtRisk } from './impact';

const site = (annualSpend: number | null, currency: string | null) => ({
  site: { annualSpend, currency },
});

const shipment = (reference: string, origin: string, destination: string) => ({
  shipment: { reference, origin, destination },
});

describe('spendAtRisk', () => {
  it('sums known spend per currency, never across currencies, and counts the unknown', () => {
    expect(
      spendAtRisk([
        site(1_000_000, 'EUR'),
        site(250_000, 'eur'),
        site(2_000_000, 'USD'),
        site(null, null),
        site(5_000, null),
      ]),
    ).toEqual({
      totals: [
        { currency: 'USD', amount: 2_000_000 },
        { currency: 'EUR', amount: 1_250_000 },
        { currency: null, amount: 5_000 },
      ],
      known: 4,
      unknown: 1,
    });
  });

  it('is empty without sites', () => {
    expect(spendAtRisk([])).toEqual({ totals: [], known: 0, unknown: 0 });
  });
});

describe('cargoAtRisk', () => {
  it('sums the cargo values per currency and counts the shipments without one', () => {
    const cargo = (cargoValue: number | null, cargoCurrency: string | null) => ({
      shipment: { cargoValue, cargoCurrency },
    });
    expect(
      cargoAtRisk([
        cargo(1_000_000, 'USD'),
        cargo(250_000, 'USD'),
        cargo(90_000, 'EUR'),
        cargo(null, null),
      ]),
    ).toEqual({
      totals: [
        { currency: 'USD', amount: 1_250_000 },
        { currency: 'EUR', amount: 90_000 },
      ],
      known: 3,
      unknown: 1,
    });
  });
});

describe('lanesAffected', () => {
  it('groups the shipments by lane, busiest first', () => {
    expect(
      lanesAffected([
        shipment('PO-1', 'Shanghai', 'Rotterdam'),
        shipment('PO-2', 'Santos', 'Lisbon'),
        shipment('PO-3', 'Shanghai', 'Rotterdam'),
        shipment('PO-4', 'Busan', 'Hamburg'),
        shipment('PO-5', 'Santos', 'Lisbon'),
      ]),
    ).toEqual([
      { lane: 'Santos → Lisbon', shipments: 2, references: ['PO-2', 'PO-5'] },
      { lane: 'Shanghai → Rotterdam', shipments: 2, references: ['PO-1', 'PO-3'] },
      { lane: 'Busan → Hamburg', shipments: 1, references: ['PO-4'] },
    ]);
  });
});
