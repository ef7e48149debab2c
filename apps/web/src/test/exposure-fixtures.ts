import type {
  ExposurePeak,
  IncidentExposureResponse,
  IncidentImpact,
  Site,
  SiteExposure,
  ValueAtRisk,
} from '@meridian/contracts';

/** An incident that never reached anything. */
export const NO_PEAK: ExposurePeak = { sites: 0, sitesAt: null, shipments: 0, shipmentsAt: null };

/** Nothing of known value in reach, in dollars. */
export const NO_VALUE: ValueAtRisk = {
  currency: 'USD',
  basis: 'NOW',
  total: 0,
  sites: 0,
  shipments: 0,
  unknown: { sites: 0, shipments: 0 },
  unconverted: [],
  ratesAsOf: null,
  bySite: [],
};

/** An incident's exposure as a test gives it: no value and no priority unless it says. */
export type ExposureData = Omit<IncidentExposureResponse['data'], 'valueAtRisk' | 'impact'> & {
  valueAtRisk?: ValueAtRisk;
  impact?: IncidentImpact | null;
};

/** The exposure reply's data, with what the test left out filled in. */
export const exposureData = (data: ExposureData): IncidentExposureResponse['data'] => ({
  valueAtRisk: NO_VALUE,
  impact: null,
  ...data,
});

const FIRST_SEEN = '2026-11-20T08:01:00.000Z';

/**
 * A site in reach since FIRST_SEEN, or cleared at `clearedAt`; `site` overrides the site's
 * fields (a supplier in Felixstowe by default).
 */
export function siteExposure(
  site: Partial<Site> & Pick<Site, 'name'>,
  exposure: { distanceKm?: number; clearedAt?: string | null } = {},
): SiteExposure {
  const clearedAt = exposure.clearedAt ?? null;
  return {
    site: {
      id: crypto.randomUUID(),
      externalRef: null,
      kind: 'SUPPLIER',
      tier: null,
      criticality: 'MEDIUM',
      address: null,
      city: 'Felixstowe',
      countryCode: 'GB',
      location: { lat: 51.95, lng: 1.33 },
      products: [],
      contact: null,
      annualSpend: null,
      revenuePerDay: null,
      recoveryDays: null,
      currency: null,
      archivedAt: null,
      updatedAt: '2026-11-01T00:00:00.000Z',
      ...site,
    },
    distanceKm: exposure.distanceKm ?? 2.5,
    state: clearedAt ? 'CLEARED' : 'NEW',
    via: 'LOCATION',
    firstSeenAt: FIRST_SEEN,
    lastChangedAt: clearedAt ?? FIRST_SEEN,
    firstExposedAt: FIRST_SEEN,
    clearedAt,
  };
}
