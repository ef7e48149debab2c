import { SHIPMENT_CLUSTERING } from '@/components/map/map-types';
import type { ShipmentMap } from '@meridian/contracts/constants';
import type { Feature, Point } from 'geojson';
import Supercluster from 'supercluster';
import { roundDegrees } from './shipment-geojson';

/** As the map clusters a short list: radius in pixels of its 512-pixel tiles. */
const CLUSTERING = {
  radius: SHIPMENT_CLUSTERING.radiusPx,
  extent: 512,
  maxZoom: SHIPMENT_CLUSTERING.maxZoom,
};

type ShipmentProperties = { ordinal: number };
export type ShipmentClusters = Supercluster<ShipmentProperties>;

/** A view as the map asks for it: [west, south, east, north] in degrees, and its zoom. */
export type ClusterView = { bbox: [number, number, number, number]; zoom: number };

/**
 * The shipments' cluster index, built once per body in the shipment-map worker: the map is then
 * given only what a view shows (a few hundred clusters at world zoom), never 100,000 points to
 * parse and cluster in its own workers.
 */
export function clusterShipments(
  map: Pick<ShipmentMap, 'lng' | 'lat' | 'ordinals'>,
): ShipmentClusters {
  const points = new Array<Feature<Point, ShipmentProperties>>(map.ordinals.length);
  for (let i = 0; i < map.ordinals.length; i += 1) {
    points[i] = {
      type: 'Feature',
      properties: { ordinal: map.ordinals[i] ?? 0 },
      geometry: {
        type: 'Point',
        coordinates: [roundDegrees(map.lng[i] ?? 0), roundDegrees(map.lat[i] ?? 0)],
      },
    };
  }
  return new Supercluster<ShipmentProperties>(CLUSTERING).load(points);
}

/**
 * What the map draws of a view: its clusters (point_count, point_count_abbreviated, cluster_id)
 * and single shipments (their ordinal), as a GeoJSON document.
 */
export function clustersInView(
  index: ShipmentClusters,
  { bbox, zoom }: ClusterView,
): { blob: Blob; features: number } {
  // A view wider than the world is the whole world (supercluster wraps the rest).
  const world = bbox[2] - bbox[0] >= 360;
  const box: [number, number, number, number] = world
    ? [-180, Math.max(-90, bbox[1]), 180, Math.min(90, bbox[3])]
    : [bbox[0], Math.max(-90, bbox[1]), bbox[2], Math.min(90, bbox[3])];
  const features = index.getClusters(box, zoom);
  const text = JSON.stringify({ type: 'FeatureCollection', features });
  return { blob: new Blob([text], { type: 'application/geo+json' }), features: features.length };
}
