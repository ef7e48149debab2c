import { describe, expect, it } from 'vitest';
import { formatLocation, formatUtc } from '@/entities/incident/incident-display';
import {
  IncidentReader,
  ListedOrganizationReader,
  OrganizationListReader,
  OrganizationResponseReader,
  ShipmentDetailsReader,
  UserListReader,
  UserResponseReader,
} from './readers';

const ID = '5b0e8f7c-3c1d-4a52-9f0e-2d6c1b7a9e11';

/** An incident with the spec's fields only (SPEC.md part 3), location and updatedAt left out. */
const specIncident = { id: ID, title: 'Port strike', severity: 'HIGH', status: 'OPEN' };

/** A user as the spec's list gives it (SPEC.md part 7): no accountStatus, no organizationId. */
const specUser = {
  id: ID,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@acme.example',
  adminRole: 'ADMIN',
  role: 'MEMBER',
  lastLoginAt: null,
};

describe('IncidentReader', () => {
  it('reads an incident without location and updatedAt, which show the spec fallbacks', () => {
    const incident = IncidentReader.parse(specIncident);
    expect(incident).toEqual({
      ...specIncident,
      organizationId: null,
      description: null,
      location: null,
      updatedAt: null,
    });
    expect(formatLocation(incident.location)).toBe('Approximate or unavailable');
    expect(formatUtc(incident.updatedAt)).toBe('Unknown');
  });

  it('reads null location and updatedAt alike, and a location without its country code', () => {
    expect(
      IncidentReader.parse({ ...specIncident, location: null, updatedAt: null }),
    ).toMatchObject({ location: null, updatedAt: null });
    const located = IncidentReader.parse({ ...specIncident, location: { lat: 51.951, lng: 4.05 } });
    expect(located.location).toEqual({ lat: 51.951, lng: 4.05, countryCode: null });
    expect(formatLocation(located.location)).toBe('51.95, 4.05');
  });

  it("keeps Meridian's additions when they come, and still refuses what the spec requires", () => {
    const full = IncidentReader.parse({
      ...specIncident,
      organizationId: ID,
      description: 'Dock workers walked out.',
      location: { lat: 1, lng: 2, countryCode: 'GB' },
      updatedAt: '2025-09-20T10:00:00.000Z',
      type: 'STRIKE',
      affectedRadiusKm: 50,
    });
    expect(full).toMatchObject({ type: 'STRIKE', affectedRadiusKm: 50, organizationId: ID });
    expect(IncidentReader.safeParse({ ...specIncident, title: undefined }).success).toBe(false);
    expect(IncidentReader.safeParse({ ...specIncident, severity: 'SEVERE' }).success).toBe(false);
    expect(IncidentReader.safeParse({ ...specIncident, updatedAt: 'yesterday' }).success).toBe(
      false,
    );
  });
});

describe('UserListReader', () => {
  it('reads the spec list {message, data: {users}}: no cursor, and the total is what it holds', () => {
    const reply = UserListReader.parse({ message: 'Users', data: { users: [specUser] } });
    expect(reply.data).toEqual({ users: [specUser], nextCursor: null, total: 1 });
  });

  it("keeps the server's total, and leaves it unknown on a page that has more after it", () => {
    const users = [specUser];
    expect(
      UserListReader.parse({ message: '', data: { users, nextCursor: null, total: 7 } }).data.total,
    ).toBe(7);
    expect(UserListReader.parse({ message: '', data: { users, nextCursor: 'next' } }).data).toEqual(
      { users, nextCursor: 'next', total: null },
    );
  });

  it('refuses a list user without a spec field', () => {
    const withoutEmail = { ...specUser, email: undefined };
    expect(UserListReader.safeParse({ message: '', data: { users: [withoutEmail] } }).success).toBe(
      false,
    );
  });
});

describe('UserResponseReader', () => {
  it("reads the spec's user (account status and organization included) without the additions", () => {
    const user = { ...specUser, accountStatus: 'ACTIVE', organizationId: ID };
    expect(UserResponseReader.parse({ message: '', data: user }).data).toEqual(user);
    expect(UserResponseReader.safeParse({ message: '', data: specUser }).success).toBe(false);
  });
});

describe('organization readers', () => {
  const specOrganization = {
    id: ID,
    name: 'Acme Logistics',
    slug: 'acme',
    domain: null,
    status: 'ACTIVE',
    address_line1: 'Dock 7',
    city: 'Rotterdam',
    state: null,
    zip_code: null,
    country: 'Netherlands',
    phone_number: null,
    website: null,
  };

  it('reads a list of ids and names, as the spec picker reads it', () => {
    const reply = OrganizationListReader.parse({
      message: '',
      data: { organizations: [{ id: ID, name: 'Acme Logistics' }] },
    });
    expect(reply.data).toEqual({
      organizations: [{ id: ID, name: 'Acme Logistics' }],
      nextCursor: null,
      total: 1,
    });
    expect(ListedOrganizationReader.safeParse({ id: ID }).success).toBe(false);
  });

  it('reads one organization without isInternal', () => {
    const reply = OrganizationResponseReader.parse({
      message: '',
      data: { organization: specOrganization },
    });
    expect(reply.data.organization).toEqual(specOrganization);
  });
});

describe('ShipmentDetailsReader', () => {
  it('reads a shipment that is only its id and current position', () => {
    const shipment = { id: 'SHP-1', currentPosition: { lat: 1, lng: 2 } };
    expect(ShipmentDetailsReader.parse({ data: shipment }).data).toEqual(shipment);
  });
});
