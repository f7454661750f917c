/**
 * The HTTP surface every route shares: bad input of every kind, unknown routes, the error shape,
 * request ids, health, config, the OpenAPI document, the browser app's files, and what the logs
 * hold (nothing secret).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/open-database.js';
import { expectError } from '../helpers/assertions.js';
import { as, createTestApp, login, readOutbox, resetTokenFrom, type TestApp } from '../helpers/test-app.js';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let adminToken: string;
let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), 'bo-client-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
  await writeFile(join(clientDir, 'assets', 'index-3f2a9c.js'), 'console.log("app")');
  await writeFile(join(clientDir, 'favicon.svg'), '<svg/>');
  // As scripts/compress.mjs leaves them beside a built asset.
  await writeFile(join(clientDir, 'assets', 'index-3f2a9c.js.br'), brotliCompressSync('console.log("app")'));
  await writeFile(join(clientDir, 'assets', 'index-3f2a9c.js.gz'), gzipSync('console.log("app")'));
  t = await createTestApp({ logStream, clientDir });
  adminToken = (await login(t.app, t.admin)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const admin = () => as(t.app, adminToken);
const usersSnapshot = async () => (await admin()({ method: 'GET', url: '/api/admin/auth/user?pageSize=100' })).json();

describe('bad input is a 4xx in the error shape, and changes nothing', () => {
  const signup = (payload: string, contentType = 'application/json') =>
    admin()({ method: 'POST', url: '/api/admin/auth/signup', headers: { 'content-type': contentType }, payload });

  test('malformed JSON → 400 VALIDATION', async () => {
    const before = await usersSnapshot();
    for (const body of ['{', '{"email": }', "{'email': 'x'}", '{"a":1}}', 'nul']) {
      const response = await signup(body);
      expectError(response, 400, 'VALIDATION');
      expect(response.json().message).toMatch(/not valid JSON/);
    }
    expect(await usersSnapshot()).toEqual(before);
  });

  test('prototype pollution in JSON is refused', async () => {
    const response = await signup('{"__proto__": {"isAdmin": true}, "email": "p@example.com"}');
    expectError(response, 400, 'VALIDATION');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  test('a body over 64 KiB → 413 PAYLOAD_TOO_LARGE', async () => {
    const before = await usersSnapshot();
    const big = JSON.stringify({ email: 'big@example.com', fullName: 'x'.repeat(70 * 1024), password: 'long-enough-pass', roles: [] });
    expectError(await signup(big), 413, 'PAYLOAD_TOO_LARGE');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: big });
    expectError(login, 413, 'PAYLOAD_TOO_LARGE');
    expect(await usersSnapshot()).toEqual(before);
  });

  test('a body that is not JSON → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const before = await usersSnapshot();
    expectError(await signup('email=a@b.c', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await signup('{"email":"a@b.c"}', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await signup('--x\r\n', 'multipart/form-data; boundary=x'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await signup('<a/>', 'application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await usersSnapshot()).toEqual(before);
  });

  test('JSON with a charset is fine', async () => {
    const response = await admin()({
      method: 'POST',
      url: '/api/admin/auth/role',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ name: 'CHARSET_OK' }),
    });
    expect(response.statusCode).toBe(201);
  });

  test('a body-less POST to a route that needs one → 400 VALIDATION', async () => {
    const response = await admin()({ method: 'POST', url: '/api/admin/auth/role' });
    expectError(response, 400, 'VALIDATION');
  });

  test('NUL characters (which PostgreSQL cannot store) → 400, never 500', async () => {
    const before = await usersSnapshot();
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login?g-recaptcha-response=test-captcha-ok', payload: { email: 'a\u0000b', password: 'x' } });
    expectError(login, 400, 'VALIDATION');
    expect(login.json().errors).toEqual({ email: 'must not contain NUL characters' });
    expectError(await admin()({ method: 'GET', url: '/api/admin/auth/user?q=%00' }), 400, 'VALIDATION');
    expectError(await admin()({ method: 'GET', url: '/api/admin/auth/role/permission/A%00' }), 400, 'VALIDATION');
    const signup = await admin()({
      method: 'POST',
      url: '/api/admin/auth/signup',
      payload: { email: 'nul@example.com', fullName: 'a\u0000b', password: 'long-enough-pass', roles: ['STAFF\u0000'] },
    });
    expectError(signup, 400, 'VALIDATION');
    expect(await usersSnapshot()).toEqual(before);
  });

  test('hostile query strings and path parameters never reach the database as-is', async () => {
    const before = await usersSnapshot();
    const hostile = [
      '/api/admin/auth/user?page=-1',
      '/api/admin/auth/user?pageSize=1e9',
      '/api/admin/auth/user?page=1&page=2',
      '/api/admin/auth/user?sort=password_hash',
      `/api/admin/auth/user?sort=${encodeURIComponent('created_at; drop table users')}`,
      '/api/admin/auth/user?order=DESC%00',
      `/api/admin/auth/user/${encodeURIComponent("' or ''='")}`,
      `/api/admin/auth/role/${'9'.repeat(150)}`,
    ];
    for (const url of hostile) {
      const method = url.startsWith('/api/admin/auth/user/') ? 'DELETE' : 'GET';
      const response = await admin()({ method, url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expectError(response, response.statusCode, response.json().code);
    }
    expect(await usersSnapshot()).toEqual(before);
  });
});

describe('routes and the error shape', () => {
  test('an unknown /api route → 404 NOT_FOUND in JSON, for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE', 'PATCH'] as const) {
      expectError(await t.app.inject({ method, url: '/api/no-such-thing' }), 404, 'NOT_FOUND');
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api' }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'PUT', url: '/api/auth/login' }), 404, 'NOT_FOUND');
  });

  test('every answer carries a request id header', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers['x-request-id']).not.toBe(missing.headers['x-request-id']);
    // A client-chosen id is not trusted without a trusted proxy in front.
    const forged = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged-id' } });
    expect(forged.headers['x-request-id']).not.toBe('forged-id');
  });

  test('an unexpected failure → 500 INTERNAL with the request id and nothing else', async () => {
    const original = t.app.users.list;
    t.app.users.list = async () => {
      throw new Error('relation "users" SELECT password_hash FROM users failed');
    };
    try {
      const response = await admin()({ method: 'GET', url: '/api/admin/auth/user' });
      expectError(response, 500, 'INTERNAL');
      const body = response.json();
      expect(body.requestId).toBe(response.headers['x-request-id']);
      expect(body.message).toContain(body.requestId);
      expect(response.body).not.toMatch(/password_hash|SELECT|relation|at .*\.ts/);
    } finally {
      t.app.users.list = original;
    }
  });

  test('GET /api/health → 200 {status: "ok"}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('GET /api/config → the public runtime settings', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({ recaptchaSiteKey: 'test-recaptcha-site-key', cardPayments: false, mailSent: false });
  });
});

describe('the database is not there', () => {
  test('PostgreSQL server unreachable: health and calls → 503 UNAVAILABLE', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing', JWT_SECRET: 's'.repeat(32), DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
    const database = await openDatabase(config.database);
    const app = await buildApp({ config, database, logger: false, clientDir: null });
    try {
      expectError(await app.inject({ method: 'GET', url: '/api/health' }), 503, 'UNAVAILABLE');
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.com', password: 'whatever' } });
      expectError(login, 503, 'UNAVAILABLE');
      expect(login.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  test('embedded database closed: 503 UNAVAILABLE', async () => {
    const other = await createTestApp({ captcha: false });
    try {
      await other.database.handle.close();
      expectError(await other.app.inject({ method: 'GET', url: '/api/health' }), 503, 'UNAVAILABLE');
    } finally {
      await other.close();
    }
  });
});

describe('OpenAPI document at /api/docs', () => {
  const contractRoutes = [
    'post /api/auth/login',
    'get /api/auth/refresh-token',
    'get /api/auth/check',
    'post /api/auth/logout',
    'get /api/auth/totp',
    'post /api/auth/totp/setup',
    'post /api/auth/totp/enable',
    'post /api/auth/totp/disable',
    'post /api/admin/auth/user/{id}/totp/reset',
    'get /api/admin/auth/user/{id}/sign-in-lock',
    'delete /api/admin/auth/user/{id}/sign-in-lock',
    'post /api/auth/forget-password',
    'patch /api/auth/reset-password',
    'get /api/user/profile/{id}',
    'patch /api/user/profile/{id}',
    'get /api/admin/auth/user',
    'post /api/admin/auth/signup',
    'post /api/admin/auth/user/{id}/invitation',
    'patch /api/admin/auth/user/{id}',
    'delete /api/admin/auth/user/{id}',
    'get /api/admin/auth/role',
    'get /api/admin/auth/role/{id}',
    'post /api/admin/auth/role',
    'patch /api/admin/auth/role/{id}',
    'delete /api/admin/auth/role/{id}',
    'get /api/admin/auth/role/{id}/permission',
    'get /api/admin/auth/role/permission/{role}',
    'post /api/admin/auth/role/{roleID}/permission',
    'delete /api/admin/auth/role/{roleID}/permission/{permission}',
    'get /api/admin/auth/permission',
    'get /api/admin/audit',
    'get /api/health',
    'get /api/health/ready',
    'get /api/config',
    'get /api/docs',
    'get /api/tours',
    'post /api/tours',
    'get /api/tours/{id}',
    'patch /api/tours/{id}',
    'delete /api/tours/{id}',
    'get /api/tours/{id}/components',
    'post /api/tours/{id}/components',
    'patch /api/tours/{id}/components/{componentId}',
    'delete /api/tours/{id}/components/{componentId}',
    'get /api/tours/{id}/itinerary',
    'put /api/tours/{id}/itinerary/{dayNumber}',
    'delete /api/tours/{id}/itinerary/{dayNumber}',
    'get /api/tours/{id}/seasons',
    'put /api/tours/{id}/seasons',
    'get /api/tours/{id}/price-rules',
    'put /api/tours/{id}/price-rules',
    'post /api/tours/{id}/price-quote',
    'get /api/promo-codes',
    'post /api/promo-codes',
    'get /api/promo-codes/{id}',
    'patch /api/promo-codes/{id}',
    'get /api/promo-codes/{id}/bookings',
    'get /api/gift-cards',
    'post /api/gift-cards',
    'get /api/gift-cards/{id}',
    'post /api/gift-cards/{id}/adjust',
    'post /api/gift-cards/{id}/void',
    'post /api/tours/{id}/itinerary/order',
    'get /api/tours/{id}/media',
    'post /api/tours/{id}/media',
    'patch /api/tours/{id}/media/{mediaId}',
    'delete /api/tours/{id}/media/{mediaId}',
    'get /api/departures',
    'post /api/departures',
    'post /api/departures/bulk',
    'get /api/departures/{id}',
    'patch /api/departures/{id}',
    'delete /api/departures/{id}',
    'post /api/departures/{id}/cancel',
    'get /api/departures/{id}/manifest.csv',
    'get /api/bookings',
    'get /api/bookings.csv',
    'post /api/bookings',
    'get /api/bookings/{id}',
    'patch /api/bookings/{id}',
    'post /api/bookings/{id}/confirm',
    'post /api/bookings/{id}/cancel',
    'post /api/bookings/{id}/change',
    'get /api/bookings/{id}/payments',
    'post /api/bookings/{id}/payments',
    'get /api/bookings/{id}/voucher.pdf',
    'get /api/bookings/{id}/timeline',
    'get /api/bookings/{id}/cancellation-quote',
    'get /api/vouchers/{id}',
    'post /api/check-in',
    'get /api/departures/{id}/check-in',
    'post /api/bookings/{id}/check-in',
    'get /api/reports/summary',
    'get /api/reports/monthly',
    'get /api/departures/{id}/margin',
    'get /api/reports/margins',
    'get /api/resellers',
    'post /api/resellers',
    'get /api/resellers/{id}',
    'patch /api/resellers/{id}',
    'get /api/resellers/{id}/api-keys',
    'post /api/resellers/{id}/api-keys',
    'post /api/resellers/{id}/api-keys/{keyId}/revoke',
    'delete /api/resellers/{id}/test-bookings',
    'post /api/resellers/{id}/webhook-secret',
    'get /api/customers',
    'get /api/customers/{id}',
    'patch /api/customers/{id}',
    'post /api/customers/{id}/merge',
    'get /api/customers/{id}/export',
    'post /api/customers/{id}/erase',
    'get /api/customers/{id}/messages',
    'get /api/bookings/{id}/messages',
    'post /api/bookings/{id}/messages',
    'get /api/message-templates',
    'get /api/message-templates/{kind}',
    'put /api/message-templates/{kind}',
    'post /api/message-templates/{kind}/preview',
    'get /api/bookings/{id}/payment-links',
    'post /api/bookings/{id}/payment-links',
    'post /api/payments/stripe/webhook',
    'get /api/payments/return',
    'get /api/resellers/{id}/webhook-deliveries',
    'post /api/resellers/{id}/webhook-deliveries/{deliveryId}/retry',
    'get /api/resellers/{id}/statement.csv',
    'get /api/resources',
    'get /api/resources/{id}',
    'post /api/resources',
    'patch /api/resources/{id}',
    'get /api/resources/{id}/schedule',
    'get /api/resources/{id}/unavailability',
    'post /api/resources/{id}/unavailability',
    'delete /api/resources/{id}/unavailability/{uid}',
    'get /api/business',
    'put /api/business',
    'get /api/shop-settings',
    'put /api/shop-settings',
    'get /api/shop/funnel',
    'get /api/shop/tours',
    'get /api/shop/tours/{code}',
    'get /api/shop/tours/{code}/availability',
    'post /api/shop/carts',
    'get /api/shop/carts/{cartId}',
    'patch /api/shop/carts/{cartId}',
    'delete /api/shop/carts/{cartId}',
    'post /api/shop/carts/{cartId}/extend',
    'post /api/shop/carts/{cartId}/checkout',
    'post /api/shop/gift-cards',
    'get /api/shop/manage/{token}',
    'get /api/shop/manage/{token}/dates',
    'post /api/shop/manage/lookup',
    'post /api/shop/manage/{token}/cancel',
    'post /api/shop/manage/{token}/change',
    'post /api/shop/manage/{token}/change-quote',
    'post /api/shop/manage/{token}/pay',
    'get /api/bookings/{id}/manage-link',
    'get /api/admin/auth/user/{id}',
    'post /api/auth/confirm-email',
    'get /api/departures/{id}/manifest',
    'get /api/departures/{id}/manifest.pdf',
    'get /api/operations/manifests',
    'get /api/operations/manifests.pdf',
    'get /api/departures/{id}/assignments',
    'post /api/departures/{id}/assignments',
    'delete /api/departures/{id}/assignments/{assignmentId}',
    'get /api/operations/day',
    'get /api/operations/day.csv',
    'get /api/octo/supplier',
    'get /api/octo/capabilities',
    'get /api/octo/products',
    'get /api/octo/products/{id}',
    'post /api/octo/availability/calendar',
    'post /api/octo/availability',
    'post /api/octo/bookings',
    'get /api/octo/bookings',
    'get /api/octo/bookings/{uuid}',
    'patch /api/octo/bookings/{uuid}',
    'post /api/octo/bookings/{uuid}/confirm',
    'post /api/octo/bookings/{uuid}/cancel',
    'post /api/octo/bookings/{uuid}/extend',
  ];

  test('lists every route of the contract, each with a tag, a summary and its answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const operations: string[] = [];
    for (const [path, methods] of Object.entries<Record<string, { tags?: string[]; summary?: string; responses?: object }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations.push(`${method} ${path}`);
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
    expect(operations.sort()).toEqual([...contractRoutes].sort());
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).toEqual(doc);
  });

  test('the login operation documents its captcha parameter and body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const operation = doc.paths['/api/auth/login'].post;
    expect(operation.parameters.map((p: { name: string }) => p.name)).toContain('g-recaptcha-response');
    expect(Object.keys(operation.requestBody.content['application/json'].schema.properties).sort()).toEqual(['email', 'password', 'persist', 'totp']);
  });

  test('the contract’s shapes are named once, as components, and referred to where they are used', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['User', 'Role', 'Tour', 'TourComponent', 'ItineraryDay', 'Media', 'MediaUrls', 'Departure']));
    expect(doc.components.schemas.User.properties).toHaveProperty('invitedAt');
    expect(doc.paths['/api/admin/auth/user'].get.responses['200'].content['application/json'].schema.properties.data.items).toEqual({ $ref: '#/components/schemas/User' });
    expect(doc.paths['/api/tours/{id}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Tour' });
    expect(doc.components.schemas.Media.properties.urls).toEqual({ $ref: '#/components/schemas/MediaUrls' });
    // Every reference points at a component that exists.
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of new Set(refs)) expect(doc.components.schemas, ref).toHaveProperty(ref.split('/').pop()!);
  });

  test('the picture upload documents its multipart body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const body = doc.paths['/api/tours/{id}/media'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['alt', 'caption', 'credit', 'file']);
    expect(body.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(body.required.sort()).toEqual(['alt', 'file']);
  });
});

describe('the browser app', () => {
  test('index.html at / without caching; hashed assets cached for a year', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('<div id="root">');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Compressed copies for browsers that take them; the plain file for those that do not.
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe('console.log("app")');
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-3f2a9c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("app")');
    expect(asset.body).toBe('console.log("app")');

    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  test('every other non-API GET gets index.html (the app’s router decides)', async () => {
    for (const url of ['/login', '/dashboard', '/users/123/show', '/reset-password?token=abc', '/404']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/dashboard' })).statusCode).toBe(200);
  });

  test('an asset built while the server runs is served (a rebuild in place leaves no blank page)', async () => {
    await writeFile(join(clientDir, 'assets', 'index-new5e7.js'), 'console.log("new build")');
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-new5e7.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("new build")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a path that climbs out of the app’s folder is not served', async () => {
    for (const url of ['/assets/..%2f..%2fpackage.json', '/..%2fpackage.json', '/assets/%2e%2e/%2e%2e/package.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('"dependencies"');
      expect([200, 400, 403, 404], url).toContain(response.statusCode);
    }
  });

  test('a missing asset is a 404, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
    // The folder itself is never listed ("/assets" is a path of the app, whose router says not found).
    const folder = await t.app.inject({ method: 'GET', url: '/assets/' });
    expect(folder.statusCode).toBe(404);
    for (const url of ['/assets', '/assets/']) expect((await t.app.inject({ method: 'GET', url })).body, url).not.toContain('index-3f2a9c');
  });

  test('without a build, a plain page says how to build it', async () => {
    const bare = await createTestApp({ captcha: false, clientDir: join(clientDir, 'not-there') });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/dashboard' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('npm run build:client');
    } finally {
      await bare.close();
    }
  });
});

describe('logs', () => {
  test('every request line has the request id; no password, token, cookie, hash or stack anywhere', async () => {
    logLines.length = 0;
    const session = await login(t.app, t.admin);
    await t.app.inject({ method: 'GET', url: '/api/auth/refresh-token', cookies: { bo_session: session.refreshToken } });
    await as(t.app, session.accessToken)({ method: 'GET', url: '/api/admin/auth/user' });
    await t.app.inject({ method: 'POST', url: '/api/auth/login?g-recaptcha-response=test-captcha-ok', payload: { email: t.admin.email, password: 'wrong-secret-guess' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/forget-password', payload: { email: t.admin.email } });
    await t.app.background.settled();
    const mails = await readOutbox(t.outboxDir);
    const resetToken = resetTokenFrom(mails[mails.length - 1]);
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const original = t.app.users.list;
    t.app.users.list = async () => {
      throw new Error('boom');
    };
    await as(t.app, session.accessToken)({ method: 'GET', url: '/api/admin/auth/user' });
    t.app.users.list = original;

    const all = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of [t.admin.password, 'wrong-secret-guess', session.refreshToken, session.accessToken, resetToken, '$argon2id', 'test-recaptcha-secret']) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/\n\s+at /); // no stack frames
    expect(all).not.toMatch(/"stack"/);
    expect(all).toContain('[redacted]');
    const requestLines = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.req || entry.res);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const entry of requestLines) expect(entry.reqId).toBeTruthy();
    // The outbox mailer logs where a mail went, not the link inside it.
    expect(all).toContain('mail written to the outbox');
  });

  test('the app’s own files and health polls are logged at debug, not info; API calls and failures still at info', async () => {
    logLines.length = 0;
    for (const url of ['/', '/assets/index-3f2a9c.js', '/favicon.svg', '/bookings/ABC/show', '/api/health', '/api/health']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    await t.app.inject({ method: 'GET', url: '/api/config' });
    const entries = logLines.map((line) => JSON.parse(line) as { msg: string; level: number; req?: { url: string }; reqId?: string });
    const urls = entries.filter((entry) => entry.msg === 'incoming request').map((entry) => entry.req?.url);
    // The test app logs at info: only the API call shows.
    expect(urls).toEqual(['/api/config']);
    expect(entries.filter((entry) => entry.msg === 'request completed')).toHaveLength(1);

    const debugLines: string[] = [];
    const debugApp = await createTestApp({
      env: { LOG_LEVEL: 'debug' },
      clientDir,
      logStream: new Writable({
        write(chunk, _encoding, done) {
          debugLines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      }),
    });
    try {
      await debugApp.app.inject({ method: 'GET', url: '/api/health' });
      await debugApp.app.inject({ method: 'GET', url: '/favicon.svg' });
      const quiet = debugLines.map((line) => JSON.parse(line) as { msg: string; level: number; req?: { url: string } }).filter((entry) => entry.msg === 'incoming request');
      expect(quiet.map((entry) => [entry.req?.url, entry.level])).toEqual([
        ['/api/health', 20],
        ['/favicon.svg', 20],
      ]);
    } finally {
      await debugApp.close();
    }
  });
});
