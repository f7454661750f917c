/** Per-IP rate limits on the auth routes (memory and Redis counters) and the security headers. */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_RATE_LIMITS, RedisCounterStore } from '../../src/server/http/rate-limit.js';
import { CONTENT_SECURITY_POLICY } from '../../src/server/http/security-headers.js';
import { expectError } from '../helpers/assertions.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: AUTH_RATE_LIMITS });
});
afterAll(async () => t?.close());

const fromAddress = (remoteAddress: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'content-type': 'application/json' } });

describe('per-IP rate limits on the auth routes', () => {
  test('login: the 31st attempt in a minute from one address is 429 with Retry-After; others are unaffected; the window ends', async () => {
    const url = '/api/auth/login?g-recaptcha-response=test-captcha-ok';
    const body = { email: 'nobody@example.com', password: 'wrong password 1' };
    for (let i = 0; i < AUTH_RATE_LIMITS.login.max; i++) expect((await fromAddress('10.1.1.1', url, body)).statusCode).toBe(401);
    const limited = await fromAddress('10.1.1.1', url, body);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('60');
    // A correct password from the limited address is refused too: the limit comes first.
    expectError(await fromAddress('10.1.1.1', url, { email: t.admin.email, password: t.admin.password }), 429, 'RATE_LIMITED');
    expect((await fromAddress('10.2.2.2', url, { email: t.admin.email, password: t.admin.password })).statusCode).toBe(200);

    t.clock.advance(30_000);
    expect((await fromAddress('10.1.1.1', url, body)).headers['retry-after']).toBe('30');
    t.clock.advance(30_000);
    expect((await fromAddress('10.1.1.1', url, body)).statusCode).toBe(401);
  });

  test('forget-password: 10 a minute from one address', async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS.forgetPassword.max; i++) {
      expect((await fromAddress('10.3.3.3', '/api/auth/forget-password', { email: `someone${i}@example.com` })).statusCode).toBe(200);
    }
    expectError(await fromAddress('10.3.3.3', '/api/auth/forget-password', { email: 'someone@example.com' }), 429, 'RATE_LIMITED');
  });

  test('behind a proxy: a forged X-Forwarded-For gets no fresh limit, and the audit log records the proxy\'s client', async () => {
    for (const trustProxy of ['1', '127.0.0.1']) {
      const proxied = await createTestApp({ rateLimits: AUTH_RATE_LIMITS, env: { TRUST_PROXY: trustProxy } });
      try {
        const url = '/api/auth/login?g-recaptcha-response=test-captcha-ok';
        // The client writes any X-Forwarded-For it likes; the proxy (127.0.0.1) adds the address it saw.
        const statuses: number[] = [];
        for (let i = 0; i < 40; i++) {
          const response = await proxied.app.inject({
            method: 'POST',
            url,
            payload: { email: 'nobody@example.com', password: `wrong ${i}` },
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': `10.66.${i}.1, 203.0.113.9` },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses.slice(0, AUTH_RATE_LIMITS.login.max).every((status) => status === 401)).toBe(true);
        expect(statuses.slice(AUTH_RATE_LIMITS.login.max).every((status) => status === 429), statuses.join(' ')).toBe(true);
        const addresses = await proxied.database.handle.db.selectFrom('audit_log').select('ip').where('action', '=', 'login.failure').distinct().execute();
        expect(addresses.map((row) => row.ip)).toEqual(['203.0.113.9']);
      } finally {
        await proxied.close();
      }
    }
  });

  test('the OpenAPI document lists 429 on the limited routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths['/api/auth/login'].post.responses)).toContain('429');
    expect(Object.keys(doc.paths['/api/auth/forget-password'].post.responses)).toContain('429');
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('Redis counters (TEST_REDIS_URL)', () => {
  test('two instances share one count', async () => {
    const prefix = `bo:test:${process.pid}:${Date.now()}:`;
    const a = new RedisCounterStore(new Redis(process.env.TEST_REDIS_URL!), Date.now, prefix);
    const b = new RedisCounterStore(new Redis(process.env.TEST_REDIS_URL!), Date.now, prefix);
    try {
      expect((await a.hit('login:10.0.0.1', 60_000)).count).toBe(1);
      expect((await b.hit('login:10.0.0.1', 60_000)).count).toBe(2);
      const third = await a.hit('login:10.0.0.1', 60_000);
      expect(third.count).toBe(3);
      expect(third.resetAt - Date.now()).toBeGreaterThan(58_000);
      expect((await b.hit('login:10.0.0.2', 60_000)).count).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('security headers', () => {
  test('every answer carries them: API, app page, errors', async () => {
    for (const url of ['/api/health', '/dashboard', '/api/nowhere']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toBeUndefined(); // plain HTTP
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  test('HSTS only over HTTPS (behind a trusted proxy)', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const response = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});

describe('password policy and cross-site refusal through the routes', () => {
  test('signup refuses a common password and one containing the e-mail’s name, with a field message', async () => {
    const token = (await t.app.inject({ method: 'POST', url: '/api/auth/login?g-recaptcha-response=test-captcha-ok', payload: { email: t.admin.email, password: t.admin.password }, remoteAddress: '10.7.7.7' })).json().access_token;
    const signup = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/auth/signup', headers: { authorization: `Bearer ${token}` }, payload: { email, fullName: 'Someone', password, roles: [] } });
    const common = await signup('someone@example.com', 'Password2024!');
    expectError(common, 400, 'VALIDATION');
    expect(common.json().errors.password).toMatch(/too common/);
    expectError(await signup('marguerite@example.com', 'marguerite is my name'), 400, 'VALIDATION');
    expect((await signup('marguerite@example.com', 'tides over the harbour')).statusCode).toBe(201);
  });

  test('the cookie endpoints refuse cross-site requests; same-origin and header-less ones pass', async () => {
    for (const [method, url] of [['GET', '/api/auth/check'], ['GET', '/api/auth/refresh-token'], ['POST', '/api/auth/logout']] as const) {
      expectError(await t.app.inject({ method, url, headers: { 'sec-fetch-site': 'cross-site' } }), 403, 'FORBIDDEN');
      expectError(await t.app.inject({ method, url, headers: { origin: 'https://evil.example' } }), 403, 'FORBIDDEN');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/check', headers: { 'sec-fetch-site': 'same-origin' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/check' })).statusCode).toBe(200);
  });
});

test('a generated administrator password: 20 letters and digits, no look-alikes, different every time', async () => {
  const { generatePassword } = await import('../../src/server/auth/passwords.js');
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const password = generatePassword();
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{20}$/);
    seen.add(password);
  }
  expect(seen.size).toBe(200);
});
