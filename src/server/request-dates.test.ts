/**
 * Every date a request carries is bounded at the edge (PRODUCT.md 32, issue 13.2). The sweep
 * walks the OpenAPI description of every route for fields named like dates (…date…, …_at,
 * …_from, …_until, year), sends each one a date outside 1900-2199 or a day that does not
 * exist, and expects a 400; the server then still answers /healthz. A list of the fields
 * known today keeps the sweep from passing by finding nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  createSweepWorld,
  headersFor,
  oneOffClientAddress,
  markSteppedUp,
  requestFor,
  routeKey,
  type SweepWorld,
} from './test-support/route-sweep';
import { createTestApp, type TestApp } from './test-support/test-app';

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
}

type DateKind = 'date' | 'date-time' | 'year';

interface DateField {
  route: string;
  where: 'body' | 'path' | 'query';
  path: string[];
  kind: DateKind;
}

const badValues: Record<DateKind, string[]> = {
  date: ['9999-12-31', '+010000-01-01', '1899-12-31', '2200-01-01', '2026-02-30'],
  'date-time': [
    '9999-12-31T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
    '1899-12-31T23:59:59.000Z',
    '2026-02-30T10:00:00.000Z',
  ],
  year: ['9999', '1899', '2200'],
};

function kindOf(name: string): DateKind | null {
  if (/(^|_)year$/i.test(name)) return 'year';
  if (/(_at|At)$/.test(name)) return 'date-time';
  if (/date|_from$|_until$|_on$/i.test(name)) return 'date';
  return null;
}

function bodyDateFields(schema: JsonSchema, path: string[] = []): { path: string[]; kind: DateKind }[] {
  const found = new Map<string, { path: string[]; kind: DateKind }>();
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  for (const variant of variants) {
    for (const [name, child] of Object.entries(variant.properties ?? {})) {
      const childPath = [...path, name];
      const kind = kindOf(name);
      if (kind) found.set(childPath.join('.'), { path: childPath, kind });
      for (const nested of bodyDateFields(child, childPath)) found.set(nested.path.join('.'), nested);
    }
  }
  return [...found.values()];
}

function withValue(payload: unknown, path: string[], value: string): unknown {
  const [head, ...rest] = path;
  const object = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  return { ...object, [head!]: rest.length === 0 ? value : withValue(object[head!], rest, value) };
}

function isAdminRoute(key: string): boolean {
  return key.includes('/api/admin/') || key.includes('/functions/v1/admin-products') || isJobRoute(key);
}

function isJobRoute(key: string): boolean {
  return /\/functions\/v1\/(calculate-daily-interest|cleanup-expired-auth|process-maturities|process-withdrawals|send-scheduled-campaigns|settle-ach-payments)$/.test(
    key,
  );
}

let testApp: TestApp;
let world: SweepWorld;
let fields: DateField[];

beforeAll(async () => {
  // The limits users get: each input comes from an address of its own (oneOffClientAddress).
  testApp = await createTestApp();
  world = await createSweepWorld(testApp);
  await markSteppedUp(testApp, [world.owner, world.other]);
  const openapi = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  fields = [];
  for (const route of testApp.routes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const operation = openapi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    if (!operation) continue;
    const key = routeKey(route);
    for (const parameter of operation.parameters ?? []) {
      const kind = kindOf(parameter.name);
      if (kind && (parameter.in === 'path' || parameter.in === 'query')) {
        fields.push({ route: key, where: parameter.in, path: [parameter.name], kind });
      }
    }
    const body = operation.requestBody?.content?.['application/json']?.schema;
    if (body) {
      for (const field of bodyDateFields(body)) fields.push({ route: key, where: 'body', ...field });
    }
  }
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('dates in requests are bounded to 1900-2199 (PRODUCT.md 32)', () => {
  it('finds every date field the platform takes today', () => {
    const found = fields.map((field) => `${field.route} ${field.path.join('.')}`);
    const jobs = [
      'calculate-daily-interest',
      'cleanup-expired-auth',
      'process-maturities',
      'process-withdrawals',
      'send-scheduled-campaigns',
      'settle-ach-payments',
    ];
    expect(found).toEqual(
      expect.arrayContaining([
        ...jobs.map((name) => `POST /functions/v1/${name} executionDate`),
        'POST /api/admin/products available_from',
        'POST /api/admin/products available_until',
        'PUT /api/admin/products/:id product.available_from',
        'PUT /api/admin/products/:id product.available_until',
        'PUT /api/admin/products/:id updated_at',
        'PUT /functions/v1/admin-products updated_at',
        'POST /api/admin/notifications/campaigns scheduled_at',
        'PUT /api/admin/notifications/campaigns/:id scheduled_at',
        'POST /api/banking/identity dateOfBirth',
        'PUT /api/settings/tax-information dateOfBirth',
        'GET /api/portal/documents/tax-forms/:year year',
      ]),
    );
  });

  it('refuses a date outside the range, or a day that does not exist, with 400 on every route', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const field of fields) {
      const caller: Caller = isAdminRoute(field.route) ? 'superAdmin' : 'investor';
      const base = await requestFor(world, field.route, caller);
      const [method, pattern] = field.route.split(' ') as [string, string];
      for (const value of badValues[field.kind]) {
        let url = base.url;
        let payload = base.payload;
        if (field.where === 'path') {
          const position = pattern.split('/').indexOf(`:${field.path[0]}`);
          const segments = base.url.split('?')[0]!.split('/');
          segments[position] = encodeURIComponent(value);
          url = segments.join('/');
        } else if (field.where === 'query') {
          const parsed = new URL(base.url, 'http://localhost');
          parsed.searchParams.set(field.path[0]!, value);
          url = `${parsed.pathname}${parsed.search}`;
        } else {
          payload = withValue(base.payload, field.path, value);
        }
        const response = await testApp.app.inject({
          method: method as 'GET',
          url,
          remoteAddress: oneOffClientAddress(),
          headers: { ...headersFor(world, caller), ...base.headers },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        sent += 1;
        if (response.statusCode !== 400) {
          problems.push(
            `${field.route} ${field.path.join('.')}=${value}: ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(sent).toBeGreaterThan(60);
    expect(problems).toEqual([]);
    const health = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  }, 120_000);
});
