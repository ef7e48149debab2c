import { describe, expect, it } from 'vitest';
import { affectedArea, circleRing } from './incident-area';

describe('circleRing', () => {
  it('is a closed ring whose points lie the radius away from the centre', () => {
    const ring = circleRing({ lat: 51.9, lng: 4.5 }, 100);
    expect(ring[0]).toEqual(ring.at(-1));
    for (const [lng = 0, lat = 0] of ring) {
      // Haversine distance back to the centre.
      const toRad = Math.PI / 180;
      const a =
        Math.sin(((lat - 51.9) * toRad) / 2) ** 2 +
        Math.cos(51.9 * toRad) * Math.cos(lat * toRad) * Math.sin(((lng - 4.5) * toRad) / 2) ** 2;
      expect(2 * 6371 * Math.asin(Math.sqrt(a))).toBeCloseTo(100, 3);
    }
  });
});

describe('affectedArea', () => {
  const base = { id: 'i', severity: 'HIGH' as const, affectedRadiusKm: 50 };
  it('prefers the incident polygon, else the radius circle, else nothing', () => {
    const area = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ] as [number, number][][],
    };
    expect(affectedArea({ ...base, area, location: null })?.geometry).toEqual(area);
    expect(
      affectedArea({ ...base, area: null, location: { lat: 0, lng: 0, countryCode: null } })
        ?.geometry.type,
    ).toBe('Polygon');
    expect(affectedArea({ ...base, area: null, location: null })).toBeNull();
  });
});
