import type { ShipmentDetail, Site } from '@meridian/contracts';

/** An amount in its currency ("€1,200,000"); a missing or unknown code shows the bare number. */
export function formatMoney(amount: number, currency: string | null): string {
  if (currency) {
    try {
      return new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        maximumFractionDigits: 0,
      }).format(amount);
    } catch {
      return `${amount.toLocaleString('en', { maximumFractionDigits: 0 })} ${currency}`;
    }
  }
  return amount.toLocaleString('en', { maximumFractionDigits: 0 });
}

export type SpendAtRisk = {
  /** One sum per currency (null: sites whose spend has no currency), largest first. */
  totals: { currency: string | null; amount: number }[];
  /** Sites counted, and sites reached whose annual spend is unknown. */
  known: number;
  unknown: number;
};

/**
 * The annual spend with these sites (those in reach, or those reached while active: the
 * caller chooses), summed per currency: amounts in different currencies are never added.
 */
export function spendAtRisk(
  sites: readonly { site: Pick<Site, 'annualSpend' | 'currency'> }[],
): SpendAtRisk {
  const sums = new Map<string | null, number>();
  let known = 0;
  let unknown = 0;
  for (const { site } of sites) {
    if (site.annualSpend === null) {
      unknown += 1;
      continue;
    }
    known += 1;
    const currency = site.currency?.toUpperCase() ?? null;
    sums.set(currency, (sums.get(currency) ?? 0) + site.annualSpend);
  }
  const totals = [...sums]
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => b.amount - a.amount);
  return { totals, known, unknown };
}

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
