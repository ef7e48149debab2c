import Flatbush from 'flatbush';
import { type BBox, pathBoxes } from '../../lib/geo/area.js';
import { type RouteFacts, pathKm, routeAheadAt, travelWindow } from '../../lib/geo/route.js';
import { type LngLat, greatCircle, haversineKm } from '../../lib/geo/sphere.js';
import { type Arc, type Vec, arcOf, toVec } from '../../lib/geo/vector.js';
import type { MatchableShipment, MatchableSite } from './exposure.repository.js';

/** A shipment as indexed: where it is, and the route ahead cut into pieces. */
export type IndexedShipment = MatchableShipment & {
  position: LngLat;
  /** The same as a unit vector, for the fast circle tests. */
  positionVec: Vec;
  /** The route still ahead as short arcs [from, to]. */
  pieces: [LngLat, LngLat][];
};

/** Riders' ETAs (epoch ms; NaN: none), by shipment index: compared in the hot loop. */
export type EtaTable = Float64Array;

/**
 * Pieces of route are at most this long: a box around a short arc is tight (an arc bulges
 * poleward of its ends by about L²/8R: 44 km at 1500 km, covered by the padding).
 */
const PIECE_KM = 1500;
const PAD_DEGREES = 0.5;

const point = (lng: number | null, lat: number | null): LngLat | null =>
  lng === null || lat === null ? null : [lng, lat];

const givenRoute = (shipment: MatchableShipment): RouteFacts => ({
  mode: shipment.mode,
  position: [shipment.lng, shipment.lat],
  origin: point(shipment.originLng, shipment.originLat),
  destination: point(shipment.destinationLng, shipment.destinationLat),
  waypoints: shipment.waypoints,
});

/**
 * The shipment's route still ahead as of `at`, from where it is estimated to be then (its
 * given position advanced along the route since it was given; see `routeAheadAt`).
 */
export const routeAheadOf = (shipment: MatchableShipment, at: Date): LngLat[] =>
  routeAheadAt(givenRoute(shipment), shipment, at);

/** Its ETA is still ahead of where `at` places it: its estimated position will change. */
const onItsWay = (shipment: MatchableShipment, at: Date) =>
  (travelWindow(givenRoute(shipment), shipment)?.[1] ?? 0) > at.getTime();

/** The path cut into arcs of at most PIECE_KM, following the great circles between points. */
function piecesOf(path: readonly LngLat[]): [LngLat, LngLat][] {
  const pieces: [LngLat, LngLat][] = [];
  for (let i = 1; i < path.length; i += 1) {
    const steps = greatCircle(path[i - 1] as LngLat, path[i] as LngLat, PIECE_KM);
    for (let j = 1; j < steps.length; j += 1)
      pieces.push([steps[j - 1] as LngLat, steps[j] as LngLat]);
  }
  return pieces;
}

const padded = ([minX, minY, maxX, maxY]: BBox): BBox => [
  minX - PAD_DEGREES,
  minY - PAD_DEGREES,
  maxX + PAD_DEGREES,
  maxY + PAD_DEGREES,
];

/** A static R-tree of boxes, each pointing back at (item, part). */
class BoxIndex<T> {
  private readonly tree: Flatbush | null;
  private readonly owners: Int32Array;
  private readonly parts: Int32Array;

  constructor(
    readonly items: readonly T[],
    boxesOf: (item: T) => [number, BBox][],
  ) {
    const all: [number, number, BBox][] = [];
    items.forEach((item, index) => {
      for (const [part, box] of boxesOf(item)) all.push([index, part, box]);
    });
    this.owners = new Int32Array(all.length);
    this.parts = new Int32Array(all.length);
    if (all.length === 0) {
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(all.length, 16, Float32Array);
    all.forEach(([owner, part, [minX, minY, maxX, maxY]], i) => {
      this.owners[i] = owner;
      this.parts[i] = part;
      this.tree?.add(minX, minY, maxX, maxY);
    });
    this.tree.finish();
  }

  /**
   * Calls `visit(item index, part)` for every box touching any of the query boxes: no lists
   * are built, so an incident over a busy port (tens of thousands of route pieces) costs only
   * its tests. An item may be visited once per part and per query box: the caller dedupes.
   */
  visit(queries: readonly BBox[], visit: (owner: number, part: number) => void): void {
    const tree = this.tree;
    if (!tree) return;
    const { owners, parts } = this;
    for (const [minX, minY, maxX, maxY] of queries) {
      tree.search(minX, minY, maxX, maxY, (hit) => {
        visit(owners[hit] ?? 0, parts[hit] ?? -1);
        return false; // nothing is collected
      });
    }
  }
}

/** A piece of route ahead of one or more shipments, tested once per incident whoever rides it. */
export type RoutePiece = {
  ends: [LngLat, LngLat];
  arc: Arc;
  /** Indexes (into `shipments.items`) of the shipments with this piece ahead of them. */
  riders: number[] | Int32Array;
  /**
   * When each rider is estimated to reach the piece's start and its end (epoch ms, in the
   * riders' order; NaN when its pace is not known: no departure or ETA to pace it by).
   */
  enters: number[] | Float64Array;
  leaves: number[] | Float64Array;
};

/**
 * When the shipment is estimated at each piece's start and end: it covers the route ahead at an
 * even pace from `at` (or its departure, if later) to its ETA, as `routeAheadAt` places it.
 */
function paceOf(
  shipment: MatchableShipment,
  ahead: readonly LngLat[],
  pieces: readonly [LngLat, LngLat][],
  at: Date,
): [number, number][] {
  const window = travelWindow(givenRoute(shipment), shipment);
  const totalKm = pathKm(ahead);
  if (!window || totalKm === 0) return pieces.map(() => [NaN, NaN]);
  const start = Math.max(at.getTime(), window[0]);
  const msPerKm = (window[1] - start) / totalKm;
  let km = 0;
  return pieces.map(([from, to]) => {
    const enter = start + km * msPerKm;
    km += haversineKm(from, to);
    return [enter, start + km * msPerKm];
  });
}

/**
 * An organization's sites and live shipments in spatial indexes: sites by their point,
 * shipments by their position, and the pieces of route still ahead of them. Shipments on the
 * same lane share most of their route ahead (the legs between the lane's waypoints are cut the
 * same way for all): each distinct piece is indexed once with the shipments riding it, so an
 * incident over a busy lane tests the lane once, not once per ship. An incident's recompute
 * asks for what its area's box touches, and tests exactly only those.
 */
export class OrganizationIndex {
  readonly sites: BoxIndex<MatchableSite>;
  readonly shipments: BoxIndex<IndexedShipment>;
  readonly routes: BoxIndex<RoutePiece>;
  readonly etas: EtaTable;
  /** Some shipment is still on its way after `at`: its estimated position will change. */
  readonly moving: boolean;

  /** `at`: the moment shipments are placed at (each where it is estimated to be then). */
  constructor(
    readonly version: string,
    sites: readonly MatchableSite[],
    shipments: readonly MatchableShipment[],
    readonly at: Date,
  ) {
    this.sites = new BoxIndex(sites, (site) => [[-1, [site.lng, site.lat, site.lng, site.lat]]]);
    let moving = false;
    const paces: [number, number][][] = [];
    const indexed = shipments.map((shipment): IndexedShipment => {
      moving ||= onItsWay(shipment, at);
      const ahead = routeAheadOf(shipment, at);
      const position = ahead[0] as LngLat;
      const pieces = piecesOf(ahead);
      paces.push(paceOf(shipment, ahead, pieces, at));
      return { ...shipment, position, positionVec: toVec(position), pieces };
    });
    this.moving = moving;
    this.etas = Float64Array.from(indexed, (shipment) => shipment.eta?.getTime() ?? NaN);
    const byKey = new Map<string, RoutePiece>();
    indexed.forEach((shipment, rider) => {
      shipment.pieces.forEach((piece, part) => {
        const [enter, leave] = paces[rider]?.[part] ?? [NaN, NaN];
        const key = `${piece[0][0]},${piece[0][1]},${piece[1][0]},${piece[1][1]}`;
        const known = byKey.get(key);
        if (!known) {
          byKey.set(key, {
            ends: piece,
            arc: arcOf(piece[0], piece[1]),
            riders: [rider],
            enters: [enter],
            leaves: [leave],
          });
        } else if (known.riders.at(-1) !== rider) {
          (known.riders as number[]).push(rider);
          (known.enters as number[]).push(enter);
          (known.leaves as number[]).push(leave);
        }
      });
    });
    this.shipments = new BoxIndex(indexed, (shipment) => [
      [
        -1,
        [shipment.position[0], shipment.position[1], shipment.position[0], shipment.position[1]],
      ],
    ]);
    this.routes = new BoxIndex([...byKey.values()], (piece) =>
      pathBoxes(piece.ends).map((box): [number, BBox] => [0, padded(box)]),
    );
    // Each piece's riders as a typed array: the hot loop reads them without boxing.
    for (const piece of this.routes.items) {
      piece.riders = Int32Array.from(piece.riders);
      piece.enters = Float64Array.from(piece.enters);
      piece.leaves = Float64Array.from(piece.leaves);
    }
  }
}
