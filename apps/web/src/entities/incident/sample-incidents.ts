import type { Incident } from '@meridian/contracts';

const sample = (index: number, incident: Omit<Incident, 'id' | 'organizationId'>): Incident => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  organizationId: null,
  ...incident,
});

/**
 * Illustrative incidents shown when the server's reply cannot be used (spec part 7): the
 * Events page shows the first three, Plans and Insights all four. Newest first.
 */
export const SAMPLE_INCIDENTS: readonly Incident[] = [
  sample(1, {
    title: 'Port congestion at Rotterdam',
    description:
      'Vessel queues at the Maasvlakte terminals are adding two to three days to container dwell times.',
    severity: 'HIGH',
    status: 'OPEN',
    location: { lat: 51.95, lng: 4.05, countryCode: 'NL' },
    updatedAt: '2025-09-18T08:30:00.000Z',
  }),
  sample(2, {
    title: 'Typhoon warning in the South China Sea',
    description:
      'A tropical storm is expected to close Yantian and Hong Kong ports for up to 48 hours.',
    severity: 'CRITICAL',
    status: 'IN_PROGRESS',
    location: { lat: 22.3, lng: 114.2, countryCode: 'CN' },
    updatedAt: '2025-09-17T14:05:00.000Z',
  }),
  sample(3, {
    title: 'Rail strike in northern France',
    description: 'Freight services between Lille and Paris are running at reduced capacity.',
    severity: 'MEDIUM',
    status: 'RESOLVED',
    location: { lat: 50.63, lng: 3.06, countryCode: 'FR' },
    updatedAt: '2025-09-15T06:00:00.000Z',
  }),
  sample(4, {
    title: 'Customs system outage',
    description: 'Intermittent delays in electronic customs clearance; location not reported.',
    severity: 'LOW',
    status: 'OPEN',
    location: null,
    updatedAt: '2025-09-12T11:45:00.000Z',
  }),
];

export const EVENTS_SAMPLE_INCIDENTS = SAMPLE_INCIDENTS.slice(0, 3);
export const PLANNING_SAMPLE_INCIDENTS = SAMPLE_INCIDENTS;
