import type { FeatureCollection, Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { clusterShipments, clustersInView } from './shipment-clusters';

type Properties = {
  ordinal?: number;
  cluster_id?: number;
  point_count?: number;
  point_count_abbreviated?: number | string;
};
const read = async (blob: Blob) =>
  JSON.parse(await blob.text()) as FeatureCollection<Point, Properties>;
const WORLD = [-180, -85, 180, 85] as [number, number, number, number];

/** 1,200 shipments around Rotterdam, 300 around Shanghai, one in Santos. */
function shipments() {
  const lng: number[] = [];
  const lat: number[] = [];
  const add = (count: number, [x, y]: [number, number]) => {
    for (let i = 0; i < count; i += 1) {
      lng.push(x + ((i % 40) - 20) * 0.01);
      lat.push(y + (Math.floor(i / 40) - 15) * 0.01);
    }
  };
  add(1200, [4.48, 51.92]);
  add(300, [121.47, 31.23]);
  add(1, [-46.33, -23.96]);
  return {
    lng: Float32Array.from(lng),
    lat: Float32Array.from(lat),
    ordinals: Uint32Array.from(lng, (_, i) => i * 2),
  };
}

describe('shipment clusters', () => {
  const index = clusterShipments(shipments());

  it('gives the world view a few clusters that hold every shipment', async () => {
    const { blob, features } = clustersInView(index, { bbox: WORLD, zoom: 1 });
    const document = await read(blob);
    expect(features).toBe(document.features.length);
    expect(features).toBeLessThan(10);
    const held = document.features.reduce(
      (sum, feature) => sum + (feature.properties.point_count ?? 1),
      0,
    );
    expect(held).toBe(1501);
    const rotterdam = document.features.find((feature) => feature.properties.point_count === 1200);
    expect(rotterdam?.properties.point_count_abbreviated).toBe('1.2k');
    // The lone shipment in Santos is itself, named by its ordinal.
    expect(document.features).toContainEqual(
      expect.objectContaining({ properties: { ordinal: 3000 } }),
    );
  });

  it('answers a view zoomed past the clusters with the single shipments in it only', async () => {
    const bbox: [number, number, number, number] = [121, 31, 122, 32];
    const document = await read(clustersInView(index, { bbox, zoom: 9 }).blob);
    expect(document.features).toHaveLength(300);
    for (const feature of document.features) {
      expect(feature.properties.cluster_id).toBeUndefined();
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      expect(lng).toBeGreaterThan(121);
      expect(lat).toBeLessThan(32);
    }
  });

  it('takes a view wider than the world as the world', async () => {
    const wide = await read(clustersInView(index, { bbox: [-400, -85, 400, 85], zoom: 0 }).blob);
    const held = wide.features.reduce(
      (sum, feature) => sum + (feature.properties.point_count ?? 1),
      0,
    );
    expect(held).toBe(1501);
  });

  it('tells where a cluster splits', async () => {
    const document = await read(clustersInView(index, { bbox: WORLD, zoom: 2 }).blob);
    const cluster = document.features.find(
      (feature) => feature.properties.cluster_id !== undefined,
    );
    expect(index.getClusterExpansionZoom(cluster?.properties.cluster_id ?? -1)).toBeGreaterThan(2);
  });
});
