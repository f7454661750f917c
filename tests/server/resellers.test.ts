/**
 * Resellers in the office: their terms, the tours they may sell, their API keys (shown once, kept
 * as a hash, revoked for good) and webhook secrets, who may see and change them, and webhook URLs
 * that never point the server at itself, its neighbours or a cloud's metadata service.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey, Reseller } from '../../src/shared/contract/resellers.js';
import { isForbiddenAddress, outboundUrlProblem } from '../../src/server/security/outbound-address.js';
import { expectError } from '../helpers/assertions.js';
import { createTour, viaInject } from '../helpers/api-builders.js';
import { aRole } from '../helpers/builders.js';
import { aReseller } from '../helpers/octo.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
});
afterAll(async () => t?.close());

async function created(body: Record<string, unknown>): Promise<Reseller> {
  const response = await admin({ method: 'POST', url: '/api/resellers', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('resellers', () => {
  it('keeps a reseller’s terms, lists and finds them, and changes them', async () => {
    const tour = await createTour(viaInject(admin), { status: 'published' });
    const reseller = await created(aReseller({ name: 'Viator Europe', commissionPercent: 22.75, tourIds: [tour.id], notes: ' Net 30 ' }));
    expect(reseller).toMatchObject({ name: 'Viator Europe', active: true, commissionPercent: 22.75, tourIds: [tour.id], notes: 'Net 30', bookingCount: 0, activeKeyCount: 0, hasWebhookSecret: false, webhookUrl: null });
    const found = (await admin({ method: 'GET', url: '/api/resellers?q=viator' })).json<{ data: Reseller[]; total: number }>();
    expect(found.data.map((one) => one.id)).toContain(reseller.id);
    const changed = await admin({ method: 'PATCH', url: `/api/resellers/${reseller.id}`, payload: { active: false, tourIds: null, commissionPercent: 0 } });
    expect(changed.json()).toMatchObject({ active: false, tourIds: null, commissionPercent: 0 });
    const inactive = (await admin({ method: 'GET', url: '/api/resellers?active=false' })).json<{ data: Reseller[] }>();
    expect(inactive.data.map((one) => one.id)).toContain(reseller.id);
    expect((await admin({ method: 'GET', url: `/api/resellers/${reseller.id}` })).json()).toMatchObject({ active: false });
  });

  it('refuses a second reseller of the same name (any case), commissions with three decimals, and unknown tours', async () => {
    await created(aReseller({ name: 'GetYourGuide' }));
    expectError(await admin({ method: 'POST', url: '/api/resellers', payload: aReseller({ name: 'getyourguide' }) }), 409, 'CONFLICT');
    const badCommission = await admin({ method: 'POST', url: '/api/resellers', payload: aReseller({ commissionPercent: 12.345 }) });
    expectError(badCommission, 400, 'VALIDATION');
    expect(badCommission.json().errors).toHaveProperty('commissionPercent');
    expectError(await admin({ method: 'POST', url: '/api/resellers', payload: aReseller({ commissionPercent: 101 }) }), 400, 'VALIDATION');
    const unknownTour = await admin({ method: 'POST', url: '/api/resellers', payload: aReseller({ tourIds: [crypto.randomUUID()] }) });
    expectError(unknownTour, 400, 'VALIDATION');
    expect(unknownTour.json().errors).toHaveProperty('tourIds');
    expectError(await admin({ method: 'GET', url: `/api/resellers/${crypto.randomUUID()}` }), 404, 'NOT_FOUND');
  });

  it('refuses webhook URLs that point at private, loopback, link-local or metadata addresses, or are not https', async () => {
    for (const url of ['https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://[fd00:ec2::254]/', 'https://[::ffff:127.0.0.1]/', 'https://localhost/hook', 'http://hooks.example.com/', 'https://user:pw@hooks.example.com/', 'not a url']) {
      const response = await admin({ method: 'POST', url: '/api/resellers', payload: aReseller({ webhookUrl: url }) });
      expectError(response, 400, 'VALIDATION');
      expect(response.json().errors, url).toHaveProperty('webhookUrl');
    }
  });

  it('lets only holders of resellers.read see resellers, and of resellers.manage change them', async () => {
    const reseller = await created(aReseller());
    const role = aRole({ permissions: ['resellers.read'] });
    expect((await admin({ method: 'POST', url: '/api/admin/auth/role', payload: role })).statusCode).toBe(201);
    const reader = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: `reader-${Date.now()}@example.test`, roles: [role.name] });
    const readerCall = as(t.app, (await login(t.app, reader)).accessToken);
    expect((await readerCall({ method: 'GET', url: `/api/resellers/${reseller.id}` })).statusCode).toBe(200);
    expect((await readerCall({ method: 'GET', url: `/api/resellers/${reseller.id}/api-keys` })).statusCode).toBe(200);
    expectError(await readerCall({ method: 'POST', url: '/api/resellers', payload: aReseller() }), 403, 'FORBIDDEN');
    expectError(await readerCall({ method: 'POST', url: `/api/resellers/${reseller.id}/api-keys`, payload: { name: 'Mine' } }), 403, 'FORBIDDEN');
    expectError(await readerCall({ method: 'POST', url: `/api/resellers/${reseller.id}/webhook-secret` }), 403, 'FORBIDDEN');
    const staffUser = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: `staff-${Date.now()}@example.test`, roles: ['STAFF'] });
    const staffCall = as(t.app, (await login(t.app, staffUser)).accessToken);
    expectError(await staffCall({ method: 'GET', url: '/api/resellers' }), 403, 'FORBIDDEN');
  });
});

describe('API keys and webhook secrets', () => {
  it('shows a key once, keeps only its hash, and lists keys by prefix', async () => {
    const reseller = await created(aReseller());
    const response = await admin({ method: 'POST', url: `/api/resellers/${reseller.id}/api-keys`, payload: { name: 'Booking engine' } });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const key = response.json<CreatedApiKey>();
    expect(key.key).toMatch(/^rsk_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.keyPrefix)).toBe(true);
    expect(key).toMatchObject({ name: 'Booking engine', lastUsedAt: null, revokedAt: null });
    const listed = (await admin({ method: 'GET', url: `/api/resellers/${reseller.id}/api-keys` })).json<{ data: (ApiKey & { key?: string })[] }>();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0].key).toBeUndefined();
    const { rows } = await sql<{ found: number }>`select count(*)::int as found from reseller_api_keys where key_hash = ${key.key} or key_prefix = ${key.key} or name = ${key.key}`.execute(t.database.handle.db);
    expect(rows[0].found).toBe(0);
    const audit = await sql<{ details: string }>`select details::text as details from audit_log where action = 'reseller.key_created' and target_id = ${reseller.id}`.execute(t.database.handle.db);
    expect(audit.rows[0].details).not.toContain(key.key);
    expect((await admin({ method: 'GET', url: `/api/resellers/${reseller.id}` })).json()).toMatchObject({ activeKeyCount: 1 });
  });

  it('revokes a key for good: kept in the list with its date, and revoking again changes nothing', async () => {
    const reseller = await created(aReseller());
    const key = (await admin({ method: 'POST', url: `/api/resellers/${reseller.id}/api-keys`, payload: { name: 'Old' } })).json<CreatedApiKey>();
    const revoked = (await admin({ method: 'POST', url: `/api/resellers/${reseller.id}/api-keys/${key.id}/revoke` })).json<ApiKey>();
    expect(revoked.revokedAt).not.toBeNull();
    t.clock.advance(60_000);
    const again = (await admin({ method: 'POST', url: `/api/resellers/${reseller.id}/api-keys/${key.id}/revoke` })).json<ApiKey>();
    expect(again.revokedAt).toBe(revoked.revokedAt);
    const other = await created(aReseller());
    expectError(await admin({ method: 'POST', url: `/api/resellers/${other.id}/api-keys/${key.id}/revoke` }), 404, 'NOT_FOUND');
    const listed = (await admin({ method: 'GET', url: `/api/resellers/${reseller.id}/api-keys` })).json<{ data: ApiKey[] }>();
    expect(listed.data.map((one) => one.revokedAt)).toEqual([revoked.revokedAt]);
  });

  it('makes a Standard Webhooks secret, shown once; a new one replaces it', async () => {
    const reseller = await created(aReseller());
    const first = (await admin({ method: 'POST', url: `/api/resellers/${reseller.id}/webhook-secret` })).json<{ secret: string }>();
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first.secret.slice(6), 'base64')).toHaveLength(32);
    const second = (await admin({ method: 'POST', url: `/api/resellers/${reseller.id}/webhook-secret` })).json<{ secret: string }>();
    expect(second.secret).not.toBe(first.secret);
    expect((await admin({ method: 'GET', url: `/api/resellers/${reseller.id}` })).json()).toMatchObject({ hasWebhookSecret: true });
    expect((await admin({ method: 'GET', url: `/api/resellers/${reseller.id}` })).body).not.toContain(second.secret.slice(6));
  });
});

describe('outbound addresses', () => {
  it('tells the addresses the server never calls', () => {
    for (const address of ['127.0.0.1', '10.0.0.8', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', 'ff02::1']) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34']) expect(isForbiddenAddress(address), address).toBe(false);
  });

  it('checks every address a host resolves to, and refuses a host that resolves nowhere', async () => {
    const lookup = (answers: Record<string, string[]>) => async (host: string) => {
      if (!answers[host]) throw new Error('ENOTFOUND');
      return answers[host];
    };
    expect(await outboundUrlProblem('https://hooks.example.com/octo', { allowPrivate: false, lookup: lookup({ 'hooks.example.com': ['93.184.216.34'] }) })).toBeNull();
    expect(await outboundUrlProblem('https://rebind.example.com/', { allowPrivate: false, lookup: lookup({ 'rebind.example.com': ['93.184.216.34', '127.0.0.1'] }) })).toMatch(/private/);
    expect(await outboundUrlProblem('https://nowhere.example/', { allowPrivate: false, lookup: lookup({}) })).toMatch(/could not be found/);
    expect(await outboundUrlProblem('http://127.0.0.1:4000/hook', { allowPrivate: true })).toBeNull();
  });

  it('never a link-local or cloud metadata address, even with private addresses allowed, whether it is written or a name resolves there', async () => {
    const lookup = async (host: string) => ({ 'metadata.google.internal': ['169.254.169.254'], 'hooks.dev.test': ['10.0.0.5'], 'six.dev.test': ['fd00:ec2::254'] })[host] ?? [];
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/latest/', 'http://[fe80::1]:8080/', 'http://[::ffff:169.254.169.254]/', 'http://100.100.100.200/', 'http://metadata.google.internal/computeMetadata/v1/', 'https://six.dev.test/']) {
      expect(await outboundUrlProblem(url, { allowPrivate: true, lookup }), url).toMatch(/link-local or cloud metadata/);
    }
    expect(await outboundUrlProblem('http://hooks.dev.test:4000/hook', { allowPrivate: true, lookup })).toBeNull();
    // The sender checks the address it connects to again.
    const { sendWebhook } = await import('../../src/server/resellers/sender.js');
    const sent = await sendWebhook('http://metadata.google.internal/', '{}', {}, { allowPrivate: true, timeoutMs: 1000, lookup });
    expect(sent).toEqual({ status: null, error: 'metadata.google.internal points at an address the server does not call' });
  });
});
