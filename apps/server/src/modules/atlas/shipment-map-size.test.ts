import { encodeShipmentMap, shipmentStatusCode } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { ALL_LANES, generateShipments } from '../../bootstrap/demo/generate.js';
import { compress } from '../../lib/versioned-json.js';

/**
 * Issue #19's budget: the map data of 100,000 shipments on the wire. A first Atlas load asks for
 * the body alone (points and exposure rings; no id list, details come one by one on hover).
 */
const WIRE_BUDGET_BYTES = 1.2 * 1024 * 1024;
const COUNT = 100_000;

type Row = { id: string; lat: number; lng: number; status: string };

/** The whole world's body as the service builds it (rows by id, ordinals 0…n-1), brotli as sent. */
async function wireBytes(rows: Row[]) {
  const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
  const body = encodeShipmentMap({
    tag: '0011223344556677',
    total: sorted.length,
    lng: sorted.map((row) => row.lng),
    lat: sorted.map((row) => row.lat),
    ordinals: sorted.map((_, i) => i),
    statuses: sorted.map((row) => shipmentStatusCode(row.status)),
    // One in twenty exposed, at random: the flag costs entropy the status column did not have.
    exposed: sorted.map((_, i) => (i * 2_654_435_761) % 2 ** 32 < 2 ** 32 / 20),
  });
  return { raw: body.length, brotli: (await compress(Buffer.from(body), 'br')).length };
}

describe('shipment map size', () => {
  it(`holds a first load of ${COUNT.toLocaleString('en')} demo shipments within 1.2 MB of brotli`, async () => {
    const rows = generateShipments({
      seed: 1,
      count: COUNT,
      owners: [{ organizationId: 'size', weight: 1, lanes: ALL_LANES }],
    }).map((row) => ({ id: row.id, lat: row.lat, lng: row.lng, status: row.status ?? '' }));
    const size = await wireBytes(rows);
    expect(size.raw).toBe(24 + 13 * COUNT);
    expect(size.brotli).toBeLessThanOrEqual(WIRE_BUDGET_BYTES);
  });

  it('stays within it for positions spread evenly over the world', async () => {
    let seed = 19;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      id: `${i}`.padStart(8, '0'),
      lat: random() * 180 - 90,
      lng: random() * 360 - 180,
      status: 'IN_TRANSIT',
    }));
    expect((await wireBytes(rows)).brotli).toBeLessThanOrEqual(WIRE_BUDGET_BYTES);
  });
});
