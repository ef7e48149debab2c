import { describe, expect, it } from 'vitest';
import { GeoArea } from './geojson.js';
import { planarRing } from './rings.js';

const polygon = (...rings: number[][][]) => ({ type: 'Polygon' as const, coordinates: rings });
const messages = (area: unknown) =>
  GeoArea.safeParse(area).error?.issues.map((issue) => issue.message) ?? [];

describe('incident areas (RFC 7946 polygons)', () => {
  it('refuses a ring that crosses itself, or a hole through its outline, saying where', () => {
    const bowTie = polygon([
      [0, 0],
      [10, 10],
      [10, 0],
      [0, 10],
      [0, 0],
    ]);
    expect(messages(bowTie)).toEqual([
      "a polygon's rings must not cross themselves or each other (they cross at longitude 5, latitude 5)",
    ]);
    const holeOut = polygon(
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      [
        [5, 5],
        [15, 5],
        [15, 6],
        [5, 6],
        [5, 5],
      ],
    );
    expect(messages(holeOut)[0]).toContain('longitude 10, latitude 5');
    // Across the antimeridian, the crossing is reported within ±180.
    const pacificBowTie = polygon([
      [170, 0],
      [-170, 10],
      [-170, 0],
      [170, 10],
      [170, 0],
    ]);
    expect(messages(pacificBowTie)[0]).toContain('longitude -180, latitude 5');
  });

  it('accepts simple rings, across the antimeridian, round a pole, or touching at a vertex', () => {
    const accepted = [
      polygon([
        [170, -10],
        [-170, -10],
        [-170, 10],
        [170, 10],
        [170, -10],
      ]),
      polygon([
        [-180, 80],
        [180, 80],
        [180, 90],
        [-180, 90],
        [-180, 80],
      ]),
      polygon([
        [0, 80],
        [90, 80],
        [180, 80],
        [-90, 80],
        [0, 80],
      ]),
      polygon([
        [0, 0],
        [10, 0],
        [5, 5],
        [10, 10],
        [0, 10],
        [5, 5],
        [0, 0],
      ]),
    ];
    // A cap with a hole across the meridian where its ring starts, and a cap whose ring first
    // steps back west: the edges that close a cap over its pole are not the ring's.
    accepted.push(
      polygon(
        [
          [0, 60],
          [120, 60],
          [-120, 60],
          [0, 60],
        ],
        [
          [-5, 70],
          [5, 70],
          [5, 75],
          [-5, 75],
          [-5, 70],
        ],
      ),
      polygon([
        [0, 60],
        [-5, 70],
        [90, 65],
        [180, 65],
        [-90, 65],
        [0, 60],
      ]),
    );
    for (const area of accepted) expect(messages(area)).toEqual([]);
  });

  it('closes a ring that goes round the world over the pole on its side', () => {
    expect(
      planarRing([
        [0, -75],
        [-120, -75],
        [120, -75],
        [0, -75],
      ]),
    ).toEqual([
      [0, -75],
      [-120, -75],
      [-240, -75],
      [-360, -75],
      [-360, -90],
      [0, -90],
      [0, -75],
    ]);
    // Twice round encloses nothing sensible.
    expect(
      planarRing([
        [0, 60],
        [120, 60],
        [-120, 60],
        [0, 60],
        [120, 60],
        [-120, 60],
        [0, 60],
      ]),
    ).toBeNull();
  });

  it('checks a detailed coastline of 10,000 vertices quickly', () => {
    const ring = Array.from({ length: 9_999 }, (_, i) => {
      const angle = (i / 9_999) * 2 * Math.PI;
      return [10 * Math.cos(angle) * (1 + 0.05 * Math.sin(40 * angle)), 10 * Math.sin(angle)];
    });
    const started = performance.now();
    expect(messages(polygon([...ring, ring[0] ?? [0, 0]]))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
