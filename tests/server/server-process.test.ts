// engine: independent (never opens the test database: left out of the suite's run on a PostgreSQL server)
/**
 * The real process, as `npm start` runs it: configuration errors, the first start on an empty
 * DATA_DIR (credentials printed once), sign-in over a real port, graceful SIGTERM finishing the
 * request in flight, a second start on the same data, and Ctrl-C in a terminal (SIGINT to the
 * launcher's whole process group) stopping it once, cleanly, with exit code 0.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const entry = join(import.meta.dirname, '../../src/server/server.ts');
const demoDataEntry = join(import.meta.dirname, '../../src/server/demo-data.ts');
const launcher = join(import.meta.dirname, '../helpers/launch-from-source.mjs');
let dataDir: string;
const running = new Set<ChildProcessWithoutNullStreams>();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bo-process-'));
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>, script = entry, { group = false } = {}): Started {
  const child = spawn(process.execPath, script === launcher ? [script] : ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    // A process group of its own, led by the launcher, as a terminal runs a command.
    detached: group,
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(started.output());
    if (match) return match;
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}: ${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signIn(baseUrl: string, email: string, password: string): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
}

/** The once-only line with the first administrator's e-mail and password. */
const FIRST_ADMINISTRATOR = /First administrator: (\S+) \/ (\S+) {3}\(shown only this once\)/;

/**
 * A start on a DATA_DIR that already has its administrator: no credentials printed, the ones
 * printed before sign in, and the signal ends the process cleanly.
 */
async function startAgainAndSignIn(dataDir: string, email: string, password: string, signal: NodeJS.Signals): Promise<void> {
  const server = startServer({ DATA_DIR: dataDir, PORT: '0' });
  const [, port] = await waitFor(server, /running at http:\/\/localhost:(\d+)/);
  expect(server.output()).not.toMatch(/First administrator/);
  expect((await signIn(`http://127.0.0.1:${port}`, email, password)).status).toBe(200);
  server.child.kill(signal);
  expect(await server.exited).toBe(0);
}

describe('the server process', () => {
  test('a bad configuration value stops it with one line naming the variable', async () => {
    const started = startServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toBe('Configuration error: PORT: must be a port number (0-65535)');
  });

  test('first start prints the URL and the credentials once; SIGTERM finishes in-flight requests and exits cleanly; a second start prints none', async () => {
    const first = startServer({ DATA_DIR: dataDir, PORT: '0' });
    const [, port] = await waitFor(first, /running at http:\/\/localhost:(\d+)/);
    const [, email, password] = await waitFor(first, FIRST_ADMINISTRATOR);
    expect(email).toBe('admin@localhost');
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(first.output()).toMatch(/captcha is off/);
    // The runtime it runs on, named at start.
    await waitFor(first, new RegExp(`Node\\.js: ${process.version.replace(/\./g, '\\.')}`));

    const baseUrl = `http://127.0.0.1:${port}`;
    const response = await signIn(baseUrl, email, password);
    expect(response.status).toBe(200);
    expect((await response.json()).access_token).toBeTruthy();
    const [session, device, ...others] = response.headers.getSetCookie();
    expect(session).toMatch(/^bo_session=[A-Za-z0-9_-]{43}; Path=\/api\/auth; HttpOnly; SameSite=Strict$/);
    expect(device).toMatch(/^bo_device=v2\.[A-Za-z0-9_-]{22}\.\d+\.[0-9a-f-]{36}:[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/api\/auth; HttpOnly; SameSite=Strict$/);
    expect(others).toEqual([]);

    // A sign-in (argon2: tens of milliseconds) is in flight when SIGTERM arrives: it still gets its answer.
    const inFlight = signIn(baseUrl, email, password);
    await new Promise((resolve) => setTimeout(resolve, 15));
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);

    // The data survived the shutdown.
    await startAgainAndSignIn(dataDir, email, password, 'SIGINT');
  }, 90_000); // two starts, the first creating the embedded database: tens of seconds on a loaded machine

  test('one Ctrl-C (SIGINT to the launcher’s whole process group, as a terminal sends it) stops the server once, closing the database, with exit code 0', async () => {
    const groupDir = await mkdtemp(join(tmpdir(), 'bo-ctrl-c-'));
    try {
      const launched = startServer({ DATA_DIR: groupDir, PORT: '0' }, launcher, { group: true });
      await waitFor(launched, /running at http:\/\/localhost:(\d+)/, 60_000);
      process.kill(-launched.child.pid!, 'SIGINT');
      expect(await launched.exited).toBe(0);
      expect(launched.output()).toMatch(/SIGINT: stopping/);
      expect(launched.output()).toMatch(/Stopped: the database is closed\./);
      expect(launched.output()).not.toMatch(/again/);
    } finally {
      await rm(groupDir, { recursive: true, force: true });
    }
  }, 90_000);

  test('demo data loaded into an empty DATA_DIR before the first start prints the administrator, who can then sign in', async () => {
    const demoDir = await mkdtemp(join(tmpdir(), 'bo-demo-'));
    try {
      const demo = startServer({ DATA_DIR: demoDir }, demoDataEntry);
      expect(await demo.exited).toBe(0);
      const [, email, password] = FIRST_ADMINISTRATOR.exec(demo.output()) ?? [];
      expect(email).toBe('admin@localhost');
      expect(demo.output()).toMatch(/Demo data: \d+ tours added/);

      await startAgainAndSignIn(demoDir, email, password, 'SIGTERM');
    } finally {
      await rm(demoDir, { recursive: true, force: true });
    }
  }, 120_000); // the demo data draws and stores fourteen pictures, then the server starts
});
