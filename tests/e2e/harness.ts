/**
 * The end-to-end harness: the production build of the server (`node dist/server/server/server.bundle.mjs`)
 * as a child process on a free port, with a DATA_DIR of its own (a copy of the run's data template,
 * see tests/e2e/global-setup.ts), a database of its own (embedded, or a
 * database of its own on the PostgreSQL server named by E2E_DATABASE_URL), captcha ON through a
 * local fake siteverify, and its output collected to screenshots/e2e-logs/<name>.log.
 *
 * A journey fails when the server log shows a stack trace or a 5xx answer, and stopping the
 * server (SIGTERM) must end it with exit code 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverEnvironment, serverNodeFlags } from '../../scripts/lib/server-env.mjs';
import { startFakeSiteverify, type FakeSiteverify } from '../helpers/fake-siteverify.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_ENTRY = join(ROOT, 'dist/server/server/server.bundle.mjs');
export const LOG_DIR = join(ROOT, 'screenshots/e2e-logs');

/** What the browser's captcha stand-in answers when "I'm not a robot" is ticked; the fake siteverify accepts only it. */
export const CAPTCHA_TOKEN = 'e2e-captcha-ok';
export const RECAPTCHA_SITE_KEY = 'e2e-recaptcha-site-key';
const RECAPTCHA_SECRET = 'e2e-recaptcha-secret';

export const ADMIN = { email: 'admin@e2e.test', password: 'Harbour-lights-e2e-1' } as const;

/** Set by scripts/e2e.mjs from its own arguments; see there. */
export const DATABASE_SERVER_URL = process.env.E2E_DATABASE_URL || null;
export const REDIS_URL = process.env.E2E_REDIS_URL || null;

export interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
  date: string;
}

export interface RunningServer {
  name: string;
  port: number;
  baseUrl: string;
  dataDir: string;
  logFile: string;
  admin: { email: string; password: string };
  /** Everything the process printed so far. */
  log(): string;
  /** Problems (stack traces, 5xx answers) logged since the last call; the journey should fail on any. */
  takeLogProblems(): string[];
  /** Mails in DATA_DIR/outbox, oldest first. */
  mails(): OutboxMail[];
  /** Waits for a mail (mail goes out after the answer, in the background). */
  waitForMail(match: (mail: OutboxMail) => boolean, timeoutMs?: number): Promise<OutboxMail>;
  /** SIGTERM, then checks the exit code is 0 and the log is clean; removes the data and database. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Names the log file: screenshots/e2e-logs/<name>.log. */
  name: string;
  /** Extra environment (e.g. ACCESS_TOKEN_TTL). */
  env?: Record<string, string>;
  /** A database to use instead of a fresh one (the multi-instance leg shares one). */
  database?: E2EDatabase;
  /**
   * Embedded database only. By default DATA_DIR starts as a copy of the run's data template (made
   * once by tests/e2e/global-setup.ts with a first start of the same build: the same migrations
   * and first administrator), which starts in a third of the time a first start takes; `true`
   * starts on an empty DATA_DIR, as a first start does.
   */
  emptyDataDir?: boolean;
  /** Leaves DATA_DIR in place after stop() (the global setup keeps the template it made). */
  keepDataDir?: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataTemplate: string | null;
  }
}

/** The data template the global setup provided (null outside a test worker, or on a PostgreSQL server). */
async function providedDataTemplate(): Promise<string | null> {
  try {
    const { inject } = await import('vitest');
    return inject('e2eDataTemplate') ?? null;
  } catch {
    return null;
  }
}

/** A database of its own on the PostgreSQL server, or null for the embedded one in DATA_DIR. */
export interface E2EDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** CREATE DATABASE e2e_<random> on the server of E2E_DATABASE_URL (null when it is unset). */
export async function createDatabase(): Promise<E2EDatabase | null> {
  if (!DATABASE_SERVER_URL) return null;
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(DATABASE_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_SERVER_URL! });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs one query on a database of the run (to look behind the API, e.g. who seeded). */
export async function queryDatabase<Row extends Record<string, unknown>>(database: E2EDatabase, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Variables of the developer's shell that must not leak into the server under test. */
const INHERITED_BUT_OURS = [
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'JWT_SECRET',
  'ACCESS_TOKEN_TTL',
  'SESSION_TTL',
  'PERSISTENT_SESSION_TTL',
  'RECAPTCHA_SITE_KEY',
  'RECAPTCHA_SECRET',
  'RECAPTCHA_VERIFY_URL',
  'CAPTCHA_DISABLED',
  'SMTP_URL',
  'MAIL_FROM',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'NODE_OPTIONS',
];

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run the suite through \`npm run test:e2e\`, which builds it.`);
  mkdirSync(LOG_DIR, { recursive: true });

  const port = await freePort();
  // 127.0.0.1 everywhere: the browser opens it, PUBLIC_URL names it, and siteverify reports it.
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), `bo-e2e-${options.name}-`));
  const ownDatabase = options.database ? null : await createDatabase();
  const database = options.database ?? ownDatabase;
  const dataTemplate = database || options.emptyDataDir ? null : await providedDataTemplate();
  if (dataTemplate) await cp(dataTemplate, dataDir, { recursive: true });
  const siteverify: FakeSiteverify = await startFakeSiteverify({ goodToken: CAPTCHA_TOKEN, secret: RECAPTCHA_SECRET, hostname: '127.0.0.1' });

  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !INHERITED_BUT_OURS.includes(key)) env[key] = value;
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RECAPTCHA_SITE_KEY,
    RECAPTCHA_SECRET,
    RECAPTCHA_VERIFY_URL: siteverify.url,
    LOG_LEVEL: 'info',
    // A business with a name: signing in lands on the dashboard (without one, an administrator is sent to the Business screen first).
    BUSINESS_NAME: 'Harbour Tours',
    ...(database && { DATABASE_URL: database.url }),
    ...(REDIS_URL && { REDIS_URL }),
    ...options.env,
  });

  const logFile = join(LOG_DIR, `${options.name}.log`);
  const logStream: WriteStream = createWriteStream(logFile);
  let output = '';
  let checkedUpTo = 0;
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(env), SERVER_ENTRY], { cwd: ROOT, env: serverEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    logStream.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const cleanUp = async () => {
    await siteverify.close();
    await new Promise<void>((done) => logStream.end(done));
    if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
    await ownDatabase?.drop();
  };

  try {
    await waitForHealth(baseUrl, exited);
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    await cleanUp();
    throw new Error(`${(error as Error).message}\n--- server log (${logFile}) ---\n${output.slice(-4000)}`);
  }

  const outboxDir = join(dataDir, 'outbox');
  const readMails = (): OutboxMail[] => {
    if (!existsSync(outboxDir)) return [];
    return readdirSync(outboxDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(join(outboxDir, file), 'utf8')) as OutboxMail);
  };

  let stopped = false;
  return {
    name: options.name,
    port,
    baseUrl,
    dataDir,
    logFile,
    admin: { ...ADMIN },
    log: () => output,
    takeLogProblems() {
      const fresh = output.slice(checkedUpTo);
      const lastNewline = fresh.lastIndexOf('\n');
      if (lastNewline < 0) return [];
      checkedUpTo += lastNewline + 1;
      return findLogProblems(fresh.slice(0, lastNewline + 1));
    },
    mails: readMails,
    async waitForMail(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = readMails().filter(match).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail in ${outboxDir} after ${timeoutMs} ms (${readMails().length} mails there)`);
        await sleep(100);
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const { code, signal } = await exited;
      clearTimeout(timer);
      const problems = findLogProblems(output.slice(checkedUpTo));
      await cleanUp();
      if (code !== 0) throw new Error(`server ${options.name} exited with ${signal ?? `code ${code}`} after SIGTERM (log: ${logFile})`);
      if (problems.length > 0) throw new Error(`server ${options.name} logged problems (log: ${logFile}):\n${problems.join('\n')}`);
    },
  };
}

async function waitForHealth(baseUrl: string, exited: Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (gone) throw new Error('the server exited before it answered /api/health');
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms (last: ${last})`);
}

/** Stack frames ("    at fn (file:1:2)") and answers with a 5xx status, one line each. */
export function findLogProblems(text: string): string[] {
  const problems: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (/^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/.test(line) || /"stack"\s*:/.test(line) || /\\n\s+at [^\\]+:\d+:\d+/.test(line)) {
      problems.push(`stack trace: ${line.slice(0, 500)}`);
      continue;
    }
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { res?: { statusCode?: number }; statusCode?: number; msg?: string; level?: number };
      const status = entry.res?.statusCode ?? entry.statusCode;
      if (typeof status === 'number' && status >= 500) problems.push(`HTTP ${status}: ${line.slice(0, 500)}`);
    } catch {
      // not a JSON line: plain start-up text
    }
  }
  return problems;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
