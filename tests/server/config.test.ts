// engine: independent (never opens the test database: left out of the suite's run on a PostgreSQL server)
/** Configuration from the environment: defaults, every validation, the production rules. */
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, GOOGLE_SITEVERIFY_URL, loadConfig, parseDuration } from '../../src/server/config.js';

describe('defaults', () => {
  test('an empty environment gives the contract’s defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      database: { kind: 'pglite-file', dataDir: resolve('./data/db') },
      publicUrl: 'http://localhost:3000',
      jwtSecret: null,
      accessTokenTtlMs: 15 * 60_000,
      sessionTtlMs: 12 * 3_600_000,
      persistentSessionTtlMs: 30 * 86_400_000,
      recaptcha: null,
      smtpUrl: null,
      adminEmail: 'admin@localhost',
      adminPassword: null,
      redisUrl: null,
      redisPrefix: 'bo:',
      trustProxy: false,
      logLevel: 'info',
      businessTimeZone: 'UTC',
    });
    expect(config.captchaOffReason).toMatch(/not set/);
  });

  test('PUBLIC_URL follows PORT; DATA_DIR moves the embedded database; memory:// and postgres:// are understood', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).database).toEqual({ kind: 'pglite-file', dataDir: '/tmp/x/db' });
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'pglite-memory' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/bo' }).database).toEqual({ kind: 'postgres', url: 'postgresql://u:p@db:5432/bo' });
  });

  test('values are read as given', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://office.example.com/',
      ACCESS_TOKEN_TTL: '30s',
      SESSION_TTL: '2h',
      PERSISTENT_SESSION_TTL: '7d',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
      SMTP_URL: 'smtp://user:pass@mail:587',
      MAIL_FROM: 'office@example.com',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'office-staging:',
      JWT_SECRET: 'k'.repeat(32),
    });
    expect(config).toMatchObject({
      publicUrl: 'https://office.example.com',
      accessTokenTtlMs: 30_000,
      sessionTtlMs: 7_200_000,
      persistentSessionTtlMs: 7 * 86_400_000,
      recaptcha: { siteKey: 'site', secret: 'secret', verifyUrl: GOOGLE_SITEVERIFY_URL },
      smtpUrl: 'smtp://user:pass@mail:587',
      mailFrom: 'office@example.com',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'office-staging:',
      captchaOffReason: null,
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '::1, fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
  });

  test('TRUST_PROXY=true is refused at start, saying what to write instead', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: true would believe any X-Forwarded-For .* number of proxies .* or their addresses/);
    }
  });

  test('CAPTCHA_DISABLED=true turns the captcha off even with keys', () => {
    const config = loadConfig({ RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET: 'secret', CAPTCHA_DISABLED: 'true' });
    expect(config.recaptcha).toBeNull();
    expect(config.captchaOffReason).toBe('CAPTCHA_DISABLED=true');
  });

  test('durations', () => {
    expect(parseDuration('2s')).toBe(2000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('12h')).toBe(43_200_000);
    expect(parseDuration('30d')).toBe(2_592_000_000);
    for (const bad of ['', '15', 'm', '0s', '-1m', '1.5h', '1w', '15 minutes']) expect(parseDuration(bad)).toBeNull();
  });
});

describe('a bad value throws one line naming the variable', () => {
  test.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://db:port/bo' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'office.example.com' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://office.example.com' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://office.example.com/?x=1' }],
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['ACCESS_TOKEN_TTL', { ACCESS_TOKEN_TTL: '15 minutes' }],
    ['SESSION_TTL', { SESSION_TTL: '0s' }],
    ['PERSISTENT_SESSION_TTL', { PERSISTENT_SESSION_TTL: 'forever' }],
    ['RECAPTCHA_SECRET', { RECAPTCHA_SITE_KEY: 'site' }],
    ['RECAPTCHA_SITE_KEY', { RECAPTCHA_SECRET: 'secret' }],
    ['RECAPTCHA_VERIFY_URL', { RECAPTCHA_VERIFY_URL: 'not a url' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'admin' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }],
    ['REDIS_URL', { REDIS_URL: 'localhost:6379' }],
    ['REDIS_PREFIX', { REDIS_PREFIX: 'has space' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.300' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '0.0.0.0/0' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.5, ::/0' }],
    ['CAPTCHA_DISABLED', { CAPTCHA_DISABLED: 'perhaps' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['BUSINESS_TIME_ZONE', { BUSINESS_TIME_ZONE: 'CET+1' }],
  ])('%s', (variable, env) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message.startsWith(`${variable}: `)).toBe(true);
    expect((error as ConfigError).message).not.toContain('\n');
  });
});

describe('production', () => {
  test('refuses to start without a captcha secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(32) })).toThrow(/^RECAPTCHA_SECRET: is required when NODE_ENV=production/);
  });

  test('starts without captcha when CAPTCHA_DISABLED=true says so', () => {
    expect(loadConfig({ NODE_ENV: 'production', CAPTCHA_DISABLED: 'true' }).recaptcha).toBeNull();
  });

  test('refuses a JWT_SECRET under 32 bytes (counted in bytes, not characters)', () => {
    const env = { NODE_ENV: 'production', RECAPTCHA_SITE_KEY: 's', RECAPTCHA_SECRET: 's' };
    expect(() => loadConfig({ ...env, JWT_SECRET: 'x'.repeat(31) })).toThrow(/^JWT_SECRET/);
    expect(loadConfig({ ...env, JWT_SECRET: 'é'.repeat(16) }).jwtSecret).toBe('é'.repeat(16));
    expect(loadConfig({ ...env }).jwtSecret).toBeNull(); // unset: generated and kept in the database
  });
});

describe('card payments (Stripe)', () => {
  test('off unless both the secret key and the webhook secret are set; each alone is refused, as is a value of the wrong kind', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/^STRIPE_WEBHOOK_SECRET: must be set together/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/^STRIPE_SECRET_KEY: must be set together/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/^STRIPE_SECRET_KEY: is not a Stripe secret key/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(/^STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_URL: 'ftp://x' })).toThrow(/^STRIPE_API_URL/);
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe!;
    expect(stripe.apiUrl.href).toBe('https://api.stripe.com/');
  });
});
