import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidents, shipments } from '../db/schema.js';
import { TEST_PASSWORD, type TestServer, startTestServer } from './test-server.js';

/**
 * Property-based requests generated from our own OpenAPI document: schema-shaped, boundary and
 * malformed bodies, queries and ids, with the tokens of two organizations. Whatever comes in:
 * no 5xx, every answer matches its declared schema, and nothing of the other organization leaks.
 */
type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};
type Operation = {
  parameters?: { name: string; in: 'path' | 'query'; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  /** JSON answers, and files (CSV, PDF) under their own media types. */
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};
type Tenant = 'A' | 'B';

const RUNS_PER_OPERATION = 100;
let server: TestServer;
let openapi: OpenApi;
const secrets: Record<Tenant, string[]> = { A: [], B: [] };
const foreignIds: Record<Tenant, string[]> = { A: [], B: [] };
const sessions = new Map<Tenant, string>();
const admins: Record<Tenant, string> = {
  A: 'admin@acme-fuzz.example',
  B: 'admin@globex-fuzz.example',
};

async function tokenOf(tenant: Tenant): Promise<string> {
  const cached = sessions.get(tenant);
  if (cached) return cached;
  const login = await server.request<{ accessToken: string }>('POST', '/api/auth/login', {
    body: { email: admins[tenant], password: TEST_PASSWORD },
    headers: { 'x-forwarded-for': tenant === 'A' ? '10.9.0.1' : '10.9.0.2' },
  });
  sessions.set(tenant, login.body.accessToken);
  return login.body.accessToken;
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
  for (const [tenant, name] of [
    ['A', 'Acme Fuzz'],
    ['B', 'Globex Fuzz'],
  ] as const) {
    const organization = await server.createOrganization(name);
    const admin = await server.createUser({
      organizationId: organization.id,
      email: admins[tenant],
      adminRole: 'ADMIN',
    });
    const member = await server.createUser({
      organizationId: organization.id,
      email: `member@${tenant.toLowerCase()}-fuzz.example`,
      adminRole: 'VIEWER',
    });
    const [incident] = await server.database.db
      .insert(incidents)
      .values({
        organizationId: organization.id,
        title: `SECRET-INCIDENT-${tenant}`,
        severity: 'HIGH',
        status: 'OPEN',
        lat: 10,
        lng: 10,
      })
      .returning();
    await server.database.db.insert(shipments).values({
      id: `SHP-SECRET-${tenant}`,
      organizationId: organization.id,
      reference: `PO-SECRET-${tenant}`,
      origin: 'Busan',
      destination: 'Hamburg',
      mode: 'SEA',
      lat: 10.1,
      lng: 10.1,
    });
    const other: Tenant = tenant === 'A' ? 'B' : 'A';
    secrets[tenant] = [
      organization.id,
      member.id,
      member.email,
      `SECRET-INCIDENT-${tenant}`,
      `SHP-SECRET-${tenant}`,
    ];
    // The other tenant's callers aim at these.
    foreignIds[other] = [organization.id, admin.id, member.id, incident?.id ?? ''];
  }
  openapi = (await server.request<OpenApi>('GET', '/api/openapi.json')).body;
});
afterAll(() => server.close());

const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref
    ? resolve(openapi.components.schemas[schema.$ref.split('/').at(-1) ?? ''] ?? {})
    : schema;

const strings = (schema: JsonSchema): fc.Arbitrary<string> => {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'uri') return fc.webUrl();
  const max = schema.maxLength ?? 64;
  return fc.oneof(
    fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max, 64) }),
    // Boundaries: exactly the limit, and one past it.
    fc.constant('x'.repeat(max)),
    fc.constant('x'.repeat(max + 1)),
    fc.constantFrom(
      '',
      ' ',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '\u0000',
      '🚢',
    ),
  );
};

/** Values shaped by a schema, with boundaries and the odd value of the wrong type. */
function fromSchema(raw: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option) => fromSchema(option, depth + 1)));
  if (schema.allOf)
    return fromSchema(Object.assign({}, ...schema.allOf.map(resolve)) as JsonSchema, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), fc.string({ maxLength: 8 }));
  const type =
    (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type) ?? 'any';
  switch (type) {
    case 'string':
      return strings(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.constantFrom(min - 1, max + 1, 0, -1, 1.5, Number.MAX_SAFE_INTEGER),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(fromSchema(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const shaped = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [
            name,
            fromSchema(property, depth + 1),
          ]),
        ),
        { requiredKeys: required.filter((name) => name in properties) },
      );
      // Sometimes a field too many, or one missing.
      return fc.oneof(
        { weight: 4, arbitrary: shaped },
        { weight: 1, arbitrary: shaped.map((value) => ({ ...value, unexpected: 'field' })) },
        {
          weight: 1,
          arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), {
            maxKeys: 3,
          }),
        },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const malformedBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(null),
  fc.string(),
  fc.integer(),
  fc.array(fc.integer()),
);

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function validatorFor(key: string, schema: JsonSchema) {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: openapi.components });
    validators.set(key, validate);
  }
  return validate;
}

describe('OpenAPI-driven fuzzing', () => {
  it('finds the operations to fuzz', () => {
    expect(Object.keys(openapi.paths).length).toBeGreaterThan(25);
  });

  it('answers every generated request without a 5xx, as declared, and without leaking', async () => {
    const operations = Object.entries(openapi.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );
    for (const { path, method, operation } of operations) {
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content['application/json'].schema;
      const streams = operation.responses['200']?.content?.['text/event-stream'] !== undefined;
      const request = fc.record({
        tenant: fc.constantFrom<Tenant | 'anonymous'>('A', 'B', 'anonymous'),
        pathValues: fc.dictionary(
          fc.constantFrom('id'),
          fc.oneof(
            fc.uuid(),
            fc.constantFrom(
              '1',
              'not-a-uuid',
              "'; drop table users; --",
              '%2e%2e%2f',
              'x'.repeat(300),
            ),
            fc.constant('FOREIGN'),
          ),
          {
            minKeys: 1,
            maxKeys: 1,
          },
        ),
        query: fc.record(
          Object.fromEntries(
            parameters.filter((p) => p.in === 'query').map((p) => [p.name, fromSchema(p.schema)]),
          ),
          { requiredKeys: [] },
        ),
        body: bodySchema
          ? fc.oneof(
              { weight: 3, arbitrary: fromSchema(bodySchema) },
              { weight: 1, arbitrary: malformedBody },
            )
          : fc.constant(undefined),
        pick: fc.nat(),
      });

      await fc.assert(
        fc.asyncProperty(request, async ({ tenant, pathValues, query, body, pick }) => {
          const headers: Record<string, string> = { 'x-forwarded-for': '10.9.1.1' };
          if (tenant !== 'anonymous') headers.authorization = `Bearer ${await tokenOf(tenant)}`;
          const foreign = tenant === 'anonymous' ? [] : foreignIds[tenant];
          const id =
            pathValues.id === 'FOREIGN' && foreign.length > 0
              ? (foreign[pick % foreign.length] ?? '')
              : (pathValues.id ?? '');
          const url = path.replace('{id}', encodeURIComponent(id));
          const search = new URLSearchParams(
            Object.entries(query as Record<string, unknown>).map(
              ([name, value]): [string, string] => [
                name,
                typeof value === 'string' ? value : JSON.stringify(value),
              ],
            ),
          ).toString();
          const target = `${url}${search ? `?${search}` : ''}`;
          // A stream without end (the live inbox): only its status can be read.
          const response = streams
            ? await server.streamStatus(target, headers)
            : await server.request(method, target, {
                headers,
                ...(body !== undefined ? { body } : {}),
              });
          const label = `${method} ${url} as ${tenant} → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;

          expect(response.status, label).toBeLessThan(500);
          const declared = operation.responses[String(response.status)];
          expect(declared, `undeclared status: ${label}`).toBeDefined();
          const schema = declared?.content?.['application/json']?.schema;
          if (schema) {
            const validate = validatorFor(`${method} ${path} ${response.status}`, schema);
            expect(validate(response.body), `${label}: ${ajv.errorsText(validate.errors)}`).toBe(
              true,
            );
          }
          if (tenant !== 'anonymous') {
            const other: Tenant = tenant === 'A' ? 'B' : 'A';
            const text = JSON.stringify(response.body);
            for (const secret of secrets[other])
              expect(text.includes(secret), `leaked ${secret}: ${label}`).toBe(false);
          }
          // Signing out or changing a password ends the session; sign in again next time.
          if (
            tenant !== 'anonymous' &&
            response.status === 200 &&
            ['/api/auth/logout', '/api/me/password'].includes(path)
          ) {
            sessions.delete(tenant);
          }
          if (response.status === 401 && tenant !== 'anonymous') sessions.delete(tenant);
        }),
        { numRuns: RUNS_PER_OPERATION, seed: 20261122, endOnFailure: true },
      );
    }
  }, 600_000);
});
