#!/usr/bin/env node
// `npm run timing [-- --tries 200]`: does the answer's timing tell whether an e-mail address has
// an account? Starts the built server (embedded database in a temporary folder, captcha off,
// TRUST_PROXY naming this machine as the proxy, so each try can come from its own address and no
// rate limit or lockout is met),
// then sends, interleaved at random:
//   - login with a known e-mail and a wrong password / with an unknown e-mail;
//   - forget-password with a known e-mail / with an unknown e-mail;
// `--tries` of each (default 200), one at a time, and prints the medians and their difference.
// A difference under the budget (5 ms, or 10 % of the median for login, whichever is larger)
// prints PASS; otherwise FAIL and exit code 1.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry } from './lib/build.mjs';
import { nextAddress, startBuiltServer } from './lib/built-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tries = Number(process.argv[process.argv.indexOf('--tries') + 1]) || 200;
const ADMIN = { email: 'timing-admin@example.com', password: 'timing admin password 1' };
const KNOWN_ACCOUNTS = Math.ceil(tries / 4); // 4 wrong passwords each: below every lockout threshold
const WARMUP = 20;

if (!existsSync(serverEntry)) {
  console.log('timing: building the server (npm run build:server)…');
  if (spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bo-timing-'));
// Embedded database, captcha off (no keys in the bare environment), TRUST_PROXY naming 127.0.0.1 as the proxy, so each try has its own address.
const server = await startBuiltServer(root, { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '127.0.0.1' }, 30_000);
const base = server.baseUrl;
// On an early exit (an error before the end): stop the server and remove what it left, as far as
// can be done at once (it may still be flushing its files while it shuts down).
process.on('exit', () => {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } catch {
    // left in the temporary folder
  }
});

async function call(path, body) {
  const started = process.hrtime.bigint();
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, ms: Number(process.hrtime.bigint() - started) / 1e6, text };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const shuffle = (items) => {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomBytes(4).readUInt32BE() % (i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
};

// The known accounts, created through the API as the administrator.
const login = await call('auth/login', ADMIN);
if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
const token = JSON.parse(login.text).access_token;
const known = [];
for (let i = 0; i < KNOWN_ACCOUNTS; i += 1) {
  const email = `known-${i}@timing.test`;
  const response = await fetch(`${base}/api/admin/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ email, fullName: `Known ${i}`, password: `a real password number ${i}`, roles: ['STAFF'] }),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  known.push(email);
}

/** Runs `tries` calls of each kind in random order; answers the times of each kind. */
async function measure(kind, build) {
  const plan = shuffle([...Array(tries).fill('known'), ...Array(tries).fill('unknown')]);
  const times = { known: [], unknown: [] };
  const statuses = { known: new Set(), unknown: new Set() };
  let knownIndex = 0;
  let unknownIndex = 0;
  for (let i = 0; i < WARMUP; i += 1) await call(...build(known[i % known.length], i));
  for (const which of plan) {
    const email = which === 'known' ? known[knownIndex++ % known.length] : `nobody-${unknownIndex++}-${randomBytes(3).toString('hex')}@timing.test`;
    const result = await call(...build(email, knownIndex + unknownIndex));
    times[which].push(result.ms);
    statuses[which].add(result.status);
  }
  const k = median(times.known);
  const u = median(times.unknown);
  return { kind, known: k, unknown: u, diff: k - u, p90Known: percentile(times.known, 90), p90Unknown: percentile(times.unknown, 90), statuses };
}

console.log(`timing: ${tries} tries each, interleaved at random, one at a time, against ${base}`);
const results = [
  await measure('login, wrong password', (email, i) => ['auth/login', { email, password: `wrong password ${i}` }]),
  await measure('forget-password', (email) => ['auth/forget-password', { email }]),
];

const rows = results.map((r) => {
  const budget = Math.max(5, (r.kind.startsWith('login') ? 0.1 : 0) * Math.min(r.known, r.unknown));
  const sameStatus = r.statuses.known.size === 1 && r.statuses.unknown.size === 1 && [...r.statuses.known][0] === [...r.statuses.unknown][0];
  const pass = Math.abs(r.diff) <= budget && sameStatus;
  return { ...r, budget, sameStatus, pass };
});
const fmt = (ms) => `${ms.toFixed(2)} ms`;
console.log('');
console.log('| call | median, known e-mail | median, unknown e-mail | difference | p90 known / unknown | status known / unknown | budget | result |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.kind} | ${fmt(r.known)} | ${fmt(r.unknown)} | ${r.diff >= 0 ? '+' : ''}${fmt(r.diff)} | ${fmt(r.p90Known)} / ${fmt(r.p90Unknown)} | ${[...r.statuses.known]} / ${[...r.statuses.unknown]} | ±${fmt(r.budget)} | ${r.pass ? 'PASS' : 'FAIL'} |`,
  );
}
process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
// The server closes its database on SIGTERM, writing into the folder: remove it once it has exited.
await server.stop();
rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
process.exit(process.exitCode);
