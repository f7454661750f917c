// engine: independent (never opens the test database: left out of the suite's run on a PostgreSQL server)
/** The real reCAPTCHA verifier against the local fake siteverify. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRecaptchaVerifier, hostnameMatches } from '../../src/server/captcha/verifier.js';
import { startFakeSiteverify, type FakeSiteverify } from '../helpers/fake-siteverify.js';

let fake: FakeSiteverify;
beforeAll(async () => {
  fake = await startFakeSiteverify({ hostname: 'office.example.com' });
});
afterAll(async () => fake?.close());

const verifier = (options: { expectedHostname?: string; secret?: string; timeoutMs?: number } = {}) =>
  createRecaptchaVerifier({
    secret: options.secret ?? 'test-recaptcha-secret',
    verifyUrl: fake.url,
    expectedHostname: options.expectedHostname ?? 'office.example.com',
    timeoutMs: options.timeoutMs,
  });

describe('recaptcha verifier', () => {
  test('accepts the solved token for our hostname, posting secret, response and remote address as a form', async () => {
    fake.requests.length = 0;
    expect(await verifier().verify('test-captcha-ok', '203.0.113.9')).toBe(true);
    expect(fake.requests).toEqual([{ secret: 'test-recaptcha-secret', response: 'test-captcha-ok', remoteip: '203.0.113.9' }]);
  });

  test('refuses a wrong token, a wrong secret, an empty or oversized token', async () => {
    expect(await verifier().verify('forged')).toBe(false);
    expect(await verifier({ secret: 'other' }).verify('test-captcha-ok')).toBe(false);
    expect(await verifier().verify('')).toBe(false);
    expect(await verifier().verify('x'.repeat(5000))).toBe(false);
  });

  test('refuses a token solved on another hostname', async () => {
    expect(await verifier({ expectedHostname: 'other.example.com' }).verify('test-captcha-ok')).toBe(false);
  });

  test('fails closed when siteverify errs, answers garbage, hangs, or is not there', async () => {
    for (const mode of ['http-error', 'garbage'] as const) {
      fake.mode = mode;
      expect(await verifier().verify('test-captcha-ok')).toBe(false);
    }
    fake.mode = 'hang';
    expect(await verifier({ timeoutMs: 200 }).verify('test-captcha-ok')).toBe(false);
    fake.mode = 'ok';
    const nowhere = createRecaptchaVerifier({ secret: 's', verifyUrl: 'http://127.0.0.1:1/siteverify', expectedHostname: 'x' });
    expect(await nowhere.verify('test-captcha-ok')).toBe(false);
  });

  test('loopback names count as one host; public names must match exactly', () => {
    expect(hostnameMatches('127.0.0.1', 'localhost')).toBe(true);
    expect(hostnameMatches('LOCALHOST', 'localhost')).toBe(true);
    expect(hostnameMatches('Office.Example.com', 'office.example.com')).toBe(true);
    expect(hostnameMatches('localhost', 'office.example.com')).toBe(false);
    expect(hostnameMatches('office.example.com.evil.test', 'office.example.com')).toBe(false);
  });
});
