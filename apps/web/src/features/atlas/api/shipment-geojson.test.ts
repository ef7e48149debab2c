import { decodeShipmentMap, encodeShipmentMap } from '@meridian/contracts/constants';
import type { FeatureCollection, Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { shipmentGeoJson } from './shipment-geojson';

const read = async (blob: Blob) => JSON.parse(await blob.text()) as FeatureCollection<Point>;

describe('shipmentGeoJson', () => {
  const map = decodeShipmentMap(
    encodeShipmentMap({
      tag: '0123456789abcdef',
      total: 3,
      lng: [4.4792, -0.1276, 121.4737],
      lat: [51.9225, 51.5072, 31.2304],
      ordinals: [0, 5, 9],
      statuses: [0, 1, 2],
      exposed: [false, true, false],
    }),
  );

  it('writes every shipment as a point whose only property is its ordinal', async () => {
    const { blob, count } = shipmentGeoJson(map, () => true);
    const document = await read(blob);
    expect(count).toBe(3);
    expect(document.type).toBe('FeatureCollection');
    expect(document.features.map((feature) => feature.properties)).toEqual([
      { ordinal: 0 },
      { ordinal: 5 },
      { ordinal: 9 },
    ]);
    // Five decimals: the float32 positions come back without their noise.
    expect(document.features[0]?.geometry.coordinates).toEqual([4.4792, 51.9225]);
    expect(document.features[2]?.geometry.coordinates).toEqual([121.4737, 31.2304]);
  });

  it('keeps only the shipments asked for, and is a valid document when none is', async () => {
    const exposed = shipmentGeoJson(map, (i) => map.exposed[i] === 1);
    expect(exposed.count).toBe(1);
    expect((await read(exposed.blob)).features.map((f) => f.properties)).toEqual([{ ordinal: 5 }]);
    const none = shipmentGeoJson(map, () => false);
    expect(none.count).toBe(0);
    expect((await read(none.blob)).features).toEqual([]);
  });

  it('joins chunks of thousands of features into one document', async () => {
    const many = 10_000;
    const large = {
      lng: Float32Array.from({ length: many }, (_, i) => (i % 360) - 180),
      lat: Float32Array.from({ length: many }, (_, i) => (i % 170) - 85),
      ordinals: Uint32Array.from({ length: many }, (_, i) => i),
    };
    const { blob, count } = shipmentGeoJson(large, () => true);
    const document = await read(blob);
    expect(count).toBe(many);
    expect(document.features).toHaveLength(many);
    expect(document.features.at(-1)?.properties).toEqual({ ordinal: many - 1 });
  });
});
