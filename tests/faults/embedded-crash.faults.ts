/**
 * The embedded database and `kill -9`: the process dies in the middle of a burst of writes,
 * three times over on the same DATA_DIR. Every write the server acknowledged (201) must be there
 * after each restart, and the server must start again cleanly on the same data.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, signIn, startServer, type ServerProcess } from './harness.js';

const CRASHES = 3;
const CONCURRENCY = 8;
let dataDir: string;
let server: (ServerProcess & { startMs: number }) | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bo-faults-crash-'));
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** Every e-mail address in the users table, read through the API. */
async function storedEmails(baseUrl: string, token: string): Promise<Set<string>> {
  const emails = new Set<string>();
  for (let page = 1; ; page += 1) {
    const answer = await call(baseUrl, `admin/auth/user?page=${page}&pageSize=100`, { token });
    expect(answer.status).toBe(200);
    const { data, total } = answer.body as { data: { email: string }[]; total: number };
    for (const user of data) emails.add(user.email);
    if (page * 100 >= total) return emails;
  }
}

test(`kill -9 during a burst of writes, ${CRASHES} times on one DATA_DIR: every acknowledged write survives, and the server starts again`, async () => {
  const acknowledged: string[] = [];
  const report: string[] = [];
  for (let crash = 1; crash <= CRASHES; crash += 1) {
    server = await startServer({ DATA_DIR: dataDir });
    const coldStartMs = server.startMs;
    const token = await signIn(server.baseUrl);
    // Everything acknowledged before this crash (and every earlier one) is there.
    const found = await storedEmails(server.baseUrl, token);
    const lost = acknowledged.filter((email) => !found.has(email));
    expect(lost, `acknowledged writes lost after crash ${crash - 1}`).toEqual([]);
    if (crash > 1) report.push(`restart ${crash - 1}: started in ${coldStartMs} ms, ${acknowledged.length} acknowledged writes, ${acknowledged.length - lost.length} found, ${lost.length} lost`);

    // The burst: CONCURRENCY writers creating users until the process is killed.
    const victim = server;
    let sent = 0;
    let refused = 0;
    let ackedThisRound = 0;
    const writer = async (worker: number) => {
      for (let i = 0; ; i += 1) {
        const email = `crash${crash}-w${worker}-${i}@faults.test`;
        sent += 1;
        try {
          const answer = await call(victim.baseUrl, 'admin/auth/signup', {
            method: 'POST',
            token,
            body: { email, fullName: `Crash ${crash} writer ${worker}`, password: 'a long enough password 1', roles: ['STAFF'] },
            timeoutMs: 10_000,
          });
          if (answer.status === 201) {
            acknowledged.push(email);
            ackedThisRound += 1;
          } else refused += 1;
        } catch {
          return; // the process is gone: this write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: CONCURRENCY }, (_, worker) => writer(worker));
    // Kill once a good number of writes went through (argon2 hashing keeps each write ~50 ms).
    const killAt = 40 + crash * 10;
    while (ackedThisRound < killAt) await new Promise((resolve) => setTimeout(resolve, 10));
    victim.child.kill('SIGKILL');
    await Promise.all(writers);
    const { signal } = await victim.exited;
    expect(signal).toBe('SIGKILL');
    report.push(`crash ${crash}: ${sent} writes sent, ${ackedThisRound} acknowledged in this burst, ${refused} refused, then SIGKILL with ${sent - ackedThisRound - refused} in flight`);
  }

  // The last restart: everything is still there.
  server = await startServer({ DATA_DIR: dataDir });
  const token = await signIn(server.baseUrl);
  const found = await storedEmails(server.baseUrl, token);
  const lost = acknowledged.filter((email) => !found.has(email));
  report.push(`restart ${CRASHES}: started in ${server.startMs} ms, ${acknowledged.length} acknowledged writes, ${acknowledged.length - lost.length} found, ${lost.length} lost`);
  console.log(`[faults] embedded database, kill -9:\n  ${report.join('\n  ')}`);
  expect(lost).toEqual([]);
  expect(server.output()).not.toMatch(/Error|panic|corrupt/i);
});
