import { describe, expect, it } from 'vitest';
import { requestBbox } from './viewport-bbox';

const parse = (bbox: string | null) => bbox?.split(',').map(Number);

describe('requestBbox', () => {
  it('asks for the whole world when the widened view covers it', () => {
    expect(requestBbox({ west: -200, south: -80, east: 200, north: 80, zoom: 1 })).toBeNull();
    expect(requestBbox({ west: -120, south: -60, east: 120, north: 60, zoom: 2 })).toBeNull();
  });

  it('widens and snaps a city view, keeping it around the view', () => {
    const [west = 0, south = 0, east = 0, north = 0] =
      parse(requestBbox({ west: 4.2, south: 51.8, east: 4.7, north: 52.0, zoom: 10 })) ?? [];
    expect(west).toBeLessThanOrEqual(4.2 - 0.25);
    expect(east).toBeGreaterThanOrEqual(4.7 + 0.25);
    expect(south).toBeLessThanOrEqual(51.7);
    expect(north).toBeGreaterThanOrEqual(52.1);
    expect(east - west).toBeLessThan(3);
  });

  it('gives nearby views the same box', () => {
    const view = { west: 4.2, south: 51.8, east: 4.7, north: 52.0, zoom: 10 };
    expect(requestBbox({ ...view, west: 4.21, east: 4.71 })).toBe(requestBbox(view));
  });

  it('wraps a view across the antimeridian to west > east', () => {
    const [west = 0, south = 0, east = 0, north = 0] =
      parse(requestBbox({ west: 170, south: -10, east: 190, north: 10, zoom: 5 })) ?? [];
    expect(west).toBeGreaterThan(0);
    expect(west).toBeLessThanOrEqual(160);
    expect(east).toBeLessThan(0);
    expect(east).toBeGreaterThanOrEqual(-170);
    expect(south).toBeGreaterThanOrEqual(-90);
    expect(north).toBeLessThanOrEqual(90);
    const [westOfSeam = 0, , eastOfSeam = 0] =
      parse(requestBbox({ west: -190, south: -10, east: -170, north: 10, zoom: 5 })) ?? [];
    expect(westOfSeam).toBeGreaterThan(eastOfSeam);
  });

  it('keeps latitudes within the poles', () => {
    const [, south = 0, , north = 0] =
      parse(requestBbox({ west: 0, south: -85, east: 60, north: 85, zoom: 3 })) ?? [];
    expect(south).toBe(-90);
    expect(north).toBe(90);
  });
});
