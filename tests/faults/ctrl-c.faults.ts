/**
 * Ctrl-C in a terminal, as `npm run serve` runs the built product: the terminal sends SIGINT to the
 * whole process group (npm, its shell, the launcher and the server at once). One Ctrl-C stops the
 * server once, cleanly (the database closed), and npm exits 0; no "SIGINT again".
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT } from './harness.js';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bo-faults-ctrl-c-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('one Ctrl-C to `npm run serve`’s process group: the server closes the database and npm exits 0', async () => {
  const npm = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: ROOT,
    // A process group of its own, as a terminal gives the command it runs in the foreground.
    detached: true,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
  });
  let output = '';
  npm.stdout.on('data', (chunk) => (output += chunk));
  npm.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 60_000;
    while (!/running at http:\/\/localhost:\d+/.test(output)) {
      if (npm.exitCode !== null) throw new Error(`npm exited before the server listened:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.kill(-npm.pid!, 'SIGINT');
    expect(await exited, output).toBe(0);
    expect(output).toMatch(/SIGINT: stopping/);
    expect(output).toMatch(/Stopped: the database is closed\./);
    expect(output).not.toMatch(/again/);
  } finally {
    if (npm.exitCode === null) process.kill(-npm.pid!, 'SIGKILL');
  }
}, 90_000);
