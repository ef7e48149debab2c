import {
  type CurrencyTable,
  type IncidentType,
  type Severity,
  type ValueAtRisk,
  convertTotals,
} from '@meridian/contracts';

/**
 * Days a site is expected to be down when an incident of this type and severity reaches it,
 * until someone says better (README, "Value at risk"). CRITICAL is a full disruption; the lower
 * severities are shares of it. Meridian's defaults, set on the cautious side.
 */
export const DOWNTIME_DAYS: Record<IncidentType, Record<Severity, number>> = {
  NATURAL_HAZARD: { CRITICAL: 60, HIGH: 30, MEDIUM: 10, LOW: 3 },
  WEATHER: { CRITICAL: 14, HIGH: 7, MEDIUM: 3, LOW: 1 },
  PORT_CONGESTION: { CRITICAL: 14, HIGH: 7, MEDIUM: 4, LOW: 2 },
  STRIKE: { CRITICAL: 21, HIGH: 10, MEDIUM: 5, LOW: 2 },
  BORDER_CUSTOMS: { CRITICAL: 10, HIGH: 5, MEDIUM: 3, LOW: 1 },
  CYBER: { CRITICAL: 21, HIGH: 10, MEDIUM: 4, LOW: 1 },
  QUALITY: { CRITICAL: 30, HIGH: 14, MEDIUM: 7, LOW: 2 },
  SUPPLIER_FAILURE: { CRITICAL: 90, HIGH: 45, MEDIUM: 20, LOW: 7 },
  GEOPOLITICAL: { CRITICAL: 60, HIGH: 30, MEDIUM: 14, LOW: 5 },
  OTHER: { CRITICAL: 14, HIGH: 7, MEDIUM: 3, LOW: 1 },
};

/** Money to the cent: products of rates and days leave binary fractions (913,499.9999…). */
const cents = (amount: number) => Math.round(amount * 100) / 100;

export type ValuedSite = {
  id: string;
  revenuePerDay: number | null;
  recoveryDays: number | null;
  currency: string | null;
};
export type ValuedShipment = { cargoValue: number | null; cargoCurrency: string | null };

/**
 * How long this site is expected down: the table's days for the incident, or, when the site
 * knows its own time to recover (a full disruption's), that time scaled by the same share of a
 * full disruption as the table gives this severity.
 */
export function expectedDowntime(
  incident: { type: IncidentType; severity: Severity },
  site: Pick<ValuedSite, 'recoveryDays'>,
): { days: number; from: 'SITE' | 'INCIDENT' } {
  const row = DOWNTIME_DAYS[incident.type];
  const days = row[incident.severity];
  if (site.recoveryDays === null) return { days, from: 'INCIDENT' };
  return { days: (site.recoveryDays * days) / row.CRITICAL, from: 'SITE' };
}

/**
 * The value an incident puts at risk for one organization, in its currency (time to recover
 * against time to survive, Simchi-Levi et al. 2014): for each site, the revenue that depends on
 * it for every day its expected downtime exceeds the days of cover; plus the cargo value of
 * the shipments. An amount in a currency without a rate is kept apart, never guessed; an item
 * whose value is unknown is counted as such.
 */
export function valueAtRisk(
  incident: { type: IncidentType; severity: Severity },
  items: { sites: readonly ValuedSite[]; shipments: readonly ValuedShipment[] },
  book: CurrencyTable & { ratesAsOf: string | null },
  basis: ValueAtRisk['basis'],
): ValueAtRisk {
  const rates = new Map(book.rates.map(({ currency, rate }) => [currency, rate]));
  const rateOf = (currency: string | null) => {
    const code = currency ?? book.currency;
    return code === book.currency ? 1 : (rates.get(code) ?? null);
  };
  const siteSums: { currency: string | null; amount: number }[] = [];
  const bySite: ValueAtRisk['bySite'] = [];
  let unknownSites = 0;
  for (const site of items.sites) {
    const downtime = expectedDowntime(incident, site);
    // Days of inventory cover come with products; until then, every day down is a day lost.
    const coverDays = 0;
    const lostDays = Math.max(0, downtime.days - coverDays);
    if (site.revenuePerDay === null) unknownSites += 1;
    else siteSums.push({ currency: site.currency, amount: site.revenuePerDay * lostDays });
    const rate = rateOf(site.currency);
    const revenuePerDay =
      site.revenuePerDay === null || rate === null ? null : site.revenuePerDay * rate;
    bySite.push({
      siteId: site.id,
      downtimeDays: downtime.days,
      downtimeFrom: downtime.from,
      coverDays,
      revenuePerDay,
      amount: revenuePerDay === null ? null : cents(revenuePerDay * lostDays),
    });
  }
  const shipmentSums = items.shipments.flatMap((shipment) =>
    shipment.cargoValue === null
      ? []
      : [{ currency: shipment.cargoCurrency, amount: shipment.cargoValue }],
  );
  const sites = convertTotals(siteSums, book);
  const shipments = convertTotals(shipmentSums, book);
  const unconverted = new Map<string, number>();
  for (const { currency, amount } of [...sites.unconverted, ...shipments.unconverted]) {
    unconverted.set(currency, (unconverted.get(currency) ?? 0) + amount);
  }
  return {
    currency: book.currency,
    basis,
    total: cents(sites.amount + shipments.amount),
    sites: cents(sites.amount),
    shipments: cents(shipments.amount),
    unknown: { sites: unknownSites, shipments: items.shipments.length - shipmentSums.length },
    unconverted: [...unconverted]
      .map(([currency, amount]) => ({ currency, amount }))
      .sort((a, b) => b.amount - a.amount),
    ratesAsOf: book.ratesAsOf,
    bySite,
  };
}
