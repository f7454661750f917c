/**
 * The PostgreSQL server goes away while the back office runs, then comes back: every call answers
 * 503 UNAVAILABLE quickly (no hang, no 500, no stack in the answer), /api/health says so, the
 * process stays up, and it recovers by itself when the database returns.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, CuttableProxy, median, signIn, startServer, waitUntil, type ServerProcess } from './harness.js';

const PG_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = `faults_${randomBytes(4).toString('hex')}`;
const pgTarget = new URL(PG_URL);
const proxy = new CuttableProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
let server: ServerProcess | null = null;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`create database ${database}`);
    await proxy.restore();
  });
  afterAll(async () => {
      server?.child.kill('SIGKILL');
    await proxy.cut();
    await admin(`drop database if exists ${database} with (force)`);
  });

  test('PostgreSQL stopped: 503 UNAVAILABLE within seconds on health, admin calls and sign-in; back by itself when it returns', async () => {
    const url = new URL(PG_URL);
    url.port = String(proxy.port);
    url.pathname = `/${database}`;
    server = await startServer({ DATABASE_URL: url.toString() });
    const token = await signIn(server.baseUrl);
    expect((await call(server.baseUrl, 'admin/auth/user', { token })).status).toBe(200);

    await proxy.cut();
    try {
    const down: Record<string, number[]> = { health: [], users: [], login: [] };
    for (let round = 0; round < 3; round += 1) {
      const health = await call(server.baseUrl, 'health');
      const users = await call(server.baseUrl, 'admin/auth/user', { token });
      const login = await call(server.baseUrl, 'auth/login', { method: 'POST', body: { email: 'someone@example.com', password: 'any password at all' } });
      for (const [name, answer] of Object.entries({ health, users, login })) {
        expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(503);
        expect(answer.body).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/temporarily unavailable/i) });
        expect(JSON.stringify(answer.body)).not.toMatch(/ECONNREFUSED|stack|at .*\.js|postgres:\/\//i);
        expect(answer.ms, `${name} answered in ${answer.ms} ms`).toBeLessThan(3500);
        down[name].push(answer.ms);
      }
    }
    expect(server.child.exitCode, 'the server is still running').toBeNull();

    await proxy.restore();
    const recoveredInMs = await waitUntil(async () => (await call(server!.baseUrl, 'health')).status === 200, 15_000);
    const after = await call(server.baseUrl, 'admin/auth/user', { token });
    expect(after.status, 'the same access token works again: the session survived the outage').toBe(200);
    expect(server.child.exitCode).toBeNull();
    // The log names the failure without leaking the connection string.
    expect(server.output()).not.toContain('postgres://');

    console.log(
      `[faults] PostgreSQL outage: 503 UNAVAILABLE in median ${median(down.health).toFixed(0)} ms (health), ` +
        `${median(down.users).toFixed(0)} ms (authenticated user list), ${median(down.login).toFixed(0)} ms (sign-in), ` +
        `max ${Math.max(...Object.values(down).flat()).toFixed(0)} ms over ${Object.values(down).flat().length} calls; ` +
        `healthy again ${recoveredInMs} ms after the database returned, same process (pid ${server.pid}).`,
    );
  } catch (error) {
    console.log('the server said:\n', server.output().slice(-4000));
    throw error;
  }
});
