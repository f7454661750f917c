// The built server (dist/server/server/server.bundle.mjs) as a child process, for the scripts that
// measure it from outside (npm run timing, npm run bench): free port, its own environment,
// ready once it has printed its address and answered /api/health.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverEnvironment, serverNodeFlags } from './server-env.mjs';

/**
 * Starts the server as the launchers do (server-env.mjs), with `env` on top of a bare environment
 * (PATH, HOME, port 0 on 127.0.0.1).
 * Answers its address, how long it took to answer healthy, its output, its peak resident
 * memory so far, and stop() (SIGTERM, resolved on exit).
 */
export async function startBuiltServer(root, env, timeoutMs = 60_000) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags(env), join(root, process.env.BENCH_SERVER_ENTRY ?? 'dist/server/server/server.bundle.mjs')], {
    cwd: root,
    env: serverEnvironment({ PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const baseUrl = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    child.stdout.on('data', () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  while (!(await fetch(`${baseUrl}/api/health`).then((r) => r.status === 200, () => false))) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return {
    baseUrl,
    child,
    coldStartMs: performance.now() - t0,
    output: () => output,
    /** VmHWM in kB (Linux), 0 where /proc is not there. */
    peakRssKb() {
      try {
        return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        return 0;
      }
    },
    /** The peak resident memory (VmHWM, kB) of each live child process of the server (the picture worker), by pid. */
    childPeakRssKb() {
      const peaks = {};
      try {
        for (const task of readdirSync(`/proc/${child.pid}/task`)) {
          for (const pid of readFileSync(`/proc/${child.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
            peaks[pid] = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
          }
        }
      } catch {
        // not Linux, or the process ended meanwhile
      }
      return peaks;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

let address = 0;
/** A fresh client address per call (10.x.y.z), for X-Forwarded-For from a proxy TRUST_PROXY names: no per-address limit or lockout applies. */
export function nextAddress() {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}
