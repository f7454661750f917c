/**
 * What an operator's monitoring relies on: the readiness probe names the part that does not answer
 * (database, Redis, object store) while liveness stays up, and with METRICS_TOKEN set a Prometheus
 * server reads the requests, statements, worker jobs, queues and bookings of this instance with the
 * token and nobody reads them without it; without the token the route does not exist.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/open-database.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { expectError } from '../helpers/assertions.js';
import { startLocalS3, type LocalS3 } from '../helpers/local-s3.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The value of one series in Prometheus's text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('readiness', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => s3?.close());

  test('the database, Redis and the object store answer: 200 ready, each part named', async () => {
    const t = await createTestApp({ env: { ...s3.env, REDIS_URL } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', objectStore: 'ok' } });
    } finally {
      await t.close();
    }
  });

  test('an object store that stops answering: 503 naming it, while liveness still says the process is up', async () => {
    const down = await startLocalS3();
    const t = await createTestApp({ env: down.env });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await down.close();
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expectError(response, 503, 'UNAVAILABLE');
      expect(response.json()).toMatchObject({ message: 'Not ready: objectStore does not answer.', failed: { objectStore: 'did not answer' } });
      expect(response.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|stack/i);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  test('a PostgreSQL server that is not there: 503 naming the database', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing', JWT_SECRET: 's'.repeat(32), DATA_DIR: '/tmp', LOG_LEVEL: 'silent' });
    const database = await openDatabase(config.database);
    const app = await buildApp({ config, database, logger: false, clientDir: null });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expectError(response, 503, 'UNAVAILABLE');
      expect(response.json<{ failed: Record<string, string> }>().failed).toEqual({ database: 'did not answer' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  test('readiness polls are not logged at info', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const t = await createTestApp({ logStream: new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }) });
    try {
      await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(lines.some((line) => line.includes('/api/config'))).toBe(true);
      expect(lines.some((line) => line.includes('/api/health/ready'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('metrics', () => {
  test('without METRICS_TOKEN there is no /metrics (404, not the app’s page)', async () => {
    const t = await createTestApp({ clientDir: undefined });
    try {
      expectError(await t.app.inject({ method: 'GET', url: '/metrics' }), 404, 'NOT_FOUND');
      expectError(await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }), 404, 'NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, MESSAGE_POLL_INTERVAL: 'off' } });
    });
    afterAll(async () => t?.close());
    const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

    test('no token, a wrong one or a staff session: 401, and nothing of the metrics in the answer', async () => {
      const admin = (await login(t.app, t.admin)).accessToken;
      for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong', `Bearer ${admin}`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`]) {
        const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expectError(response, 401, 'UNAUTHORIZED');
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.body).not.toContain('http_requests_total');
      }
    });

    test('requests by route pattern and status with durations, statements, bookings by channel, queue depth, Node’s version', async () => {
      const admin = as(t.app, (await login(t.app, t.admin)).accessToken);
      const tour = await createTour(viaInject(admin), { status: 'published' });
      const departure = await createDeparture(viaInject(admin), tour.id, { startDate: '2031-06-01', startTime: '09:00', capacity: 10 });
      const before = await scrape();
      expect(before.statusCode).toBe(200);
      expect(before.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const made = (text: string, channel: string) => sample(text, `bookings_made_total{channel="${channel}"}`) ?? 0;
      const queued = sample(before.body, 'job_queue_depth{queue="messages"}');
      for (const channel of ['phone', 'phone', 'walk_in']) {
        const response = await admin({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status: 'confirmed', channel, contact: { name: 'Ana Ruiz', email: 'ana@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Ana', lastName: 'Ruiz' }] } });
        expect(response.statusCode).toBe(201);
      }
      await admin({ method: 'GET', url: `/api/bookings/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` });
      const text = (await scrape()).body;
      expect(made(text, 'phone') - made(before.body, 'phone')).toBe(2);
      expect(made(text, 'walk_in') - made(before.body, 'walk_in')).toBe(1);
      // Each confirmation queued its message (nothing sends here): the depth is read from the database.
      expect(sample(text, 'job_queue_depth{queue="messages"}')).toBe((queued ?? 0) + 3);
      expect(sample(text, 'job_queue_depth{queue="webhooks"}')).toBe(0);
      // The route's pattern, not the id asked for.
      expect(sample(text, 'http_requests_total{method="POST",route="/api/bookings",status="201"}')).toBe(3);
      expect(sample(text, 'http_requests_total{method="GET",route="/api/bookings/:id",status="404"}')).toBe(1);
      expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
      expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/bookings",status="201"}')).toBe(3);
      expect(sample(text, 'db_query_duration_seconds_count')).toBeGreaterThan(10);
      expect(text).toContain(`nodejs_version_info{version="${process.version}"`);
      expect(text).toMatch(/^# TYPE job_failures_total counter$/m);
    });

    test('every statement is timed from its own sending: the same statement sent a second later is not timed from the first', async () => {
      const admin = as(t.app, (await login(t.app, t.admin)).accessToken);
      const list = () => admin({ method: 'GET', url: '/api/customers' });
      expect((await list()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const timed = (text: string) => ({ all: sample(text, 'db_query_duration_seconds_count')!, underASecond: sample(text, 'db_query_duration_seconds_bucket{le="1"}')! });
      const before = timed((await scrape()).body);
      expect((await list()).statusCode).toBe(200);
      const after = timed((await scrape()).body);
      // The list's statements (the caller's auth epoch, the page, its count) and the scrape's own.
      expect(after.all - before.all).toBeGreaterThanOrEqual(3);
      expect(after.underASecond - before.underASecond).toBe(after.all - before.all);
    });

    test('a voucher is drawn in its worker process, its wait and its work measured', async () => {
      const admin = as(t.app, (await login(t.app, t.admin)).accessToken);
      const tour = await createTour(viaInject(admin), { status: 'published' });
      const departure = await createDeparture(viaInject(admin), tour.id, { startDate: '2031-07-01', startTime: '09:00', capacity: 10 });
      const booking = (await admin({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Bo', email: 'bo@example.test' }, travellers: [{ category: 'ADULT', firstName: 'Bo', lastName: 'Lind' }] } })).json<{ id: string }>();
      const pdf = await admin({ method: 'GET', url: `/api/bookings/${booking.id}/voucher.pdf` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = (await scrape()).body;
      expect(sample(text, 'worker_job_duration_seconds_count{worker="vouchers",outcome="ok"}')).toBe(1);
      expect(sample(text, 'worker_queue_wait_seconds_count{worker="vouchers"}')).toBe(1);
    });

    test('METRICS_TOKEN shorter than 16 characters is refused at start', () => {
      expect(() => loadConfig({ METRICS_TOKEN: 'short', DATA_DIR: '/tmp' })).toThrow(/METRICS_TOKEN/);
    });
  });
});
