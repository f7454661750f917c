/**
 * The fault suite's tools: the built server as a real process, launched as `npm start` launches it
 * (scripts/lib/server-env.mjs), calls over real sockets, and a TCP proxy in front of PostgreSQL
 * that can be cut and restored, so an outage is produced without stopping the machine's own
 * PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { serverEnvironment, serverNodeFlags } from '../../scripts/lib/server-env.mjs';

export const ROOT = join(import.meta.dirname, '../..');
export const ENTRY = join(ROOT, 'dist/server/server/server.bundle.mjs');
export const ADMIN = { email: 'faults-admin@example.com', password: 'faults admin password 1' };

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the built server with captcha off on a free port; resolves once it prints its URL. */
export async function startServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess & { startMs: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [...serverNodeFlags(env), ENTRY], {
    cwd: ROOT,
    env: serverEnvironment({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const look = () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', look);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });
  // Listening is not yet answering: wait for the first healthy answer.
  await waitUntil(async () => (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status === 200, timeoutMs);
  return { child, pid: child.pid!, baseUrl, output: () => output, exited, startMs: Date.now() - started };
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

export async function call(baseUrl: string, path: string, init: { method?: string; token?: string; body?: unknown; timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...(init.token && { authorization: `Bearer ${init.token}` }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, ms: performance.now() - started };
}

export async function signIn(baseUrl: string): Promise<string> {
  const answer = await call(baseUrl, 'auth/login', { method: 'POST', body: ADMIN });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { access_token: string }).access_token;
}

/** A TCP proxy to `target`; `cut()` closes the listener and every connection, `restore()` listens again on the same port. */
export class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async restore(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
