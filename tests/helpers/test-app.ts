/**
 * The server suite's way to build the real app on a real (cloned) database: a movable clock,
 * captcha on through the fake siteverify, mail in a temp outbox, and small helpers to sign in.
 */
import { AUTH_RATE_LIMITS, type AuthRateLimits, type RateLimitRule } from '../../src/server/http/rate-limit.js';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openDatabase } from '../../src/server/db/open-database.js';
import { seedDatabase } from '../../src/server/db/seed.js';
import type { OutboxMail } from '../../src/server/mail/mailer.js';
import { startFakeSiteverify, TEST_RECAPTCHA_SECRET, TEST_RECAPTCHA_SITE_KEY, type FakeSiteverify } from './fake-siteverify.js';
import { openTestDatabase, TEST_ADMIN, type TestDatabase } from './test-database.js';

/** A clock tests move by hand: no sleeping. */
export class TestClock {
  constructor(public time = Date.now()) {}
  readonly now = (): number => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface TestAppOptions {
  /** Environment for loadConfig, on top of the test defaults. */
  env?: Record<string, string>;
  now?: () => number;
  /** Default true: captcha on, verified by a local fake siteverify. */
  captcha?: boolean;
  refreshGraceMs?: number;
  /**
   * Per-IP auth budgets. Default: the production rules with 100× the budget, since every
   * injected request comes from one address; the rate-limit tests pass AUTH_RATE_LIMITS.
   */
  rateLimits?: AuthRateLimits;
  /** Capture the JSON log lines (default: no logs). */
  logStream?: Writable;
  clientDir?: string | null;
  /**
   * A database already open (the caller's, who closes it): the app is built on it instead of a
   * fresh clone of the template. With it, pass the DATA_DIR its files belong to in `env`.
   */
  database?: TestDatabase;
}

export interface TestApp {
  app: App;
  config: Config;
  clock: TestClock;
  database: TestDatabase;
  siteverify: FakeSiteverify | null;
  dataDir: string;
  outboxDir: string;
  admin: { email: string; password: string };
  close(): Promise<void>;
}

/** Whether the options ask for a database the provided template cannot stand for. */
function needsOwnDatabase(env: Record<string, string>): boolean {
  return env.DATABASE_URL !== undefined || env.ADMIN_EMAIL !== undefined || env.ADMIN_PASSWORD !== undefined;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = new TestClock();
  const now = options.now ?? clock.now;
  const dataDir = await mkdtemp(join(tmpdir(), 'bo-test-data-'));
  const siteverify = options.captcha === false ? null : await startFakeSiteverify();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    PUBLIC_URL: 'http://office.test',
    LOG_LEVEL: 'info',
    // Messages to customers go when a test sends them (app.messages.sendDue), or by themselves where it asks.
    MESSAGE_POLL_INTERVAL: 'off',
    JOBS_INTERVAL: 'off',
    ...(siteverify && {
      RECAPTCHA_SITE_KEY: TEST_RECAPTCHA_SITE_KEY,
      RECAPTCHA_SECRET: TEST_RECAPTCHA_SECRET,
      RECAPTCHA_VERIFY_URL: siteverify.url,
    }),
    ...options.env,
  };
  const config = loadConfig(env);
  if (siteverify) siteverify.hostname = new URL(config.publicUrl).hostname;

  let database: TestDatabase;
  const admin = { email: env.ADMIN_EMAIL ?? TEST_ADMIN.email, password: env.ADMIN_PASSWORD ?? TEST_ADMIN.password };
  if (options.database) {
    database = { ...options.database, dispose: async () => {} };
  } else if (needsOwnDatabase(options.env ?? {})) {
    const handle = await openDatabase(config.database);
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, { adminEmail: admin.email, adminPassword: admin.password, now });
    database = { handle, url: config.database.kind === 'postgres' ? config.database.url : null, dispose: () => handle.close() };
  } else {
    database = await openTestDatabase();
  }

  const app = await buildApp({
    config,
    database: database.handle,
    now,
    refreshGraceMs: options.refreshGraceMs,
    rateLimits: options.rateLimits ?? relaxedRateLimits(),
    logger: options.logStream ? { level: config.logLevel, stream: options.logStream } : false,
    clientDir: options.clientDir === undefined ? null : options.clientDir,
  });

  return {
    app,
    config,
    clock,
    database,
    siteverify,
    dataDir,
    outboxDir: join(dataDir, 'outbox'),
    admin,
    async close() {
      await app.close();
      await database.dispose();
      await siteverify?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Mails in an outbox folder, oldest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(outboxDir, name), 'utf8')) as OutboxMail));
}

/** The reset token in a password-reset mail. */
export function resetTokenFrom(mail: OutboxMail): string {
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in mail: ${mail.subject}`);
  return decodeURIComponent(match[1]);
}

export interface Signed {
  accessToken: string;
  /** The session cookie's value (the refresh token). */
  refreshToken: string;
  response: LightMyRequestResponse;
}

/** The session cookie of an answer, if it set one. */
export function sessionCookieOf(response: LightMyRequestResponse): { value: string; maxAge?: number; raw: string } | null {
  const header = response.headers['set-cookie'];
  const raw = (Array.isArray(header) ? header : header ? [header] : []).find((line) => line.startsWith('bo_session='));
  if (!raw) return null;
  const value = raw.slice('bo_session='.length).split(';')[0];
  const maxAge = /Max-Age=(\d+)/i.exec(raw);
  return { value, raw, ...(maxAge && { maxAge: Number(maxAge[1]) }) };
}

export async function login(
  app: App,
  credentials: { email: string; password: string; persist?: boolean },
  captchaToken = 'test-captcha-ok',
): Promise<Signed> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/auth/login?g-recaptcha-response=${encodeURIComponent(captchaToken)}`,
    payload: { email: credentials.email, password: credentials.password, ...(credentials.persist !== undefined && { persist: credentials.persist }) },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieOf(response);
  return { accessToken: response.json<{ access_token: string }>().access_token, refreshToken: cookie?.value ?? '', response };
}

/** inject() with a bearer token. */
export function as(app: App, accessToken: string) {
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${accessToken}` } });
}

export function refresh(app: App, refreshToken: string) {
  return app.inject({ method: 'GET', url: '/api/auth/refresh-token', cookies: { bo_session: refreshToken } });
}

/** Creates a user through the API as `adminToken` and returns the user and a signed-in session. */
export async function createUser(
  app: App,
  adminToken: string,
  user: { email: string; fullName?: string; password?: string; roles?: string[] },
): Promise<{ id: string; email: string; password: string }> {
  const password = user.password ?? 'a-long-enough-password';
  const response = await as(app, adminToken)({
    method: 'POST',
    url: '/api/admin/auth/signup',
    payload: { email: user.email, fullName: user.fullName ?? 'Test User', password, roles: user.roles ?? ['STAFF'] },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { id: response.json<{ id: string }>().id, email: user.email, password };
}

function relaxedRateLimits(): AuthRateLimits {
  const relaxed = (rule: RateLimitRule): RateLimitRule => ({ ...rule, max: rule.max * 100 });
  return {
    login: relaxed(AUTH_RATE_LIMITS.login),
    refresh: relaxed(AUTH_RATE_LIMITS.refresh),
    forgetPassword: relaxed(AUTH_RATE_LIMITS.forgetPassword),
    resetPassword: relaxed(AUTH_RATE_LIMITS.resetPassword),
  };
}
