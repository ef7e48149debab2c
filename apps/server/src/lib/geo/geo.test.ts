import { describe, expect, it } from 'vitest';
import {
  type Area,
  areaAnchor,
  areaBoxes,
  arcStretchInArea,
  arcTouchesArea,
  pathBoxes,
  pathTouchesArea,
  pointInArea,
} from './area.js';
import {
  type Movement,
  type RouteFacts,
  estimatedPosition,
  fullRoute,
  pathKm,
  pathFrom,
  remainingRoute,
  travelWindow,
} from './route.js';
import {
  arcOf,
  capContains,
  capOf,
  capStretchOfArc,
  capTouchesArc,
  toVec,
  vecDistanceKm,
} from './vector.js';
import { type LngLat, distanceToArcKm, greatCircle, haversineKm, unwrap } from './sphere.js';

// Hand-computed references: one degree of a great circle is 2πR/360 = 111.195 km (R 6371.0088).
const DEGREE_KM = 111.195;

describe('distances on the sphere', () => {
  it('measures London–Paris and one degree across the antimeridian', () => {
    expect(haversineKm([-0.1278, 51.5074], [2.3522, 48.8566])).toBeCloseTo(343.56, 0);
    expect(haversineKm([179.5, 0], [-179.5, 0])).toBeCloseTo(DEGREE_KM, 2);
  });

  it('measures over a pole: 0.1° from the pole on opposite meridians is 0.2° apart', () => {
    expect(haversineKm([0, 89.9], [180, 89.9])).toBeCloseTo(0.2 * DEGREE_KM, 2);
  });

  it('finds the distance from a point to an arc: across its middle, or to its nearer end', () => {
    // The equator from 0° to 10°: a point 2° north of 5°E is 2° away; one west of 0° is its end's distance.
    expect(distanceToArcKm([5, 2], [0, 0], [10, 0])).toBeCloseTo(2 * DEGREE_KM, 1);
    expect(distanceToArcKm([-3, 0], [0, 0], [10, 0])).toBeCloseTo(3 * DEGREE_KM, 1);
    expect(distanceToArcKm([13, 0], [0, 0], [10, 0])).toBeCloseTo(3 * DEGREE_KM, 1);
  });

  it('follows a great circle: London to Tokyo passes far north of either city', () => {
    const path = greatCircle([-0.1278, 51.5074], [139.6917, 35.6895], 200);
    expect(Math.max(...path.map(([, lat]) => lat))).toBeGreaterThan(65);
    expect(haversineKm(path[0] ?? [0, 0], [-0.1278, 51.5074])).toBeLessThan(0.001);
  });

  it('unwraps longitudes across the antimeridian', () => {
    expect(
      unwrap([
        [179, 0],
        [-179, 0],
        [-178, 1],
      ]),
    ).toEqual([
      [179, 0],
      [181, 0],
      [182, 1],
    ]);
  });
});

describe('areas', () => {
  const circle = (lng: number, lat: number, radiusKm: number): Area => ({
    kind: 'circle',
    center: [lng, lat],
    radiusKm,
  });

  it('puts points inside a circle by great-circle distance, across the antimeridian too', () => {
    const dateLine = circle(179.9, 0, 50);
    expect(pointInArea([-179.9, 0], dateLine)).toBe(true); // 0.2° = 22 km
    expect(pointInArea([-179.0, 0], dateLine)).toBe(false); // 1.1° = 122 km
    expect(areaBoxes(dateLine)).toHaveLength(2);
  });

  it('covers every longitude with a circle over a pole', () => {
    const polar = circle(0, 89.9, 50);
    expect(pointInArea([180, 89.9], polar)).toBe(true);
    expect(areaBoxes(polar)).toEqual([
      [-180, expect.closeTo(89.45, 1) as unknown as number, 180, 90],
    ]);
  });

  it('honours a polygon hole', () => {
    const framed: Area = {
      kind: 'polygons',
      polygons: [
        [
          [
            [0, 0],
            [10, 0],
            [10, 10],
            [0, 10],
            [0, 0],
          ],
          [
            [4, 4],
            [6, 4],
            [6, 6],
            [4, 6],
            [4, 4],
          ],
        ],
      ],
    };
    expect(pointInArea([2, 2], framed)).toBe(true);
    expect(pointInArea([5, 5], framed)).toBe(false);
    expect(pointInArea([11, 5], framed)).toBe(false);
  });

  it('handles a polygon that crosses the antimeridian, and boxes it in two', () => {
    const pacific: Area = {
      kind: 'polygons',
      polygons: [
        [
          [
            [170, -10],
            [-170, -10],
            [-170, 10],
            [170, 10],
            [170, -10],
          ],
        ],
      ],
    };
    expect(pointInArea([180, 0], pacific)).toBe(true);
    expect(pointInArea([-175, 5], pacific)).toBe(true);
    expect(pointInArea([175, -5], pacific)).toBe(true);
    expect(pointInArea([160, 0], pacific)).toBe(false);
    expect(
      pathBoxes([
        [170, -10],
        [-170, -10],
        [-170, 10],
        [170, 10],
      ]),
    ).toEqual([
      [170, -10, 180, 10],
      [-180, -10, -170, 10],
    ]);
  });

  it("reads RFC 7946's box from -180 to 180 and a ring round a pole as polar caps", () => {
    const polygons = (ring: LngLat[]): Area => ({ kind: 'polygons', polygons: [[ring]] });
    const box = polygons([
      [-180, 80],
      [180, 80],
      [180, 90],
      [-180, 90],
      [-180, 80],
    ]);
    const aroundNorth = polygons([
      [0, 80],
      [90, 80],
      [180, 80],
      [-90, 80],
      [0, 80],
    ]);
    const aroundSouth = polygons([
      [0, -75],
      [-120, -75],
      [120, -75],
      [0, -75],
    ]);
    for (const cap of [box, aroundNorth]) {
      for (const lng of [-179, -90, 0, 45, 135, 179.5]) {
        expect(pointInArea([lng, 85], cap)).toBe(true);
        expect(pointInArea([lng, 78], cap)).toBe(false);
      }
      expect(pointInArea([0, 89.99], cap)).toBe(true);
      expect(areaBoxes(cap)).toEqual([[-180, 80, 180, 90]]);
      // Svalbard to Alaska over the pole; both ends south of 80°N.
      expect(
        pathTouchesArea(
          [
            [15.6, 78.2],
            [-156.8, 71.3],
          ],
          cap,
        ),
      ).toBe(true);
      expect(
        pathTouchesArea(
          [
            [15.6, 70],
            [40, 70],
          ],
          cap,
        ),
      ).toBe(false);
    }
    expect(pointInArea([60, -80], aroundSouth)).toBe(true);
    expect(pointInArea([60, -70], aroundSouth)).toBe(false);
    expect(pointInArea([60, 80], aroundSouth)).toBe(false);
  });

  it('keeps ordinary rings as drawn: 180 and -180 both written, or a box 180° wide', () => {
    const split: Area = {
      kind: 'polygons',
      polygons: [
        [
          [
            [170, -10],
            [180, -10],
            [-180, -10],
            [-170, -10],
            [-170, 10],
            [-180, 10],
            [180, 10],
            [170, 10],
            [170, -10],
          ],
        ],
      ],
    };
    expect(pointInArea([175, 0], split)).toBe(true);
    expect(pointInArea([-175, 5], split)).toBe(true);
    expect(pointInArea([0, 0], split)).toBe(false);
    const wide: Area = {
      kind: 'polygons',
      polygons: [
        [
          [
            [-90, -10],
            [90, -10],
            [90, 10],
            [-90, 10],
            [-90, -10],
          ],
        ],
      ],
    };
    expect(pointInArea([0, 0], wide)).toBe(true);
    expect(pointInArea([0, -60], wide)).toBe(false);
    expect(pointInArea([120, 0], wide)).toBe(false);
  });

  it('sees a route cross an area between two waypoints that are both outside it', () => {
    // 5° (556 km) from either end, the arc passes right through a 100 km circle...
    expect(arcTouchesArea([0, 0], [10, 0], circle(5, 0, 100))).toBe(true);
    // ...but a route 2° (222 km) north of its centre passes by.
    expect(arcTouchesArea([0, 2], [10, 2], circle(5, 0, 100))).toBe(false);
    // A strip 0.02° (2 km) wide, narrower than the steps the arc is sampled at.
    const strip: Area = {
      kind: 'polygons',
      polygons: [
        [
          [
            [4.99, -1],
            [5.01, -1],
            [5.01, 1],
            [4.99, 1],
            [4.99, -1],
          ],
        ],
      ],
    };
    expect(arcTouchesArea([0, 0], [10, 0], strip)).toBe(true);
    expect(arcTouchesArea([0, 2], [10, 2], strip)).toBe(false);
    expect(
      pathTouchesArea(
        [
          [0, 3],
          [0, 0],
          [10, 0],
        ],
        strip,
      ),
    ).toBe(true);
  });

  it('anchors distances at the circle centre or the outline centroid', () => {
    expect(areaAnchor(circle(4, 52, 10))).toEqual([4, 52]);
    const square: Area = {
      kind: 'polygons',
      polygons: [
        [
          [
            [0, 0],
            [2, 0],
            [2, 2],
            [0, 2],
            [0, 0],
          ],
        ],
      ],
    };
    expect(areaAnchor(square)).toEqual([1, 1]);
  });
});

describe('the stretch of an arc inside an area', () => {
  it('is the part of the way within a circle, as fractions from the start', () => {
    // Along the equator from 0° to 10°E (1,112 km); a 111 km circle round 5°E covers 4°–6°.
    const circle: Area = { kind: 'circle', center: [5, 0], radiusKm: DEGREE_KM };
    const [from, to] = arcStretchInArea([0, 0], [10, 0], circle);
    expect(from).toBeCloseTo(0.4, 2);
    expect(to).toBeCloseTo(0.6, 2);
    // Clipped to the arc's ends, and none for an arc that passes by (exact, with vectors).
    const [start, end] = arcStretchInArea([4.5, 0], [10, 0], circle);
    expect(start).toBe(0);
    expect(end).toBeCloseTo(1.5 / 5.5, 2);
    expect(capStretchOfArc(capOf([5, 3], DEGREE_KM), arcOf([0, 0], [10, 0]))).toBeNull();
    expect(capStretchOfArc(capOf([5, 0], DEGREE_KM), arcOf([5, 0.5], [5, 0.5]))).toEqual([0, 1]);
  });

  it('is the part within a polygon, and the whole arc when it only grazes the area', () => {
    const square: Area = {
      kind: 'polygons',
      polygons: [
        [
          [
            [7, -1],
            [9, -1],
            [9, 1],
            [7, 1],
            [7, -1],
          ],
        ],
      ],
    };
    // Sampled every 25 km along 1,112 km: within a step of the edges.
    const [from, to] = arcStretchInArea([0, 0], [10, 0], square);
    expect(Math.abs(from - 0.7)).toBeLessThan(25 / 1112);
    expect(Math.abs(to - 0.9)).toBeLessThan(25 / 1112);
    const grazed: Area = { kind: 'circle', center: [5, 1.001], radiusKm: DEGREE_KM };
    expect(arcStretchInArea([0, 0], [10, 0], grazed)).toEqual([0, 1]);
  });
});

describe('shipment routes', () => {
  const base = {
    position: [5, 0] as const,
    origin: [0, 0] as const,
    destination: [20, 0] as const,
  };

  it('joins the ends through the given waypoints; air flies a great circle; otherwise via now', () => {
    expect(fullRoute({ ...base, mode: 'SEA', waypoints: [[10, 1]] })).toEqual([
      [0, 0],
      [10, 1],
      [20, 0],
    ]);
    expect(fullRoute({ ...base, mode: 'ROAD', waypoints: null })).toEqual([
      [0, 0],
      [5, 0],
      [20, 0],
    ]);
    expect(fullRoute({ ...base, mode: 'AIR', waypoints: null }).length).toBeGreaterThan(5);
  });

  it('keeps only what lies ahead of where the shipment is', () => {
    const route = {
      ...base,
      position: [12, 0.8] as const,
      mode: 'SEA' as const,
      waypoints: [
        [5, 0],
        [10, 1],
        [15, 1],
      ] as [number, number][],
    };
    expect(remainingRoute(route)).toEqual([
      [12, 0.8],
      [15, 1],
      [20, 0],
    ]);
    expect(remainingRoute({ ...base, mode: 'ROAD', waypoints: null })).toEqual([
      [5, 0],
      [20, 0],
    ]);
  });
});

describe('where a shipment is estimated to be', () => {
  const DAY = 86_400_000;
  const t0 = new Date('2026-03-01T00:00:00Z');
  const at = (days: number) => new Date(t0.getTime() + days * DAY);
  // Along the equator, 0° → 10° → 20°: 2,224 km in two equal legs.
  const route = {
    mode: 'SEA' as const,
    position: [0, 0] as const,
    origin: [0, 0] as const,
    destination: [20, 0] as const,
    waypoints: [[10, 0]] as [number, number][],
  };
  const moving: Movement = { status: 'IN_TRANSIT', positionAt: t0, departureAt: t0, eta: at(10) };
  const near = (point: readonly [number, number], lng: number, lat = 0) => {
    expect(point[0]).toBeCloseTo(lng, 6);
    expect(point[1]).toBeCloseTo(lat, 6);
  };

  it('walks a path by distance, across its legs', () => {
    const path = [
      [0, 0],
      [10, 0],
      [10, 10],
    ] as const;
    expect(pathKm(path)).toBeCloseTo(2 * haversineKm([0, 0], [10, 0]), 6);
    near(pathFrom(path, haversineKm([0, 0], [5, 0]))[0] as LngLat, 5);
    expect(pathFrom(path, haversineKm([0, 0], [5, 0])).slice(1)).toEqual([
      [10, 0],
      [10, 10],
    ]);
    const onSecondLeg = pathFrom(
      path,
      haversineKm([0, 0], [10, 0]) + haversineKm([10, 0], [10, 4]),
    );
    near(onSecondLeg[0] as LngLat, 10, 4);
    expect(onSecondLeg).toHaveLength(2);
    expect(pathFrom(path, 1e6)).toEqual([[10, 10]]);
    near(pathFrom(path, 0)[0] as LngLat, 0);
  });

  it('advances at an even pace from its start to arrive at its ETA', () => {
    near(estimatedPosition(route, moving, at(0)), 0);
    near(estimatedPosition(route, moving, at(2.5)), 5);
    // Past the waypoint, on the second leg.
    near(estimatedPosition(route, moving, at(7.5)), 15);
    // At its ETA and after it: at the destination.
    near(estimatedPosition(route, moving, at(10)), 20);
    near(estimatedPosition(route, moving, at(30)), 20);
  });

  it('starts from the later of its given position and its departure', () => {
    // Reported at 10° on day 5: the rest of the way in the 5 days left.
    const reported = { ...route, position: [10, 0] as const };
    near(estimatedPosition(reported, { ...moving, positionAt: at(5) }, at(7.5)), 15);
    // Not gone yet: where it was given until it departs, then the whole way by its ETA.
    const later = { ...moving, departureAt: at(4), eta: at(8) };
    near(estimatedPosition(route, later, at(3)), 0);
    near(estimatedPosition(route, later, at(6)), 10);
    expect(travelWindow(route, later)).toEqual([at(4).getTime(), at(8).getTime()]);
  });

  it('stays where it was given when nothing says it moves', () => {
    const stays = (movement: Partial<Movement>, facts: RouteFacts = route) =>
      near(estimatedPosition(facts, { ...moving, ...movement }, at(5)), facts.position[0]);
    stays({ eta: null });
    stays({ status: 'DELIVERED' });
    // Planned with no departure: it has not left.
    stays({ status: 'PLANNED', departureAt: null });
    // An ETA before the position was given: stale, not a reason to jump to the destination.
    stays({ positionAt: at(4), eta: at(3) });
    stays({}, { ...route, destination: null });
    // A planned one that was given its departure does leave.
    near(estimatedPosition(route, { ...moving, status: 'PLANNED' }, at(5)), 10);
  });
});

describe('circle tests with unit vectors agree with the distances', () => {
  it('decides caps and arcs as haversine and cross-track distance do, on random cases', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const point = (): [number, number] => [random() * 360 - 180, random() * 170 - 85];
    let disagreements = 0;
    for (let i = 0; i < 5000; i += 1) {
      const center = point();
      const radius = 50 + random() * 2000;
      const [a, b] = [point(), point()];
      // Arcs up to a quarter of the globe, as route pieces and more.
      if (haversineKm(a, b) > 10_000) continue;
      const cap = capOf(center, radius);
      const byVector = capTouchesArc(cap, arcOf(a, b));
      const byDistance = distanceToArcKm(center, a, b) <= radius;
      // Within a metre of the edge either answer is right.
      if (byVector !== byDistance && Math.abs(distanceToArcKm(center, a, b) - radius) > 0.001) {
        disagreements += 1;
      }
      const toA = haversineKm(center, a);
      if (Math.abs(toA - radius) > 0.001) expect(capContains(cap, toVec(a))).toBe(toA <= radius);
      // The distance the engine reports, from the same vectors: haversine's to a centimetre.
      expect(Math.abs(vecDistanceKm(toVec(center), toVec(a)) - toA)).toBeLessThan(1e-5);
    }
    expect(vecDistanceKm(toVec([4.4, 51.9]), toVec([4.4, 51.9]))).toBe(0);
    expect(disagreements).toBe(0);
  });

  it('sees an arc pass through a cap between its ends, and pass by', () => {
    const cap = capOf([5, 0], 100);
    expect(capTouchesArc(cap, arcOf([0, 0], [10, 0]))).toBe(true);
    expect(capTouchesArc(cap, arcOf([0, 2], [10, 2]))).toBe(false);
    // The cap is on the arc's great circle but behind its start.
    expect(capTouchesArc(cap, arcOf([8, 0], [20, 0]))).toBe(false);
  });
});
