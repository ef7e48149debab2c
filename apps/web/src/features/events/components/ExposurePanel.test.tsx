import type { IncidentDetail } from '@meridian/contracts';
import { IncidentExposureResponse as ExposureReply } from '@meridian/contracts';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import {
  type ExposureData,
  NO_PEAK,
  NO_VALUE,
  exposureData,
  siteExposure,
} from '@/test/exposure-fixtures';
import { apiServer } from '@/test/msw-server';
import { renderWithApp } from '@/test/render';
import { ExposurePanel } from './ExposurePanel';
import * as WEB_MESSAGES from '@/config/messages';

const INCIDENT: IncidentDetail = {
  id: '6f1c2b9e-4a55-4d1e-9a6b-0c3f0b1d2e01',
  organizationId: '0b6c5a1e-2f3d-4c8b-9e7a-5d4c3b2a1f00',
  title: 'Port strike in Felixstowe',
  description: null,
  severity: 'HIGH',
  status: 'OPEN',
  location: { lat: 51.96, lng: 1.35, countryCode: 'GB' },
  updatedAt: '2026-11-20T08:00:00.000Z',
};

const site = (
  name: string,
  distanceKm: number,
  criticality: 'LOW' | 'CRITICAL',
  clearedAt: string | null = null,
) => siteExposure({ name, kind: 'WAREHOUSE', criticality }, { distanceKm, clearedAt });

/** Answers the exposure of INCIDENT with `data`, checked against the contract first. */
function exposureIs(data: ExposureData) {
  const reply = ExposureReply.parse({
    message: 'Exposure retrieved',
    data: exposureData(data),
  });
  const seen: { authorization: string | null; include: string | null }[] = [];
  apiServer.use(
    http.get(`*/api/incidents/${INCIDENT.id}/exposure`, ({ request }) => {
      seen.push({
        authorization: request.headers.get('authorization'),
        include: new URL(request.url).searchParams.get('include'),
      });
      return HttpResponse.json(reply);
    }),
  );
  return seen;
}

describe('the exposure panel', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'access-token');
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-token');
  });

  it('counts and lists the exposed sites, nearest first as the server sends them', async () => {
    const seen = exposureIs({
      sites: [site('Harbour DC', 1.2, 'CRITICAL'), site('Ipswich store', 14.8, 'LOW')],
      shipments: [],
      peak: { ...NO_PEAK, sites: 2, sitesAt: '2026-11-20T08:01:00.000Z' },
    });
    renderWithApp(<ExposurePanel incident={INCIDENT} />);
    await screen.findByText('2 sites · 0 shipments in reach');
    const rows = screen.getByRole('table', { name: 'Exposed sites' }).querySelectorAll('tbody tr');
    expect([...rows].map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Harbour DCcritical criticality',
      'Ipswich store',
    ]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(seen).toEqual([{ authorization: 'Bearer access-token', include: 'cleared' }]);
    // All in reach: no history beside it.
    expect(screen.queryByText(/While active/)).toBeNull();
  });

  it('keeps what a resolved incident reached, with when, in reach ones first', async () => {
    exposureIs({
      sites: [
        site('Harbour DC', 1.2, 'CRITICAL', '2026-11-21T10:30:00.000Z'),
        site('Ipswich store', 14.8, 'LOW'),
        site('Colchester yard', 30.5, 'LOW', '2026-11-21T10:30:00.000Z'),
      ],
      shipments: [],
      peak: { ...NO_PEAK, sites: 3, sitesAt: '2026-11-20T08:01:00.000Z' },
    });
    renderWithApp(<ExposurePanel incident={INCIDENT} />);
    await screen.findByText('1 site · 0 shipments in reach');
    screen.getByText('While active: 3 sites and 0 shipments in all, at most 3 and 0 at once.');
    const rows = [
      ...screen.getByRole('table', { name: 'Exposed sites' }).querySelectorAll('tbody tr'),
    ].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    const since = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    const first = since.format(new Date('2026-11-20T08:01:00.000Z'));
    // A day later in any time zone: the end names its day.
    const last = since.format(new Date('2026-11-21T10:30:00.000Z'));
    expect(rows).toEqual([
      ['Ipswich store', 'warehouse', '14.8 km', '—', `Since ${first}`, 'New'],
      [
        'Harbour DCcritical criticality',
        'warehouse',
        '1.2 km',
        '—',
        `${first} – ${last}`,
        'Cleared',
      ],
      ['Colchester yard', 'warehouse', '30.5 km', '—', `${first} – ${last}`, 'Cleared'],
    ]);
  });

  it('gives the priority with the points it is made of, or "Not exposed"', async () => {
    exposureIs({
      sites: [site('Harbour DC', 1.2, 'CRITICAL')],
      shipments: [],
      peak: { ...NO_PEAK, sites: 1, sitesAt: '2026-11-20T08:01:00.000Z' },
      impact: {
        priority: 'P1',
        points: { severity: 2, criticality: 3, proximity: 2, value: 3, singleSource: 0 },
        valueAtRisk: 300_000,
        currency: 'GBP',
        basis: 'NOW',
        computedAt: '2026-11-20T08:01:00.000Z',
      },
    });
    renderWithApp(<ExposurePanel incident={INCIDENT} />);
    const priority = await screen.findByRole('region', { name: 'Priority' });
    expect(priority.textContent).toContain('P1 · Act now');
    expect(priority.textContent).toContain(
      'Severity 2 · Criticality 3 · Proximity 2 · Value at risk 3 · Single source 0 = 10 points',
    );
  });

  it('says "Not exposed" when the incident reached things but reaches nothing now', async () => {
    exposureIs({
      sites: [site('Harbour DC', 1.2, 'CRITICAL', '2026-11-21T08:00:00.000Z')],
      shipments: [],
      peak: { ...NO_PEAK, sites: 1, sitesAt: '2026-11-20T08:01:00.000Z' },
      impact: {
        priority: null,
        points: null,
        valueAtRisk: 0,
        currency: 'GBP',
        basis: 'WHILE_ACTIVE',
        computedAt: '2026-11-21T08:00:00.000Z',
      },
    });
    renderWithApp(<ExposurePanel incident={INCIDENT} />);
    const priority = await screen.findByRole('region', { name: 'Priority' });
    expect(priority.textContent).toBe('PriorityPriority: Not exposed');
  });

  it('puts a value on what is in reach, each site with its share and days down', async () => {
    const harbour = site('Harbour DC', 1.2, 'CRITICAL');
    const ipswich = site('Ipswich store', 14.8, 'LOW');
    exposureIs({
      sites: [harbour, ipswich],
      shipments: [],
      peak: { ...NO_PEAK, sites: 2, sitesAt: '2026-11-20T08:01:00.000Z' },
      valueAtRisk: {
        ...NO_VALUE,
        currency: 'GBP',
        total: 350_000,
        sites: 300_000,
        shipments: 50_000,
        unknown: { sites: 1, shipments: 2 },
        unconverted: [{ currency: 'CHF', amount: 12_000 }],
        ratesAsOf: '2026-11-27',
        bySite: [
          {
            siteId: harbour.site.id,
            downtimeDays: 20,
            downtimeFrom: 'SITE',
            coverDays: 0,
            revenuePerDay: 15_000,
            amount: 300_000,
          },
          {
            siteId: ipswich.site.id,
            downtimeDays: 10,
            downtimeFrom: 'INCIDENT',
            coverDays: 0,
            revenuePerDay: null,
            amount: null,
          },
        ],
      },
    });
    renderWithApp(<ExposurePanel incident={INCIDENT} />);
    const value = await screen.findByRole('region', { name: 'Value at risk' });
    expect(value.textContent).toContain('£350,000');
    expect(value.textContent).toContain(
      'Sites £300,000 (revenue over the days down) · Cargo £50,000',
    );
    expect(value.textContent).toContain('Not added, no rate: CHF\u00a012,000');
    expect(value.textContent).toContain(
      'Not counted: 1 site without a revenue per day; 2 shipments without a cargo value',
    );
    expect(value.textContent).toContain('Exchange rates of 27 Nov 2026');
    const cells = [
      ...screen.getByRole('table', { name: 'Exposed sites' }).querySelectorAll('tbody tr'),
    ].map((row) => row.querySelectorAll('td')[2]?.textContent);
    expect(cells).toEqual(['£300,00020 days down (its own recovery time)', '—10 days down']);
  });

  it('says that no value is known rather than writing a zero', async () => {
    exposureIs({
      sites: [site('Harbour DC', 1.2, 'CRITICAL')],
      shipments: [],
      peak: { ...NO_PEAK, sites: 1, sitesAt: '2026-11-20T08:01:00.000Z' },
      valueAtRisk: { ...NO_VALUE, unknown: { sites: 1, shipments: 0 } },
    });
    renderWithApp(<ExposurePanel incident={INCIDENT} />);
    const value = await screen.findByRole('region', { name: 'Value at risk' });
    expect(value.textContent).toContain('No value known yet');
    expect(value.textContent).toContain('Not counted: 1 site without a revenue per day');
    expect(value.textContent).not.toContain('$0');
  });

  it('says that nothing is in reach now of an incident that reached something', async () => {
    exposureIs({
      sites: [site('Harbour DC', 1.2, 'CRITICAL', '2026-11-21T10:30:00.000Z')],
      shipments: [],
      peak: { ...NO_PEAK, sites: 1, sitesAt: '2026-11-20T08:01:00.000Z' },
    });
    renderWithApp(<ExposurePanel incident={{ ...INCIDENT, status: 'RESOLVED' }} />);
    await screen.findByText(WEB_MESSAGES.exposure.noneNow);
    screen.getByText('While active: 1 site and 0 shipments in all, at most 1 and 0 at once.');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('says that nothing is in reach, and offers no export', async () => {
    exposureIs({ sites: [], shipments: [], peak: NO_PEAK });
    renderWithApp(<ExposurePanel incident={INCIDENT} />);
    await screen.findByText(WEB_MESSAGES.exposure.none);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('says why nothing can be matched to an incident without a place', async () => {
    exposureIs({ sites: [], shipments: [], peak: NO_PEAK });
    renderWithApp(<ExposurePanel incident={{ ...INCIDENT, location: null, area: null }} />);
    await screen.findByText(WEB_MESSAGES.exposure.noLocation);
  });

  it("shows the server's message when the exposure cannot be read", async () => {
    apiServer.use(
      http.get(`*/api/incidents/${INCIDENT.id}/exposure`, () =>
        HttpResponse.json({ message: 'Exposure is being recomputed' }, { status: 503 }),
      ),
    );
    renderWithApp(<ExposurePanel incident={INCIDENT} />);
    await screen.findByText('Exposure is being recomputed');
  });
});
