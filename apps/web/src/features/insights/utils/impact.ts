import type { ShipmentDetail, Site } from '@meridian/contracts';

export type SpendAtRisk = {
  /** One sum per currency (null: amounts with no currency), largest first. */
  totals: { currency: string | null; amount: number }[];
  /** Items counted, and items whose amount is unknown. */
  known: number;
  unknown: number;
};

/** Sums amounts per currency: amounts in different currencies are never added together. */
function totalsByCurrency<Item>(
  items: readonly Item[],
  amountOf: (item: Item) => number | null,
  currencyOf: (item: Item) => string | null,
): SpendAtRisk {
  const sums = new Map<string | null, number>();
  let known = 0;
  let unknown = 0;
  for (const item of items) {
    const amount = amountOf(item);
    if (amount === null) {
      unknown += 1;
      continue;
    }
    known += 1;
    const currency = currencyOf(item)?.toUpperCase() ?? null;
    sums.set(currency, (sums.get(currency) ?? 0) + amount);
  }
  const totals = [...sums]
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => b.amount - a.amount);
  return { totals, known, unknown };
}

/**
 * The annual spend with these sites (those in reach, or those reached while active: the
 * caller chooses), summed per currency.
 */
export const spendAtRisk = (sites: readonly { site: Pick<Site, 'annualSpend' | 'currency'> }[]) =>
  totalsByCurrency(
    sites,
    ({ site }) => site.annualSpend,
    ({ site }) => site.currency,
  );

/** The cargo value of these shipments, summed per currency. */
export const cargoAtRisk = (
  shipments: readonly { shipment: Pick<ShipmentDetail, 'cargoValue' | 'cargoCurrency'> }[],
) =>
  totalsByCurrency(
    shipments,
    ({ shipment }) => shipment.cargoValue,
    ({ shipment }) => shipment.cargoCurrency,
  );

export type AffectedLane = { lane: string; shipments: number; references: string[] };

/** The lanes (origin → destination) of these shipments, busiest first. */
export function lanesAffected(
  shipments: readonly {
    shipment: Pick<ShipmentDetail, 'origin' | 'destination' | 'reference'>;
  }[],
): AffectedLane[] {
  const lanes = new Map<string, AffectedLane>();
  for (const { shipment } of shipments) {
    const lane = `${shipment.origin} → ${shipment.destination}`;
    const entry = lanes.get(lane) ?? { lane, shipments: 0, references: [] };
    entry.shipments += 1;
    entry.references.push(shipment.reference);
    lanes.set(lane, entry);
  }
  return [...lanes.values()].sort(
    (a, b) => b.shipments - a.shipments || a.lane.localeCompare(b.lane),
  );
}
