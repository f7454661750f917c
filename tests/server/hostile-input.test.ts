/**
 * Hostile input everywhere (property-based, fast-check): for every route of the OpenAPI document,
 * generated requests, valid ones and invalid ones, with odd path parameters, query strings,
 * bodies, content types and headers, signed in as the administrator or not. For each request:
 * never a 5xx; every 4xx has the error shape `{code, message, errors?}` with a known code (on the
 * OCTO API, OCTO's `{error, errorMessage, …}` with one of its codes, called with a reseller's key); and
 * a refused request changes no data (a digest of every table but the audit log, which records
 * refusals on purpose, is the same before and after). The GET routes share one app; a route that
 * may change data is fuzzed by an app of its own, and the data is put back after it (rows,
 * sequences and files), so that every route starts from the same fixtures.
 *
 * Then every route again, with a body field's or query parameter's name of 32 KB built from a
 * refusal sentence's separators and with a body nested 10,000 deep, each asked in German and in
 * English: never a 5xx, and never a German answer dearer than the English one (the refusal's
 * translation once backtracked on such names).
 *
 * FUZZ_RUNS (default 80 per route on the embedded database, 20 on a PostgreSQL server, where the
 * same validated requests only meet another engine) and FUZZ_SEED (default fixed) make deeper or
 * other runs.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { CAPTCHA_QUERY_PARAM } from '../../src/shared/api-paths.js';
import { ERROR_CODES } from '../../src/shared/types.js';
import { aTour } from '../helpers/builders.js';
import { TEST_CAPTCHA_TOKEN } from '../helpers/fake-siteverify.js';
import { aJpeg, aPng, aPngClaiming, multipartBody } from '../helpers/pictures.js';
import { createTestApp, login, type TestApp } from '../helpers/test-app.js';
import { snapshotDatabase, type DatabaseSnapshot } from '../helpers/database-snapshot.js';
import { hostileName } from '../helpers/hostile-names.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 20 : 80));
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** Every table whose rows a refused request must leave alone (audit_log records refusals by design). */
const GUARDED_TABLES = ['users', 'roles', 'role_permissions', 'user_roles', 'sessions', 'refresh_tokens', 'password_reset_tokens', 'settings', 'tours', 'tour_components', 'tour_days', 'tour_media', 'departures', 'bookings', 'booking_travellers', 'booking_extras', 'payments', 'idempotency_keys', 'report_days', 'report_months', 'report_collected', 'report_balances', 'resellers', 'reseller_api_keys', 'webhook_deliveries', 'shop_settings', 'shop_carts'];
/** Columns a refused request may still change: a reseller key's last use is noted on any call it authenticates. */
const UNGUARDED_COLUMNS: Record<string, string> = { reseller_api_keys: 'last_used_at' };
/** Every request of a run comes from one key within one second of the test clock: its rate is not what is tested here. */
const UNLIMITED_OCTO = { OCTO_RATE_LIMIT: '999999' };
/** OCTO's error codes, and the fields beside them. */
const OCTO_ERROR_CODES = ['INVALID_PRODUCT_ID', 'INVALID_OPTION_ID', 'INVALID_UNIT_ID', 'INVALID_AVAILABILITY_ID', 'INVALID_BOOKING_UUID', 'BAD_REQUEST', 'UNPROCESSABLE_ENTITY', 'UNAUTHORIZED', 'FORBIDDEN', 'TOO_MANY_REQUESTS'];
const OCTO_ERROR_KEYS = ['error', 'errorMessage', 'productId', 'optionId', 'unitId', 'availabilityId', 'uuid'];

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  in?: string;
  name?: string;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters?: (JsonSchema & { in: string; name: string })[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

interface RouteStats {
  cases: number;
  statuses: Map<number, number>;
  codes: Set<string>;
}

const summary = new Map<string, RouteStats>();

/** Strings meant to hurt: injection, traversal, control characters, odd Unicode, sizes. */
const hostileString = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '"; drop table users; --',
    '../../../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%00',
    '\u0000',
    '\u202e\u0000\ufeff',
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    '__proto__',
    'constructor',
    'NaN',
    '-0',
    '1e309',
    '',
    ' ',
    'null',
    'undefined',
    '[]',
    '{}',
    'a'.repeat(5000),
    '🙂'.repeat(300),
    'ADMIN',
    'STAFF',
    'users.read',
    'admin@localhost',
    '00000000-0000-4000-8000-000000000000',
    '2026-13-45T99:99:99Z',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}')),
);

/** A value that fits the schema (sometimes) — so the requests reach the code behind validation. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => fromSchema(s, depth + 1)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('admin@localhost', 'staff@example.com'));
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? 200));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) }).filter((s) => s.length >= (schema.minLength ?? 0));
    case 'integer':
      // Near the minimum (a year from 2000), at most a thousand above it.
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, Math.max(1000, (schema.minimum ?? 0) + 1000)) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = fromSchema(property, depth + 1);
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return hostileValue;
  }
}

/** Valid-looking or hostile, mixed. */
function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: fromSchema(schema) }, { weight: 2, arbitrary: hostileValue });
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
}

const deeplyNested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

/** Files an upload may carry: a real picture, a bomb's header, text, nothing, half a JPEG. */
const uploadFiles = await (async () => {
  const jpeg = await aJpeg(40, 30);
  return [await aPng(16, 16), jpeg, jpeg.subarray(0, 100), aPngClaiming(30_000, 30_000), Buffer.from('<?php system($_GET[0]); ?>'), Buffer.alloc(0), Buffer.from('GIF89a')];
})();

/** Multipart bodies: the upload's own parts with valid or hostile values, odd parts, broken framing. */
const multipartBodies = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          fields: fc.dictionary(fc.oneof(fc.constantFrom('alt', 'caption', 'credit'), hostileString), fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), hostileString), { maxKeys: 4 }),
          file: fc.option(fc.record({ bytes: fc.constantFrom(...uploadFiles), name: fc.constantFrom('a.jpg', '../../etc/passwd', 'x.svg', ''), type: fc.constantFrom('image/jpeg', 'image/svg+xml', 'text/html') })),
          fileField: fc.constantFrom('file', 'file', 'picture', '__proto__'),
        },
        { requiredKeys: ['fields', 'file', 'fileField'] },
      )
      .map(async ({ fields, file, fileField }) => multipartBody(fields, file ?? undefined, fileField)),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('--x\r\nContent-Disposition: form-data; name="alt"\r\n\r\nno end', '--x--', 'not multipart at all', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG')
      .map(async (text) => ({ payload: Buffer.from(text), headers: { 'content-type': 'multipart/form-data; boundary=x' } })),
  },
);

function requestFor(op: Operation, context: { adminToken: string; ids: string[] }): fc.Arbitrary<InjectOptions & { label: string; multipart?: Promise<{ payload: Buffer; headers: Record<string, string> }> }> {
  const takesMultipart = op.requestBody?.content?.['multipart/form-data'] !== undefined;
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;

  const pathValues = fc.tuple(
    ...pathParams.map((p) => fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...context.ids) }, { weight: 2, arbitrary: fromSchema(p.schema) }, { weight: 3, arbitrary: hostileString })),
  );
  // The captcha answer the test app's fake siteverify accepts, so sign-ins get past the captcha.
  const captcha = queryParams.some((p) => p.name === CAPTCHA_QUERY_PARAM) ? { [CAPTCHA_QUERY_PARAM]: fc.oneof(fc.constant(TEST_CAPTCHA_TOKEN), hostileString) } : {};
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.record({ ...Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema)])), ...captcha }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(hostileString, fc.constantFrom(...queryParams.map((p) => p.name), 'page[]', 'role[0]', '__proto__')), hostileString, { maxKeys: 4 }) },
  );
  const body = fc.oneof(
    { weight: 4, arbitrary: fromSchema(bodySchema).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'not json', '\u0000', '{"email": "a@b.c", "email": 1}', '1e309').map((value) => ({ kind: 'raw' as const, value })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'json' as const, value: deeplyNested(2000) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'raw' as const, value: `{"password": "${'x'.repeat(70_000)}"}` }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const, value: undefined }) },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', undefined) },
  );
  // Logging out with the administrator's token would end the session the next cases rely on.
  const mayUseAdmin = !(op.method === 'POST' && op.path.endsWith('/auth/logout'));
  const authorization = fc.oneof(
    { weight: mayUseAdmin ? 5 : 0, arbitrary: fc.constant(`Bearer ${context.adminToken}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer ', 'Bearer a.b.c', 'Basic YWRtaW46YWRtaW4=', `Bearer ${context.adminToken}x`, `bearer  ${'A'.repeat(8000)}`) },
    { weight: 1, arbitrary: hostileString.map((s) => `Bearer ${s}`) },
  );
  const extraHeaders = fc.oneof({ weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.record(
    {
      cookie: fc.oneof(fc.constant('bo_session=' + 'x'.repeat(43)), hostileString.map((s) => `bo_session=${encodeURIComponent(s)}`), fc.constant('bo_session=;;;=;')),
      'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site', 'bogus'),
      origin: fc.constantFrom('http://office.test', 'https://evil.example', 'null', ''),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1'),
      'accept-language': fc.constant('x'.repeat(4000)),
    },
    { requiredKeys: [] },
  ) });

  const multipart = takesMultipart ? fc.oneof({ weight: 3, arbitrary: multipartBodies }, { weight: 1, arbitrary: fc.constant(null) }) : fc.constant(null);

  return fc.record({ pathValues, query, body, contentType, authorization, extraHeaders, multipart }).map(({ pathValues, query, body, contentType, authorization, extraHeaders, multipart }) => {
    let url = op.path;
    pathParams.forEach((param, i) => {
      url = url.replace(`{${param.name}}`, encodeURIComponent(asText(pathValues[i])));
    });
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
      if (Array.isArray(value)) for (const item of value) search.append(key, asText(item));
      else search.append(key, asText(value));
    }
    const queryString = search.toString();
    const headers: Record<string, string> = { ...(extraHeaders as Record<string, string>) };
    if (authorization) headers.authorization = authorization;
    const hasBody = body.kind !== 'none' && !['GET', 'HEAD', 'DELETE'].includes(op.method);
    if (hasBody && contentType) headers['content-type'] = contentType;
    const payload = hasBody ? (body.kind === 'raw' ? String(body.value) : JSON.stringify(body.value) ?? 'null') : undefined;
    return {
      method: op.method as InjectOptions['method'],
      url: queryString ? `${url}?${queryString}` : url,
      headers,
      ...(payload !== undefined && { payload }),
      ...(multipart && { multipart }),
      label: `${op.method} ${op.path}`,
    };
  });
}

/** One statement (one round trip to the database) reading a digest of every guarded table. */
async function digest(t: TestApp): Promise<string> {
  const perTable = GUARDED_TABLES.map((table) => {
    const row = UNGUARDED_COLUMNS[table] ? sql`(to_jsonb(t) - ${UNGUARDED_COLUMNS[table]})::text` : sql`t::text`;
    return sql`select ${table}::text as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from ${sql.table(table)} t`;
  });
  const { rows } = await sql<{ name: string; digest: string }>`select name, digest from (${sql.join(perTable, sql` union all `)}) d order by name`.execute(t.database.handle.db);
  return rows.map((row) => `${row.name}:${row.digest}`).join(',');
}

function checkAnswer(response: LightMyRequestResponse, label: string, octo: boolean): void {
  expect(response.statusCode, `${label} → ${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400 && octo) {
    const body = response.json<Record<string, unknown>>();
    expect(OCTO_ERROR_CODES, `${label}: error ${String(body.error)}`).toContain(body.error);
    expect(typeof body.errorMessage === 'string' && body.errorMessage.length > 0, `${label}: errorMessage`).toBe(true);
    for (const key of Object.keys(body)) expect(OCTO_ERROR_KEYS, `${label}: key ${key}`).toContain(key);
    expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|password_hash|SELECT |syntax error at/i);
  } else if (response.statusCode >= 400) {
    const body = response.json<Record<string, unknown>>();
    expect(ERROR_CODES as readonly unknown[], `${label}: code ${String(body.code)}`).toContain(body.code);
    expect(typeof body.message === 'string' && body.message.length > 0, `${label}: message`).toBe(true);
    for (const key of Object.keys(body)) expect(['code', 'message', 'errors', 'requestId', 'available'], `${label}: key ${key}`).toContain(key);
    if (body.errors !== undefined) {
      expect(typeof body.errors).toBe('object');
      for (const value of Object.values(body.errors as object)) expect(typeof value).toBe('string');
    }
    expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|password_hash|SELECT |syntax error at/i);
  }
}

const operations: Operation[] = await (async () => {
  const t = await createTestApp();
  try {
    const document = t.app.swagger() as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
    );
  } finally {
    await t.close();
  }
})();

afterAll(() => {
  const rows = [...summary.entries()].map(([route, stats]) => {
    const statuses = [...stats.statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    return `| ${route} | ${stats.cases} | ${statuses} | ${[...stats.codes].sort().join(', ')} |`;
  });
  const total = [...summary.values()].reduce((sum, stats) => sum + stats.cases, 0);
  console.log(
    [`Hostile input: ${total} requests over ${summary.size} routes (seed ${SEED}, ${RUNS} runs per route)`, '| route | cases | statuses | error codes |', '|---|---|---|---|', ...rows].join('\n'),
  );
});

interface Fixtures {
  t: TestApp;
  adminToken: string;
  /** A reseller's API key: the OCTO routes are called with it where the others use the administrator's token. */
  resellerKey: string;
  /** Ids and names the generated requests draw from, so that lookups find something. */
  ids: string[];
}

/** Adds to an app's database an administrator's token, a tour with a picture, a departure and a paid booking. */
async function addFixtures(t: TestApp): Promise<Fixtures> {
  const adminToken = (await login(t.app, t.admin)).accessToken;
  const roles = await t.database.handle.db.selectFrom('roles').select(['id', 'name']).execute();
  const users = await t.database.handle.db.selectFrom('users').select('id').execute();
  // A tour with a picture, so the tour and gallery routes reach the code behind their lookups.
  const tour = (await t.app.inject({ method: 'POST', url: '/api/tours', headers: { authorization: `Bearer ${adminToken}` }, payload: aTour({ status: 'published', bookableOnline: true }) })).json<{ id: string; code: string }>();
  const upload = await multipartBody({ alt: 'A fixture' }, { bytes: uploadFiles[0] });
  const media = (await t.app.inject({ method: 'POST', url: `/api/tours/${tour.id}/media`, ...upload, headers: { ...upload.headers, authorization: `Bearer ${adminToken}` } })).json<{ id: string }>();
  const departure = (await t.app.inject({ method: 'POST', url: '/api/departures', headers: { authorization: `Bearer ${adminToken}` }, payload: { tourId: tour.id, startDate: '2027-06-05', startTime: '09:00', capacity: 12 } })).json<{ id: string }>();
  // A customer's cart in the shop, so the cart routes reach theirs with a key that opens one.
  const cart = (await t.app.inject({ method: 'POST', url: '/api/shop/carts', payload: { departureId: departure.id, travellers: { ADULT: 1 } } })).json<{ cartId: string }>();
  // A booking with a payment, so the booking, payment and document routes reach theirs.
  const booking = (
    await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { departureId: departure.id, contact: { name: 'Fixture', email: 'fixture@example.test' }, travellers: [{ category: 'ADULT', firstName: 'A', lastName: 'B' }] },
    })
  ).json<{ id: string }>();
  await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, headers: { authorization: `Bearer ${adminToken}` }, payload: { kind: 'payment', amountMinor: 100, method: 'cash' } });
  // A reseller with a key and a booking of its own, so the reseller and OCTO routes reach theirs.
  const reseller = (await t.app.inject({ method: 'POST', url: '/api/resellers', headers: { authorization: `Bearer ${adminToken}` }, payload: { name: 'Fixture Tours', commissionPercent: 10 } })).json<{ id: string }>();
  const key = (await t.app.inject({ method: 'POST', url: `/api/resellers/${reseller.id}/api-keys`, headers: { authorization: `Bearer ${adminToken}` }, payload: { name: 'Fixture' } })).json<{ id: string; key: string }>();
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/octo/bookings',
    headers: { authorization: `Bearer ${key.key}` },
    payload: { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }], resellerReference: 'FIX-1' },
  });
  expect(held.statusCode, held.body).toBe(200);
  const octoBooking = held.json<{ uuid: string; supplierReference: string }>();
  const ids = [
    ...roles.flatMap((r) => [r.id, r.name]),
    ...users.map((u) => u.id),
    tour.id,
    tour.code,
    cart.cartId,
    media.id,
    departure.id,
    booking.id,
    'users.read',
    'roles.update',
    reseller.id,
    key.id,
    octoBooking.uuid,
    octoBooking.supplierReference,
    'DEFAULT',
    'adult',
  ];
  return { t, adminToken, resellerKey: key.key, ids };
}

/**
 * One database with the fixtures, and its DATA_DIR (the picture's files). The GET routes share one
 * app on it. A route that may change data gets an app of its own, built on the same database, and
 * after it the database's rows and sequences and the DATA_DIR's files are put back as they were:
 * every such route starts from the same data as if on a fresh database, without the seconds a
 * fresh embedded database takes to load.
 */
interface Shared {
  readers: Fixtures;
  snapshot: DatabaseSnapshot;
  /** The guarded tables' digest when the snapshot was taken: every restore must give it back. */
  fixturesDigest: string;
  dataDir: string;
  filesCopy: string;
}
let shared: Promise<Shared> | undefined;
function sharedFixtures(): Promise<Shared> {
  shared ??= (async () => {
    const readers = await addFixtures(await createTestApp({ env: UNLIMITED_OCTO }));
    const dataDir = readers.t.dataDir;
    const filesCopy = await mkdtemp(join(tmpdir(), 'bo-fuzz-files-'));
    await cp(dataDir, filesCopy, { recursive: true });
    const snapshot = await snapshotDatabase(readers.t.database.handle);
    return { readers, snapshot, fixturesDigest: await digest(readers.t), dataDir, filesCopy };
  })();
  return shared;
}
afterAll(async () => {
  if (!shared) return;
  const { readers, filesCopy } = await shared;
  await readers.t.close();
  await rm(filesCopy, { recursive: true, force: true });
});

/** An app of its own on the shared database, for a route that may change data; `reset` puts the data back. */
async function writerFixtures(): Promise<Fixtures & { reset(): Promise<void> }> {
  const { readers, snapshot, fixturesDigest, dataDir, filesCopy } = await sharedFixtures();
  const t = await createTestApp({ database: readers.t.database, env: { DATA_DIR: dataDir, ...UNLIMITED_OCTO } });
  return {
    t,
    adminToken: readers.adminToken,
    resellerKey: readers.resellerKey,
    ids: readers.ids,
    async reset() {
      await t.close();
      await snapshot.restore();
      expect(await digest(readers.t), 'the fixtures were put back').toBe(fixturesDigest);
      await rm(dataDir, { recursive: true, force: true });
      await cp(filesCopy, dataDir, { recursive: true });
    },
  };
}

describe('every route holds against generated and hostile requests', () => {
  test('the OpenAPI document lists the routes to fuzz', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  for (const op of operations) {
    test(`${op.method} ${op.path}`, async () => {
      // The routes that only read share one app; a route that may change data gets its own, and the data is put back after it.
      const writer = op.method === 'GET' ? null : await writerFixtures();
      const { t, adminToken, resellerKey, ids } = writer ?? (await sharedFixtures()).readers;
      const octo = op.path.startsWith('/api/octo/');
      try {
        const stats: RouteStats = { cases: 0, statuses: new Map(), codes: new Set() };
        summary.set(`${op.method} ${op.path}`, stats);

        // What the tables hold before each case: read again only after a request that was not
        // refused (a refused one is proved to have left it as it was).
        let current: string | null = null;
        await fc.assert(
          fc.asyncProperty(requestFor(op, { adminToken: octo ? resellerKey : adminToken, ids }), async ({ label, multipart, ...request }) => {
            const before = current ?? (await digest(t));
            current = null;
            if (multipart) {
              const body = await multipart;
              request.payload = body.payload;
              request.headers = { ...request.headers, ...body.headers };
            }
            const response = await t.app.inject(request);
            stats.cases += 1;
            stats.statuses.set(response.statusCode, (stats.statuses.get(response.statusCode) ?? 0) + 1);
            checkAnswer(response, `${label} (${request.url})`, octo);
            if (response.statusCode >= 400) {
              stats.codes.add(octo ? response.json<{ error: string }>().error : response.json<{ code: string }>().code);
              expect(await digest(t), `${label}: a refused request (${response.statusCode}) changed the data`).toBe(before);
              current = before;
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      } finally {
        await writer?.reset();
      }
    });
  }
});


describe('every route against hostile names and deep bodies, in German no dearer than in English', () => {
  const NIL_ID = '00000000-0000-4000-8000-000000000000';
  const name = hostileName(32 * 1024);
  const deep = `{"a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`;

  for (const op of operations) {
    const jsonBody = op.requestBody?.content?.['application/json'] !== undefined;
    // A route without a JSON body is asked with the name in its query string, only if it reads nothing (GET).
    if (!jsonBody && op.method !== 'GET') continue;
    test(`${op.method} ${op.path}`, async () => {
      const { t, adminToken, resellerKey } = (await sharedFixtures()).readers;
      const octo = op.path.startsWith('/api/octo/');
      const path = op.path.replace(/\{[^}]+\}/g, NIL_ID);
      const requests: InjectOptions[] = jsonBody
        ? [
            { url: path, payload: `{"${name}":1}` },
            { url: path, payload: deep },
          ]
        : [{ url: `${path}?${encodeURIComponent(name)}=1` }];
      for (const request of requests) {
        const costs: Record<string, number> = { en: Infinity, de: Infinity };
        for (let round = 0; round < 2; round++) {
          for (const language of ['en', 'de']) {
            const started = performance.now();
            const response = await t.app.inject({
              ...request,
              method: op.method as InjectOptions['method'],
              headers: { authorization: `Bearer ${octo ? resellerKey : adminToken}`, 'accept-language': language, ...(jsonBody && { 'content-type': 'application/json' }) },
            });
            costs[language] = Math.min(costs[language], performance.now() - started);
            checkAnswer(response, `${op.method} ${op.path} (${language})`, octo);
            // A body with an unknown field or too deep is refused by every route that reads one.
            if (jsonBody) expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
            // A refusal shows at most a short, cut form of the name.
            if (response.statusCode >= 400) expect(response.body.includes(name.slice(0, 200)), response.body.slice(0, 200)).toBe(false);
          }
        }
        expect(costs.de, `German ${costs.de.toFixed(1)} ms, English ${costs.en.toFixed(1)} ms`).toBeLessThan(costs.en * 2 + 20);
      }
    });
  }
});
