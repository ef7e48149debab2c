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

/** A product a site supplies a part of: its revenue, cover, and how much of it hangs on the site. */
export type DependentProduct = {
  revenuePerDay: number | null;
  currency: string | null;
  coverDays: number;
  /** The site's largest share of a part of it (0–1). */
  share: number;
  /** The site is the only source of one of its parts. */
  singleSource: boolean;
};

export type ValuedSite = {
  id: string;
  /** Entered on the site; used when it supplies no product. */
  revenuePerDay: number | null;
  recoveryDays: number | null;
  currency: string | null;
  /** The products it supplies a part of (the bill of materials); empty when none. */
  supplies?: readonly DependentProduct[];
  /** Days down as its assessment says (from when the incident reached it to the expected recovery). */
  assessedDowntimeDays?: number | null;
  /** Capacity still available as its assessment says (0–100): only the rest is lost. */
  capacityPct?: number | null;
};

/**
 * How much of a product stops with one of its sources: all of it when the site is the only
 * source of a part (no alternate), else the site's share of the part's supply.
 */
export const dependence = (product: Pick<DependentProduct, 'share' | 'singleSource'>): number =>
  product.singleSource ? 1 : product.share;

type Money = { currency: string | null; amount: number };

/**
 * A site's lost revenue while it is down `downtimeDays` (time to recover against time to
 * survive): from its products, each product's revenue × its dependence on the site × the days
 * down beyond the product's cover; else the site's own revenue × every day down.
 */
export function siteLoss(
  site: ValuedSite,
  downtimeDays: number,
): {
  /** Per currency; empty when no revenue is known. */
  lost: Money[];
  perDay: Money[];
  coverDays: number;
  known: boolean;
} {
  const products = (site.supplies ?? []).filter((product) => product.revenuePerDay !== null);
  if ((site.supplies ?? []).length > 0) {
    return {
      lost: products.map((product) => ({
        currency: product.currency,
        amount:
          (product.revenuePerDay ?? 0) *
          dependence(product) *
          Math.max(0, downtimeDays - product.coverDays),
      })),
      perDay: products.map((product) => ({
        currency: product.currency,
        amount: (product.revenuePerDay ?? 0) * dependence(product),
      })),
      coverDays: Math.min(...(site.supplies ?? []).map((product) => product.coverDays)),
      known: products.length > 0,
    };
  }
  if (site.revenuePerDay === null) return { lost: [], perDay: [], coverDays: 0, known: false };
  return {
    lost: [{ currency: site.currency, amount: site.revenuePerDay * downtimeDays }],
    perDay: [{ currency: site.currency, amount: site.revenuePerDay }],
    coverDays: 0,
    known: true,
  };
}
/** What a site loses when it still runs at `capacityPct` of its capacity: the rest. */
function partly(loss: ReturnType<typeof siteLoss>, capacityPct: number | null) {
  if (capacityPct === null) return loss;
  const lostShare = (100 - capacityPct) / 100;
  const scale = (amounts: Money[]) =>
    amounts.map(({ currency, amount }) => ({ currency, amount: amount * lostShare }));
  return { ...loss, lost: scale(loss.lost), perDay: scale(loss.perDay) };
}

export type ValuedShipment = {
  cargoValue: number | null;
  cargoCurrency: string | null;
  /** How many shipments it stands for, their cargo values summed (1 when not given). */
  count?: number;
};

/**
 * How long this site is expected down: as its assessment says (until its expected recovery
 * date); else the table's days for the incident, or, when the site knows its own time to
 * recover (a full disruption's), that time scaled by the same share of a full disruption as
 * the table gives this severity.
 */
export function expectedDowntime(
  incident: { type: IncidentType; severity: Severity },
  site: Pick<ValuedSite, 'recoveryDays' | 'assessedDowntimeDays'>,
): { days: number; from: 'ASSESSMENT' | 'SITE' | 'INCIDENT' } {
  if (site.assessedDowntimeDays !== undefined && site.assessedDowntimeDays !== null) {
    return { days: site.assessedDowntimeDays, from: 'ASSESSMENT' };
  }
  const row = DOWNTIME_DAYS[incident.type];
  const days = row[incident.severity];
  if (site.recoveryDays === null) return { days, from: 'INCIDENT' };
  return { days: (site.recoveryDays * days) / row.CRITICAL, from: 'SITE' };
}

/**
 * The value an incident puts at risk for one organization, in its currency (time to recover
 * against time to survive, Simchi-Levi et al. 2014): for each site, the revenue that depends on
 * it for every day its expected downtime exceeds the days of cover (siteLoss); plus the cargo value of
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
  /** The amounts in the organization's currency; null when none of them has a rate. */
  const converted = (amounts: readonly Money[]) => {
    const known = amounts.flatMap(({ currency, amount }) => {
      const rate = rateOf(currency);
      return rate === null ? [] : [amount * rate];
    });
    return known.length === 0 ? null : known.reduce((sum, amount) => sum + amount, 0);
  };
  const siteSums: Money[] = [];
  const bySite: ValueAtRisk['bySite'] = [];
  let unknownSites = 0;
  for (const site of items.sites) {
    const downtime = expectedDowntime(incident, site);
    const loss = partly(siteLoss(site, downtime.days), site.capacityPct ?? null);
    if (!loss.known) unknownSites += 1;
    siteSums.push(...loss.lost);
    const revenuePerDay = loss.known ? converted(loss.perDay) : null;
    const amount = loss.known ? converted(loss.lost) : null;
    bySite.push({
      siteId: site.id,
      downtimeDays: downtime.days,
      downtimeFrom: downtime.from,
      coverDays: loss.coverDays,
      revenuePerDay,
      amount: amount === null ? null : cents(amount),
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
    unknown: {
      sites: unknownSites,
      shipments: items.shipments
        .filter((shipment) => shipment.cargoValue === null)
        .reduce((sum, shipment) => sum + (shipment.count ?? 1), 0),
    },
    unconverted: [...unconverted]
      .map(([currency, amount]) => ({ currency, amount }))
      .sort((a, b) => b.amount - a.amount),
    ratesAsOf: book.ratesAsOf,
    bySite,
  };
}

/** The sites (with the products each supplies) and shipments that value at risk is made of. */
export const withSupplies = (
  sites: readonly { site: Omit<ValuedSite, 'supplies'> }[],
  shipments: readonly { shipment: ValuedShipment }[],
  dependents: ReadonlyMap<string, DependentProduct[]>,
) => ({
  sites: sites.map(({ site }) => ({ ...site, supplies: dependents.get(site.id) ?? [] })),
  shipments: shipments.map(({ shipment }) => shipment),
});
