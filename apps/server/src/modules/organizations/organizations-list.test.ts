import type { OrganizationListResponse, OrganizationPageResponse } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_EMAIL, type TestServer, startTestServer } from '../../test/test-server.js';
import * as API_MESSAGES from '@meridian/contracts/messages';

/** A platform with more customers than one page holds. */
const CUSTOMERS = 64;

let server: TestServer;
let ownerToken: string;
let customerToken: string;
let customerName: string;

const number = (i: number) => String(i).padStart(2, '0');

beforeAll(async () => {
  server = await startTestServer();
  for (let i = 1; i <= CUSTOMERS; i++) {
    // Mixed case, so the order is by name ignoring case.
    await server.createOrganization(`${i % 2 ? 'customer' : 'Customer'} ${number(i)} Freight`);
  }
  await server.createOrganization('100% Logistics');
  await server.createOrganization('Snake_Case Shipping');
  const gone = await server.createOrganization('Gone Freight');
  ownerToken = (await server.login(OWNER_EMAIL)).accessToken;
  const deleted = await server.request('DELETE', `/api/admin/organizations/${gone.id}`, {
    token: ownerToken,
  });
  expect(deleted.status).toBe(200);
  const customer = await server.createOrganization('Zephyr Cargo');
  customerName = customer.name;
  await server.createUser({
    organizationId: customer.id,
    email: 'admin@zephyr.example',
    adminRole: 'ADMIN',
  });
  customerToken = (await server.login('admin@zephyr.example')).accessToken;
});
afterAll(() => server.close());

/** The internal organization, the customers, the two with wildcards and Zephyr. */
const VISIBLE = 1 + CUSTOMERS + 2 + 1;

const list = <T = OrganizationPageResponse>(query: string, token = ownerToken) =>
  server.request<T>('GET', `/api/admin/organizations${query ? `?${query}` : ''}`, { token });

const names = (body: { data: { organizations: { name: string }[] } }) =>
  body.data.organizations.map((organization) => organization.name);

describe('GET /api/admin/organizations: the whole list and pages', () => {
  it('answers the whole list in the spec shape when no paging parameter is given', async () => {
    const whole = await list<OrganizationListResponse>('');
    expect(whole.status).toBe(200);
    expect(Object.keys(whole.body.data)).toEqual(['organizations']);
    expect(whole.body.data.organizations).toHaveLength(VISIBLE);
    expect(names(whole.body)).not.toContain('Gone Freight');
    const lowered = names(whole.body).map((name) => name.toLowerCase());
    expect(lowered).toEqual([...lowered].sort());
  });

  it('pages through every organization exactly once, in the same order, with the total', async () => {
    const whole = names((await list('')).body);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      expect(++pages).toBeLessThan(20);
      const response: { status: number; body: OrganizationPageResponse } = await list(
        `limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.status).toBe(200);
      expect(response.body.data.total).toBe(VISIBLE);
      seen.push(...names(response.body));
      cursor = response.body.data.nextCursor;
    } while (cursor);
    expect(pages).toBe(Math.ceil(VISIBLE / 25));
    expect(seen).toEqual(whole);
  });

  it('pages by 50 when only a cursor is given', async () => {
    const first = await list('limit=10');
    const next = await list(`cursor=${encodeURIComponent(first.body.data.nextCursor ?? '')}`);
    expect(next.status).toBe(200);
    expect(next.body.data.organizations).toHaveLength(50);
    expect(names(next.body)[0]).not.toBe(names(first.body)[9]);
  });

  it('shows anyone but a platform admin their own organization only, paged or not', async () => {
    expect(names((await list('', customerToken)).body)).toEqual([customerName]);
    const paged = await list('limit=5', customerToken);
    expect(paged.body.data).toMatchObject({ total: 1, nextCursor: null });
    expect(names(paged.body)).toEqual([customerName]);
    expect((await list('q=customer&limit=5', customerToken)).body.data.total).toBe(0);
  });
});

describe('GET /api/admin/organizations: search', () => {
  it('finds organizations by part of the name or slug, ignoring case, paged or whole', async () => {
    const paged = await list('q=CUSTOMER%2057&limit=10');
    expect(names(paged.body)).toEqual(['customer 57 Freight']);
    expect(paged.body.data.total).toBe(1);
    expect(names((await list('q=customer-5')).body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${i % 2 ? 'customer' : 'Customer'} 5${i} Freight`),
    );
    expect(names((await list('q=zephyr-cargo')).body)).toEqual(['Zephyr Cargo']);

    const many = await list('q=freight&limit=50');
    expect(many.body.data.total).toBe(CUSTOMERS);
    expect(many.body.data.nextCursor).not.toBeNull();
    const rest = await list(
      `q=freight&limit=50&cursor=${encodeURIComponent(many.body.data.nextCursor ?? '')}`,
    );
    expect(rest.body.data.organizations).toHaveLength(CUSTOMERS - 50);
    expect(rest.body.data.nextCursor).toBeNull();
  });

  it("matches LIKE's wildcards literally", async () => {
    expect(names((await list('q=%25')).body)).toEqual(['100% Logistics']);
    expect(names((await list('q=_')).body)).toEqual(['Snake_Case Shipping']);
  });
});

describe('GET /api/admin/organizations: bad input', () => {
  it.each([
    ['limit=0', 'limit: limit must be between 1 and 100'],
    ['limit=many', 'limit: limit must be a number'],
    [`q=${'x'.repeat(201)}`, 'q: q must be at most 200 characters'],
    ['sort=name', 'query: unknown field "sort"'],
    ['cursor=bogus', API_MESSAGES.cursor.invalid],
  ])('answers 400 with a message to %s', async (query, message) => {
    expect(await list(query)).toMatchObject({ status: 400, body: { message } });
  });

  it('refuses a cursor of another search', async () => {
    const first = await list('q=freight&limit=5');
    const cursor = encodeURIComponent(first.body.data.nextCursor ?? '');
    expect(await list(`q=customer&limit=5&cursor=${cursor}`)).toMatchObject({
      status: 400,
      body: { message: API_MESSAGES.cursor.otherQuery },
    });
  });
});
