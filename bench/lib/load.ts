/** Load: autocannon from 50 connections, and the database's own rate for the same queries without HTTP. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { serverEnvironment, serverNodeFlags } from '../../scripts/lib/server-env.mjs';
import { DURATION, root, WARMUP } from './settings.ts';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

export async function cannon(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: 50, duration: DURATION, ...options });
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, total: result.requests.total };
}

/**
 * The server's rate in a steady state, as the database-alone loop measures its own: one run of
 * WARMUP + DURATION seconds from 50 connections, of which only the answers that arrive in the last
 * DURATION seconds count (rate, p50, p99). Two runs (a warm-up, then a measured one) each started
 * with every connection idle: a measured run spent its first seconds filling the pipeline, which
 * for a request that takes seconds under load (a search at 20 a second) was a third of the run.
 */
export async function warmed(options: autocannon.Options): Promise<Load> {
  const start = performance.now();
  const from = start + WARMUP * 1000;
  const until = from + DURATION * 1000;
  const latencies: number[] = [];
  let failed = 0;
  const instance = autocannon({ connections: 50, ...options, duration: WARMUP + DURATION }) as Promise<autocannon.Result> & {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, time: number) => void): void;
  };
  instance.on('response', (_client, status, _bytes, time) => {
    const now = performance.now();
    if (now < from || now > until) return;
    latencies.push(time);
    if (status < 200 || status >= 300) failed += 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => (latencies.length === 0 ? 0 : Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]));
  return { rps: latencies.length / DURATION, p50: at(0.5), p99: at(0.99), errors: failed + result.errors + result.timeouts, total: latencies.length };
}

/** Where the database is, as the product's openDatabase takes it. */
export type Target = { kind: 'pglite-file'; dataDir: string } | { kind: 'postgres'; url: string };

/**
 * The queries one list request issues, in a tight loop (bench/database-rate.ts), in a process
 * launched as the server is: same Node flags, same environment. The server is stopped meanwhile
 * (PGlite's directory has one owner), so the database has the machine to itself, as it does here.
 */
export function databaseRate(target: Target, userId: string, sessionId: string, list: { list: 'users' } | { list: 'bookings' | 'customers' | 'octo-calendar'; query: Record<string, unknown> } | { list: 'reminders' } = { list: 'users' }): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = JSON.stringify({ target, userId, sessionId, warmup: WARMUP, duration: DURATION, ...list });
    const child = spawn(process.execPath, [...serverNodeFlags(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}), join(root, 'bench/database-rate.ts'), args], {
      cwd: root,
      env: serverEnvironment({ PATH: process.env.PATH, HOME: process.env.HOME }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const rate = /\{"rate":([\d.]+)\}/.exec(output)?.[1];
      if (code === 0 && rate) resolve(Number(rate));
      else reject(new Error(`bench/database-rate.ts failed (${code}):\n${output}`));
    });
  });
}
