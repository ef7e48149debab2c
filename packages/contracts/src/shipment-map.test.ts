import { describe, expect, it } from 'vitest';
import { ShipmentMapDetailsQuery, ShipmentMapQuery } from './atlas.js';
import {
  EXPOSED_FLAG,
  SHIPMENT_MAP_FORMAT,
  bboxContains,
  decodeShipmentMap,
  encodeShipmentMap,
  shipmentStatusCode,
  shipmentStatusOf,
} from './shipment-map.js';

const input = {
  tag: '0123456789abcdef',
  total: 10,
  lng: [4.1234567, -179.99, 180],
  lat: [51.9, -89.5, 0],
  ordinals: [0, 3, 9],
  statuses: [shipmentStatusCode('IN_TRANSIT'), shipmentStatusCode('DELAYED'), 0],
  exposed: [false, true, false],
};

describe('shipment map encoding', () => {
  it('decodes what it encodes, positions to float32 precision', () => {
    const bytes = encodeShipmentMap(input);
    expect(bytes.length).toBe(SHIPMENT_MAP_FORMAT.headerBytes + 3 * 13);
    const map = decodeShipmentMap(bytes);
    expect(map.tag).toBe(input.tag);
    expect(map.total).toBe(10);
    expect([...map.ordinals]).toEqual([0, 3, 9]);
    expect([...map.lng]).toEqual(input.lng.map((value) => Math.fround(value)));
    expect([...map.lat]).toEqual(input.lat.map((value) => Math.fround(value)));
    expect([...map.statuses].map(shipmentStatusOf)).toEqual(['IN_TRANSIT', 'DELAYED', 'PLANNED']);
    expect([...map.exposed]).toEqual([0, 1, 0]);
  });

  it('keeps the exposed bit apart from the status in one byte', () => {
    const bytes = encodeShipmentMap({ ...input, exposed: [true, true, true] });
    const flags = bytes.subarray(SHIPMENT_MAP_FORMAT.headerBytes + 12 * 3);
    expect([...flags]).toEqual([
      EXPOSED_FLAG | shipmentStatusCode('IN_TRANSIT'),
      EXPOSED_FLAG | shipmentStatusCode('DELAYED'),
      EXPOSED_FLAG,
    ]);
    const map = decodeShipmentMap(bytes);
    expect([...map.statuses].map(shipmentStatusOf)).toEqual(['IN_TRANSIT', 'DELAYED', 'PLANNED']);
    expect([...map.exposed]).toEqual([1, 1, 1]);
  });

  it('reads a body at any offset of a larger buffer', () => {
    const bytes = encodeShipmentMap(input);
    const larger = new Uint8Array(bytes.length + 3);
    larger.set(bytes, 3);
    expect(decodeShipmentMap(larger.subarray(3)).ordinals).toEqual(new Uint32Array([0, 3, 9]));
  });

  it('encodes an empty map', () => {
    const map = decodeShipmentMap(
      encodeShipmentMap({
        tag: input.tag,
        total: 0,
        lng: [],
        lat: [],
        ordinals: [],
        statuses: [],
        exposed: [],
      }),
    );
    expect(map.lng.length).toBe(0);
    expect(map.total).toBe(0);
  });

  it('refuses what is not a shipment map', () => {
    expect(() => decodeShipmentMap(new TextEncoder().encode('{"message":"x"}'))).toThrow(
      'not a shipment map',
    );
    const truncated = encodeShipmentMap(input).slice(0, -1);
    expect(() => decodeShipmentMap(truncated)).toThrow('length');
    const future = encodeShipmentMap(input);
    future[4] = 1;
    expect(() => decodeShipmentMap(future)).toThrow('version 1');
    expect(() => encodeShipmentMap({ ...input, ordinals: [3, 1, 9] })).toThrow('ascend');
    expect(() => encodeShipmentMap({ ...input, exposed: [true] })).toThrow('length');
  });
});

describe('bboxContains', () => {
  it('keeps what is inside, edges included', () => {
    const box = { west: 3, south: 50, east: 5, north: 52 };
    expect(bboxContains(box, 4, 51)).toBe(true);
    expect(bboxContains(box, 3, 52)).toBe(true);
    expect(bboxContains(box, 6, 51)).toBe(false);
    expect(bboxContains(box, 4, 49)).toBe(false);
  });

  it('wraps across the antimeridian when west > east', () => {
    const pacific = { west: 170, south: -20, east: -170, north: 20 };
    expect(bboxContains(pacific, 175, 0)).toBe(true);
    expect(bboxContains(pacific, -175, 0)).toBe(true);
    expect(bboxContains(pacific, 0, 0)).toBe(false);
  });
});

describe('ShipmentMapQuery', () => {
  const problem = (query: Record<string, string>) =>
    ShipmentMapQuery.safeParse(query).error?.issues[0]?.message;

  it('reads the box and the zoom', () => {
    expect(ShipmentMapQuery.parse({ bbox: '170,-20.5,-170,20', zoom: '3' })).toEqual({
      scope: 'ORG',
      bbox: { west: 170, south: -20.5, east: -170, north: 20 },
      zoom: 3,
    });
  });

  it('says what is wrong with a box', () => {
    expect(problem({ bbox: '1,2,3' })).toMatch(/four numbers/);
    expect(problem({ bbox: '1,2,x,4' })).toMatch(/four numbers/);
    expect(problem({ bbox: '1,,3,4' })).toMatch(/four numbers/);
    expect(problem({ bbox: '-181,0,10,10' })).toMatch(/longitudes/);
    expect(problem({ bbox: '0,-91,10,10' })).toMatch(/latitudes/);
    expect(problem({ bbox: '0,10,10,5' })).toMatch(/south/);
    expect(problem({ zoom: '25' })).toMatch(/zoom/);
    expect(problem({ zoom: 'far' })).toMatch(/zoom/);
  });
});

describe('ShipmentMapDetailsQuery', () => {
  const problem = (query: Record<string, string>) =>
    ShipmentMapDetailsQuery.safeParse(query).error?.issues[0]?.message;

  it('reads an ordinal and a tag', () => {
    expect(ShipmentMapDetailsQuery.parse({ ordinal: '12', tag: '0123456789abcdef' })).toEqual({
      scope: 'ORG',
      ordinal: 12,
      tag: '0123456789abcdef',
    });
  });

  it('says what is wrong with them', () => {
    const tag = '0123456789abcdef';
    expect(problem({ ordinal: '-1', tag })).toMatch(/ordinal/);
    expect(problem({ ordinal: '1.5', tag })).toMatch(/ordinal/);
    expect(problem({ ordinal: 'x', tag })).toMatch(/ordinal/);
    expect(problem({ ordinal: '1', tag: 'xyz' })).toMatch(/tag/);
    expect(problem({ ordinal: '1', tag: tag.toUpperCase() })).toMatch(/tag/);
  });
});
