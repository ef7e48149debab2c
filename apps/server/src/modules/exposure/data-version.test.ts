import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments, sites } from '../../db/schema.js';
import { type TestServer, startTestServer } from '../../test/test-server.js';
import { exposureRepository as repository } from './exposure.repository.js';

let server: TestServer;
let acme: string;
let globex: string;

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '0' });
  acme = (await server.createOrganization('Acme Versions')).id;
  globex = (await server.createOrganization('Globex Versions')).id;
});
afterAll(() => server.close());

describe("an organization's data version (the exposure index's)", () => {
  it('moves with every statement that changes its sites or shipments, and only its own', async () => {
    const { db } = server.database;
    const versions = async () => [
      await repository.indexVersion(db, acme),
      await repository.indexVersion(db, globex),
    ];
    const seen = new Set<string>();
    const step = async (change: () => Promise<unknown>) => {
      const [before, other] = await versions();
      await change();
      const [after, otherAfter] = await versions();
      expect(after).not.toBe(before);
      expect(otherAfter).toBe(other);
      expect(seen.has(after ?? '')).toBe(false);
      seen.add(after ?? '');
    };
    expect(await versions()).toEqual(['0|0', '0|0']);
    let siteIds: string[] = [];
    await step(async () => {
      siteIds = (
        await db
          .insert(sites)
          .values([
            { organizationId: acme, name: 'Mill', lat: 1, lng: 1 },
            { organizationId: acme, name: 'Plant', lat: 2, lng: 2 },
          ])
          .returning({ id: sites.id })
      ).map((row) => row.id);
    });
    await step(() =>
      db
        .update(sites)
        .set({ name: 'Old mill' })
        .where(eq(sites.id, siteIds[0] ?? '')),
    );
    const shipmentId = 'VERSION-PO-1';
    await step(() =>
      db.insert(shipments).values({
        id: shipmentId,
        organizationId: acme,
        reference: 'PO-1',
        origin: 'Shanghai',
        destination: 'Rotterdam',
        mode: 'SEA',
        lat: 1,
        lng: 1,
      }),
    );
    await step(() =>
      db.update(shipments).set({ carrier: 'Maersk' }).where(eq(shipments.id, shipmentId)),
    );
    await step(() => db.delete(shipments).where(eq(shipments.id, shipmentId)));
    await step(() => db.delete(sites).where(inArray(sites.id, siteIds)));
    // A statement that changes nothing keeps it.
    const [kept] = await versions();
    await db.update(sites).set({ name: 'x' }).where(eq(sites.organizationId, globex));
    expect((await versions())[0]).toBe(kept);
  });
});
