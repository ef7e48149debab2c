import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '@meridian/contracts';
import { type LatLng, LANES, interpolate, lanePath, distanceKm } from './geography.js';
import { ALL_LANES, generateDemoData, generateShipments } from './generate.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Boxes well inside continents (never touching a coast, a strait or a canal). A point in one
 * is certainly on land; a coarse check, but it catches a sea lane cut across a continent.
 */
const LAND_BOXES: readonly { name: string; lat: [number, number]; lng: [number, number] }[] = [
  { name: 'Sahara and West Africa', lat: [8, 28], lng: [0, 30] },
  { name: 'southern Africa', lat: [-28, -5], lng: [17, 32] },
  { name: 'Arabia', lat: [18, 25], lng: [43, 50] },
  { name: 'India', lat: [14, 24], lng: [75, 80] },
  { name: 'Central Asia and Siberia', lat: [35, 60], lng: [60, 120] },
  { name: 'China', lat: [25, 40], lng: [100, 115] },
  { name: 'western Europe', lat: [46, 50.5], lng: [3, 20] },
  { name: 'North America', lat: [32, 48], lng: [-115, -82] },
  { name: 'Mexico', lat: [19, 27], lng: [-104, -99] },
  { name: 'South America', lat: [-20, -3], lng: [-70, -42] },
  { name: 'Australia', lat: [-32, -20], lng: [118, 145] },
];

const landBoxAt = ([lat, lng]: LatLng) =>
  LAND_BOXES.find(
    (box) => lat >= box.lat[0] && lat <= box.lat[1] && lng >= box.lng[0] && lng <= box.lng[1],
  );

describe('generateDemoData', () => {
  it('gives identical data, ids included, for the same seed', () => {
    expect(generateDemoData({ seed: 7, now: NOW })).toEqual(
      generateDemoData({ seed: 7, now: NOW }),
    );
  });

  it('gives different data for a different seed', () => {
    const a = generateDemoData({ seed: 7, now: NOW });
    const b = generateDemoData({ seed: 8, now: NOW });
    expect(b.organizations[0]?.id).not.toBe(a.organizations[0]?.id);
    expect(b.shipments.map((s) => s.id)).not.toEqual(a.shipments.map((s) => s.id));
    expect(b.incidents.map((i) => i.title)).not.toEqual(a.incidents.map((i) => i.title));
  });

  it('produces the default sizes and any requested size', () => {
    const standard = generateDemoData({ now: NOW });
    expect(standard.organizations).toHaveLength(3);
    expect(standard.incidents).toHaveLength(200);
    expect(standard.shipments).toHaveLength(2_000);
    const large = generateDemoData({ now: NOW, shipments: 25_000, incidents: 1_234 });
    expect(large.shipments).toHaveLength(25_000);
    expect(large.incidents).toHaveLength(1_234);
    expect(new Set(large.shipments.map((s) => s.id)).size).toBe(25_000);
  });

  it('keeps each part stable when another part is resized', () => {
    const small = generateDemoData({ now: NOW, shipments: 10 });
    const large = generateDemoData({ now: NOW, shipments: 3_000 });
    expect(large.incidents).toEqual(small.incidents);
    expect(large.users).toEqual(small.users);
    expect(large.shipments.slice(0, 10)).toEqual(small.shipments);
  });

  it('creates organizations with full addresses in three countries', () => {
    const { organizations } = generateDemoData({ now: NOW });
    expect(new Set(organizations.map((o) => o.country)).size).toBe(3);
    for (const organization of organizations) {
      expect(organization.id).toMatch(UUID);
      for (const field of [
        'addressLine1',
        'city',
        'state',
        'zipCode',
        'country',
        'phoneNumber',
        'website',
        'domain',
      ] as const) {
        expect(organization[field], `${organization.slug}.${field}`).toBeTruthy();
      }
      expect(organization.slug).toMatch(/^[a-z0-9-]+$/);
      expect(organization.website).toMatch(/^https:\/\//);
    }
  });

  it('gives every organization each admin role, at its own domain, with every presence state', () => {
    const { organizations, users, platformUsers } = generateDemoData({
      now: NOW,
      internalDomain: 'corp.test',
    });
    for (const organization of organizations) {
      const members = users.filter((user) => user.organizationId === organization.id);
      for (const role of ADMIN_ROLES) {
        expect(
          members.some((user) => user.adminRole === role && user.accountStatus === 'ACTIVE'),
          `${organization.slug} ${role}`,
        ).toBe(true);
      }
      for (const user of members) expect(user.email.endsWith(`@${organization.domain}`)).toBe(true);
    }
    expect(users.some((user) => user.accountStatus === 'PENDING')).toBe(true);
    expect(users.some((user) => user.accountStatus === 'DEACTIVATED')).toBe(true);
    const minutesAgo = users
      .filter((user) => user.accountStatus === 'ACTIVE')
      .map((user) =>
        user.lastLoginAt ? (NOW.getTime() - user.lastLoginAt.getTime()) / 60_000 : null,
      );
    expect(minutesAgo.some((m) => m !== null && m < 5)).toBe(true);
    expect(minutesAgo.some((m) => m !== null && m >= 5 && m < 60)).toBe(true);
    expect(minutesAgo.some((m) => m !== null && m >= 60)).toBe(true);
    expect(minutesAgo.some((m) => m === null)).toBe(true);
    expect(platformUsers).toEqual([
      expect.objectContaining({
        email: 'alex.analyst@corp.test',
        role: 'MEMBER',
        adminRole: 'MANAGER',
      }),
    ]);
  });

  it('spreads incidents over global and organization scopes, the last 60 days and all enums', () => {
    const { organizations, incidents } = generateDemoData({ now: NOW });
    const owners = new Set(incidents.map((incident) => incident.organizationId ?? 'GLOBAL'));
    expect(owners).toEqual(new Set(['GLOBAL', ...organizations.map((o) => o.id)]));
    expect(new Set(incidents.map((i) => i.severity))).toEqual(
      new Set(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']),
    );
    expect(new Set(incidents.map((i) => i.status))).toEqual(
      new Set(['OPEN', 'IN_PROGRESS', 'RESOLVED']),
    );
    expect(incidents.some((i) => i.lat === null)).toBe(true);
    for (const incident of incidents) {
      expect(incident.id).toMatch(UUID);
      const ageDays = (NOW.getTime() - incident.updatedAt.getTime()) / 86_400_000;
      expect(ageDays).toBeGreaterThanOrEqual(0);
      expect(ageDays).toBeLessThanOrEqual(60);
      expect(incident.createdAt.getTime()).toBeLessThanOrEqual(incident.updatedAt.getTime());
      expect(incident.description?.length).toBeGreaterThan(20);
      if (incident.lat !== null) {
        expect(incident.lat).toBeGreaterThanOrEqual(-90);
        expect(incident.lat).toBeLessThanOrEqual(90);
        expect(incident.countryCode).toMatch(/^[A-Z]{2}$/);
      } else {
        expect(incident.lng).toBeNull();
      }
    }
  });

  it('puts every shipment at a valid position on its schedule, sea freight outside the continents', () => {
    const rows = generateShipments({
      seed: 3,
      count: 20_000,
      owners: [{ organizationId: 'org', weight: 1, lanes: ALL_LANES }],
    });
    expect(new Set(rows.map((row) => row.mode))).toEqual(new Set(['SEA', 'AIR', 'ROAD', 'RAIL']));
    // One assertion over all rows: twenty thousand expect() calls would dominate the run time.
    const invalid = rows.filter(
      (row) =>
        !/^SHP-[0-9A-Z]{8}$/.test(row.id) ||
        row.reference !== `PO-${row.id.slice(4)}` ||
        !(row.eta && row.departureAt && row.eta > row.departureAt) ||
        !(Number.isFinite(row.lat) && Math.abs(row.lat) <= 90) ||
        !(Number.isFinite(row.lng) && Math.abs(row.lng) <= 180) ||
        (row.mode === 'SEA' && landBoxAt([row.lat, row.lng]) !== undefined),
    );
    expect(invalid).toEqual([]);
  });
});

describe('trade lanes', () => {
  it("places sites at each organization's lane ends, and a critical supplier inside its open incidents", () => {
    const data = generateDemoData({ seed: 7, now: NOW });
    for (const { id } of data.organizations) {
      const own = data.sites.filter((site) => site.organizationId === id);
      expect(own.length).toBeGreaterThanOrEqual(4);
      const open = data.incidents.filter(
        (incident) =>
          incident.organizationId === id && incident.status !== 'RESOLVED' && incident.lat !== null,
      );
      const reached = open.filter((incident) =>
        own.some(
          (site) =>
            distanceKm([site.lat ?? 0, site.lng ?? 0], [incident.lat ?? 0, incident.lng ?? 0]) <
            (incident.affectedRadiusKm ?? 0),
        ),
      );
      expect(reached.length).toBeGreaterThanOrEqual(Math.min(2, open.length));
      for (const site of own) {
        expect(site.id).toMatch(UUID);
        expect(site.revenuePerDay).toBeGreaterThan(0);
      }
    }
  });

  it('has about 25 lanes with unique ids', () => {
    expect(LANES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(LANES.map((lane) => lane.id)).size).toBe(LANES.length);
  });

  it('never takes a sea lane across a continent (sampled every 10 km)', () => {
    for (const lane of LANES.filter((l) => l.mode === 'SEA')) {
      const path = lanePath(lane);
      for (const [i, start] of path.entries()) {
        const end = path[i + 1];
        if (!end) break;
        const steps = Math.ceil(distanceKm(start, end) / 10);
        for (let step = 0; step <= steps; step += 1) {
          const point = interpolate(start, end, step / steps);
          expect(landBoxAt(point), `${lane.id} at ${point.join(', ')}`).toBeUndefined();
        }
      }
    }
  });

  it('interpolates across the antimeridian the short way, over the Pacific', () => {
    const [lat, lng] = interpolate([40, 170], [40, -170], 0.5);
    expect(Math.abs(lng)).toBeCloseTo(180, 5);
    expect(lat).toBeGreaterThan(40);
    expect(distanceKm([40, 170], [40, -170])).toBeLessThan(2_000);
  });
});
