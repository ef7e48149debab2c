import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, SERVER_START_TIMEOUT_MS, test } from './test';
import { eq } from 'drizzle-orm';
import { incidents, organizations, shipments } from '../../apps/server/src/db/schema';
import {
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../apps/server/src/test/test-server';

const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

type IncidentRow = typeof incidents.$inferInsert;
type ShipmentRow = typeof shipments.$inferInsert;

export type WorldAccount = { email: string; password: string };

export type AtlasWorld = {
  server: TestServer;
  baseUrl: string;
  /** Acme: a full street address (with commas), four incidents, three shipments. */
  acme: {
    id: string;
    manager: WorldAccount;
    incidents: Record<'strike' | 'flood' | 'customs' | 'road', string>;
  };
  /** Borealis: only a country as its address (no comma), one incident, one shipment. */
  borealis: { id: string; viewer: WorldAccount; incidentId: string };
  /** Cirrus: no address, no incidents, no shipments. */
  cirrus: { id: string; viewer: WorldAccount };
  globalIncidentId: string;
  insertIncident: (row: IncidentRow) => Promise<string>;
};

const at = (iso: string) => new Date(iso);

/** Long enough to need the Summary box's own scroll bar. */
export const LONG_DESCRIPTION = Array.from(
  { length: 12 },
  (_, index) =>
    `Update ${index + 1}: dock workers continue the walkout; vessels are diverted to other ports.`,
).join(' ');

/**
 * A server of its own for the monitoring-screen tests: the API test harness (real app, real
 * HTTP, in-process PGlite) serving the production web build. Running in this process lets a
 * test insert incidents and shipments (no API creates them) even while the server runs.
 */
export function useAtlasWorld(): () => AtlasWorld {
  let world: AtlasWorld | undefined;

  beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS);
    const server = await startTestServer({ NODE_ENV: 'production', WEB_DIST_DIR: webDist });
    const db = server.database.db;
    const organization = async (
      name: string,
      address: Partial<typeof organizations.$inferInsert>,
    ) => {
      const row = await server.createOrganization(name);
      if (Object.keys(address).length > 0) {
        await db.update(organizations).set(address).where(eq(organizations.id, row.id));
      }
      return row.id;
    };
    const account = async (
      organizationId: string,
      email: string,
      adminRole: 'MANAGER' | 'VIEWER',
    ) => {
      await server.createUser({ organizationId, email, adminRole });
      return { email, password: TEST_PASSWORD };
    };
    const insertIncident = async (row: IncidentRow) => {
      const [inserted] = await db.insert(incidents).values(row).returning({ id: incidents.id });
      if (!inserted) throw new Error('incident not inserted');
      return inserted.id;
    };
    const insertShipments = (rows: ShipmentRow[]) => db.insert(shipments).values(rows);

    const acmeId = await organization('Acme Logistics', {
      addressLine1: '1 Canada Square',
      city: 'London',
      zipCode: 'E14 5AB',
      country: 'United Kingdom',
    });
    const borealisId = await organization('Borealis Freight', { country: 'Norway' });
    const cirrusId = await organization('Cirrus Supply', {});

    const acmeIncidents = {
      strike: await insertIncident({
        organizationId: acmeId,
        title: 'Port strike in Felixstowe',
        description: LONG_DESCRIPTION,
        severity: 'CRITICAL',
        status: 'OPEN',
        lat: 51.9617,
        lng: 1.3513,
        countryCode: 'GB',
        updatedAt: at('2025-09-20T10:00:00Z'),
      }),
      flood: await insertIncident({
        organizationId: acmeId,
        title: 'Flooding near Rotterdam',
        description: 'River levels close two container terminals.',
        severity: 'HIGH',
        status: 'IN_PROGRESS',
        lat: 51.9225,
        lng: 4.4792,
        countryCode: 'NL',
        updatedAt: at('2025-09-19T08:30:00Z'),
      }),
      customs: await insertIncident({
        organizationId: acmeId,
        title: 'Customs backlog',
        description: null,
        severity: 'MEDIUM',
        status: 'RESOLVED',
        updatedAt: at('2025-09-18T12:00:00Z'),
      }),
      road: await insertIncident({
        organizationId: acmeId,
        title: 'Road closure near Lyon',
        description: 'The A7 is closed southbound after a landslide.',
        severity: 'LOW',
        status: 'OPEN',
        lat: 45.764,
        lng: 4.8357,
        countryCode: 'FR',
        updatedAt: at('2025-09-17T07:15:00Z'),
      }),
    };
    const globalIncidentId = await insertIncident({
      organizationId: null,
      title: 'Suez Canal transit delays',
      description: 'Convoys are running with extra spacing after a grounding.',
      severity: 'HIGH',
      status: 'OPEN',
      lat: 30.5852,
      lng: 32.2654,
      countryCode: 'EG',
      updatedAt: at('2025-09-21T09:00:00Z'),
    });
    const borealisIncidentId = await insertIncident({
      organizationId: borealisId,
      title: 'Warehouse fire in Oslo',
      description: 'Borealis only: must never show for Acme.',
      severity: 'CRITICAL',
      status: 'OPEN',
      lat: 59.9139,
      lng: 10.7522,
      countryCode: 'NO',
      updatedAt: at('2025-09-22T09:00:00Z'),
    });
    const shipment = (
      id: string,
      organizationId: string,
      lat: number,
      lng: number,
    ): ShipmentRow => ({
      id,
      organizationId,
      reference: `REF-${id}`,
      origin: 'Shanghai',
      destination: 'Felixstowe',
      mode: 'SEA',
      lat,
      lng,
    });
    await insertShipments([
      shipment('ACME-1', acmeId, 52.05, 1.2),
      shipment('ACME-2', acmeId, 51.5072, -0.1276),
      shipment('ACME-3', acmeId, 40.7128, -74.006),
      shipment('BOR-1', borealisId, 51.95, 1.3),
    ]);

    // Incidents written straight to the table queue no exposure job: match them now.
    await server.recomputeExposure();
    world = {
      server,
      baseUrl: server.url,
      acme: {
        id: acmeId,
        manager: await account(acmeId, 'dana.fields@acme.example', 'MANAGER'),
        incidents: acmeIncidents,
      },
      borealis: {
        id: borealisId,
        viewer: await account(borealisId, 'olaf.berg@borealis.example', 'VIEWER'),
        incidentId: borealisIncidentId,
      },
      cirrus: {
        id: cirrusId,
        viewer: await account(cirrusId, 'cora.hale@cirrus.example', 'VIEWER'),
      },
      globalIncidentId,
      insertIncident,
    };
  });

  afterAll(async () => {
    await world?.server.close();
  });

  return () => {
    if (!world) throw new Error('The Atlas world is not ready');
    return world;
  };
}

export const SCREENSHOT_DIR = path.join(
  fileURLToPath(new URL('../..', import.meta.url)),
  'e2e/screenshots',
);
