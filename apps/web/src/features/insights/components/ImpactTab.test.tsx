import {
  CurrencySettingsResponse,
  IncidentExposureResponse as ExposureReply,
} from '@meridian/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import type { ReadIncident } from '@/lib/readers';
import { type ExposureData, NO_VALUE, exposureData, siteExposure } from '@/test/exposure-fixtures';
import { apiServer } from '@/test/msw-server';
import { renderWithApp } from '@/test/render';
import { ImpactTab } from './ImpactTab';

const INCIDENT: ReadIncident = {
  id: '5d2a9c1e-7b3f-4e8a-9c6d-1f0e2d3c4b01',
  organizationId: '0b6c5a1e-2f3d-4c8b-9e7a-5d4c3b2a1f00',
  title: 'Fire at the Antwerp tank farm',
  description: null,
  severity: 'HIGH',
  status: 'RESOLVED',
  location: { lat: 51.27, lng: 4.38, countryCode: 'BE' },
  updatedAt: '2026-11-21T10:30:00.000Z',
};

const site = (
  name: string,
  annualSpend: number | null,
  clearedAt: string | null,
  currency = 'EUR',
) =>
  siteExposure(
    { name, criticality: 'HIGH', city: 'Antwerp', countryCode: 'BE', annualSpend, currency },
    { clearedAt },
  );

/** The organization counts in euros and keeps a rate for dollars only. */
function booksInEuros() {
  const reply = CurrencySettingsResponse.parse({
    message: 'Currency settings retrieved',
    data: { currency: 'EUR', rates: [{ currency: 'USD', rate: 0.9 }], ratesAsOf: '2026-11-27' },
  });
  apiServer.use(http.get('*/api/admin/settings/currency', () => HttpResponse.json(reply)));
}

function exposureIs(data: ExposureData) {
  const reply = ExposureReply.parse({
    message: 'Exposure retrieved',
    data: exposureData(data),
  });
  apiServer.use(
    http.get(`*/api/incidents/${INCIDENT.id}/exposure`, () => HttpResponse.json(reply)),
  );
}

const PEAK = { sites: 2, sitesAt: '2026-11-20T08:01:00.000Z', shipments: 0, shipmentsAt: null };
const CLEARED = '2026-11-21T10:30:00.000Z';

describe('the Impact tab', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'access-token');
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-token');
    booksInEuros();
  });

  it('gives a resolved event the spend it reached while active, not zero', async () => {
    exposureIs({
      sites: [site('Scheldt Chemicals', 1_500_000, CLEARED), site('Port DC', 500_000, CLEARED)],
      shipments: [],
      peak: PEAK,
    });
    renderWithApp(<ImpactTab incident={INCIDENT} />);
    await screen.findByText('0 sites · 0 shipments in reach');
    screen.getByText('While active: 2 sites and 0 shipments in all, at most 2 and 0 at once.');
    const spend = screen.getByText('Annual spend exposed while active').closest('div');
    expect(spend?.textContent).toContain('€2,000,000');
    expect(spend?.textContent).toContain('All 2 sites it reached');
    expect(screen.getAllByText('Cleared')).toHaveLength(2);
    const cargo = screen.getByText('Cargo value exposed while active').closest('div');
    expect(cargo?.textContent).toContain('No shipment reached');
  });

  it('counts only what is in reach while something is, and tells what was reached in all', async () => {
    exposureIs({
      sites: [site('Scheldt Chemicals', 1_500_000, null), site('Port DC', 500_000, CLEARED)],
      shipments: [],
      peak: PEAK,
    });
    renderWithApp(<ImpactTab incident={{ ...INCIDENT, status: 'OPEN' }} />);
    await screen.findByText('1 site · 0 shipments in reach');
    const spend = screen.getByText('Annual spend at risk').closest('div');
    expect(spend?.textContent).toContain('€1,500,000');
    expect(spend?.textContent).toContain('All 1 site in reach');
    screen.getByText('While active: 2 sites and 0 shipments in all, at most 2 and 0 at once.');
  });

  it("adds amounts up in the organization's currency, shows each conversion, and keeps apart what has no rate", async () => {
    exposureIs({
      sites: [
        site('Scheldt Chemicals', 1_500_000, null),
        site('Houston Resins', 1_000_000, null, 'USD'),
        site('Basel Catalysts', 200_000, null, 'CHF'),
      ],
      shipments: [],
      peak: { ...PEAK, sites: 3 },
      valueAtRisk: { ...NO_VALUE, currency: 'EUR', total: 120_000, sites: 120_000 },
    });
    renderWithApp(<ImpactTab incident={{ ...INCIDENT, status: 'OPEN' }} />);
    const label = await screen.findByText('Annual spend at risk');
    const spend = label.closest('div');
    // 1,500,000 + 1,000,000 × 0.9 = 2,400,000 euros; the francs are not guessed.
    await expect.poll(() => spend?.textContent).toContain('€2,400,000 + CHF\u00a0200,000');
    expect(spend?.textContent).toContain(
      'Converted: $1,000,000 at 1 USD = 0.9 EUR (rates of 27 Nov 2026)',
    );
    expect(spend?.textContent).toContain('No rate for CHF: not added to the EUR total');
    const value = screen.getByText('Value at risk').closest('div');
    expect(value?.textContent).toContain('€120,000');
  });
});
