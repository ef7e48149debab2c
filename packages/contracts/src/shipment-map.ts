import { SHIPMENT_STATUSES } from './roles.js';

type ShipmentStatusValue = (typeof SHIPMENT_STATUSES)[number];

/**
 * The map's shipments in a compact binary form (GET /atlas/shipments/map), defined once for the
 * server that writes it and the browser that reads it. Little-endian throughout:
 *
 * | offset  | size | field                                                                |
 * | ------- | ---- | -------------------------------------------------------------------- |
 * | 0       | 4    | magic `MSHP`                                                         |
 * | 4       | 1    | format version (2)                                                   |
 * | 5       | 3    | reserved (0)                                                         |
 * | 8       | 4    | count n of shipments in this body (those in the bounding box)        |
 * | 12      | 4    | total shipments of the organization at this version                  |
 * | 16      | 8    | tag: names the shipments' version, the same in the id list           |
 * | 24      | 4n   | longitude, float32                                                   |
 * | 24+4n   | 4n   | latitude, float32                                                    |
 * | 24+8n   | 4n   | ordinal, uint32, delta-coded: each the gap to the previous one       |
 * | 24+12n  | n    | flags, uint8: the low 7 bits an index into SHIPMENT_STATUSES, the    |
 * |         |      | high bit (EXPOSED_FLAG) set when some incident of the scope reaches  |
 * |         |      | the shipment now                                                     |
 *
 * The body is all the map draws (points, and red rings on exposed ones). A shipment's ordinal is
 * its place in the organization's shipments ordered by id at this tag: hovering one asks for its
 * details by ordinal and tag (GET /atlas/shipments/map/details), and the id list of the same tag
 * (GET /atlas/shipments/map/ids) names them all for API clients. Ids are kept out of the body
 * because an organization's UUIDs alone would be 1.9 MB of brotli for 100,000 shipments, where
 * the positions are 0.73 MB. Ordinals ascend, so their gaps are 1 for a whole-world view and
 * small in any other: they compress to almost nothing. Version 1 had no exposed bit.
 */
export const SHIPMENT_MAP_FORMAT = {
  contentType: 'application/vnd.meridian.shipment-map',
  magic: 'MSHP',
  version: 2,
  headerBytes: 24,
  tagBytes: 8,
  /** Bytes per shipment: two float32 positions, a uint32 ordinal and a flags byte. */
  bytesPerShipment: 13,
} as const;

export type ShipmentMap = {
  /** Hex of the 8-byte tag: pairs the body with the id list of the same data version. */
  tag: string;
  /** The organization's shipments at this version, in view or not. */
  total: number;
  lng: Float32Array<ArrayBuffer>;
  lat: Float32Array<ArrayBuffer>;
  /** Each shipment's index in the id list of the same tag. */
  ordinals: Uint32Array<ArrayBuffer>;
  /** Each shipment's index in SHIPMENT_STATUSES. */
  statuses: Uint8Array<ArrayBuffer>;
  /** 1 where some incident of the scope reaches the shipment now, else 0. */
  exposed: Uint8Array<ArrayBuffer>;
};

/** What the server encodes: positions in full precision, ordinals ascending. */
export type ShipmentMapInput = {
  tag: string;
  total: number;
  lng: ArrayLike<number>;
  lat: ArrayLike<number>;
  ordinals: ArrayLike<number>;
  statuses: ArrayLike<number>;
  exposed: ArrayLike<boolean>;
};

/** The flags byte's high bit: the shipment is exposed. The low bits hold the status. */
export const EXPOSED_FLAG = 0x80;

/** A status's index in the body's status column (unknown text reads as the first). */
export const shipmentStatusCode = (status: string): number =>
  Math.max(0, SHIPMENT_STATUSES.indexOf(status as ShipmentStatusValue));

export const shipmentStatusOf = (code: number): ShipmentStatusValue =>
  SHIPMENT_STATUSES[code] ?? SHIPMENT_STATUSES[0];

const TAG_PATTERN = /^[0-9a-f]{16}$/;

export function encodeShipmentMap(input: ShipmentMapInput): Uint8Array<ArrayBuffer> {
  const { headerBytes, tagBytes, bytesPerShipment } = SHIPMENT_MAP_FORMAT;
  const count = input.lng.length;
  if (
    input.lat.length !== count ||
    input.ordinals.length !== count ||
    input.statuses.length !== count ||
    input.exposed.length !== count
  )
    throw new Error('shipment map columns differ in length');
  if (!TAG_PATTERN.test(input.tag)) throw new Error('shipment map tag must be 16 hex digits');
  const bytes = new Uint8Array(headerBytes + count * bytesPerShipment);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i += 1) bytes[i] = SHIPMENT_MAP_FORMAT.magic.charCodeAt(i);
  bytes[4] = SHIPMENT_MAP_FORMAT.version;
  view.setUint32(8, count, true);
  view.setUint32(12, input.total, true);
  for (let i = 0; i < tagBytes; i += 1)
    bytes[16 + i] = Number.parseInt(input.tag.slice(2 * i, 2 * i + 2), 16);
  const latAt = headerBytes + 4 * count;
  const ordinalAt = headerBytes + 8 * count;
  const statusAt = headerBytes + 12 * count;
  let previous = 0;
  for (let i = 0; i < count; i += 1) {
    const ordinal = input.ordinals[i] ?? 0;
    if (ordinal < previous) throw new Error('shipment map ordinals must ascend');
    view.setFloat32(headerBytes + 4 * i, input.lng[i] ?? 0, true);
    view.setFloat32(latAt + 4 * i, input.lat[i] ?? 0, true);
    view.setUint32(ordinalAt + 4 * i, ordinal - previous, true);
    bytes[statusAt + i] =
      ((input.statuses[i] ?? 0) & ~EXPOSED_FLAG) | (input.exposed[i] ? EXPOSED_FLAG : 0);
    previous = ordinal;
  }
  return bytes;
}

/** Reads a body; throws on anything that is not one (a proxy's error page, a newer format). */
export function decodeShipmentMap(body: ArrayBuffer | Uint8Array): ShipmentMap {
  const { headerBytes, tagBytes, bytesPerShipment } = SHIPMENT_MAP_FORMAT;
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (bytes.length < headerBytes || magic !== SHIPMENT_MAP_FORMAT.magic)
    throw new Error('not a shipment map');
  if (bytes[4] !== SHIPMENT_MAP_FORMAT.version)
    throw new Error(`unknown shipment map version ${bytes[4]}`);
  const count = view.getUint32(8, true);
  if (bytes.length !== headerBytes + count * bytesPerShipment)
    throw new Error('shipment map length does not match its count');
  let tag = '';
  for (let i = 0; i < tagBytes; i += 1) tag += (bytes[16 + i] ?? 0).toString(16).padStart(2, '0');
  const lng = new Float32Array(count);
  const lat = new Float32Array(count);
  const ordinals = new Uint32Array(count);
  const latAt = headerBytes + 4 * count;
  const ordinalAt = headerBytes + 8 * count;
  let ordinal = 0;
  for (let i = 0; i < count; i += 1) {
    lng[i] = view.getFloat32(headerBytes + 4 * i, true);
    lat[i] = view.getFloat32(latAt + 4 * i, true);
    ordinal += view.getUint32(ordinalAt + 4 * i, true);
    ordinals[i] = ordinal;
  }
  const statusAt = headerBytes + 12 * count;
  const statuses = new Uint8Array(count);
  const exposed = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    const flags = bytes[statusAt + i] ?? 0;
    statuses[i] = flags & ~EXPOSED_FLAG;
    exposed[i] = flags & EXPOSED_FLAG ? 1 : 0;
  }
  return { tag, total: view.getUint32(12, true), lng, lat, ordinals, statuses, exposed };
}

/**
 * A bounding box in degrees, as the map reports its view; `west > east` crosses the
 * antimeridian (a view of the Pacific from 170° to -170°).
 */
export type Bbox = { west: number; south: number; east: number; north: number };

export const bboxContains = (bbox: Bbox, lng: number, lat: number): boolean =>
  lat >= bbox.south &&
  lat <= bbox.north &&
  (bbox.west <= bbox.east
    ? lng >= bbox.west && lng <= bbox.east
    : lng >= bbox.west || lng <= bbox.east);
