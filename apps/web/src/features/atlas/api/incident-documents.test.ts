import type { Incident } from '@meridian/contracts';
import type { FeatureCollection, Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { incidentAreas, incidentPoints } from './incident-documents';

const incident = (id: string, change: Partial<Incident> = {}): Incident => ({
  id,
  organizationId: null,
  title: `Incident "${id}"`,
  description: null,
  severity: 'HIGH',
  status: 'OPEN',
  location: { lat: 51.92, lng: 4.48, countryCode: 'NL' },
  updatedAt: '2026-11-24T10:00:00.000Z',
  affectedRadiusKm: 50,
  ...change,
});

describe('incident documents', () => {
  const incidents = [
    incident('a'),
    incident('b', { location: null }),
    incident('c', { status: 'RESOLVED' }),
    incident('d', { affectedRadiusKm: undefined, severity: 'LOW' }),
  ];

  it('writes the located incidents as points with id, title and severity', async () => {
    const { blob, located } = incidentPoints(incidents);
    const document = JSON.parse(await blob.text()) as FeatureCollection<Point>;
    expect(located).toBe(3);
    expect(document.features.map((feature) => feature.properties)).toEqual([
      { id: 'a', title: 'Incident "a"', severity: 'HIGH' },
      { id: 'c', title: 'Incident "c"', severity: 'HIGH' },
      { id: 'd', title: 'Incident "d"', severity: 'LOW' },
    ]);
    expect(document.features[0]?.geometry.coordinates).toEqual([4.48, 51.92]);
  });

  it('shades only the asked incidents that are not resolved and have a reach', () => {
    const areas = incidentAreas(incidents, ['a', 'b', 'c', 'd']);
    expect(areas.map((area) => area.id)).toEqual(['a']);
    expect(areas[0]?.geometry.type).toBe('Polygon');
    expect(incidentAreas(incidents, [])).toEqual([]);
  });
});
