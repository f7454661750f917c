/**
 * SIGTERM while 20 clients keep the server busy (reads and argon2-heavy writes): every request
 * the server had begun gets its full answer, the process exits 0 well within its shutdown
 * timeout, and every acknowledged write is there after a restart on the same DATA_DIR.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, signIn, startServer, type ServerProcess } from './harness.js';

const CLIENTS = 20;
let dataDir: string;
let server: (ServerProcess & { startMs: number }) | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bo-faults-sigterm-'));
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

interface Outcome {
  kind: 'read' | 'write';
  sentAt: number;
  status?: number;
  requestId?: string;
  email?: string;
  error?: string;
}

/** Request ids of the server's own log for the load's calls (not the harness's health checks and sign-in): those it began, and those it answered. */
function loggedRequests(output: string): { began: Set<string>; answered: Set<string> } {
  const began = new Set<string>();
  const answered = new Set<string>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { reqId?: string; msg?: string; req?: { url?: string } };
    if (!entry.reqId) continue;
    if (entry.msg === 'incoming request' && entry.req?.url?.startsWith('/api/admin/')) began.add(entry.reqId);
    if (entry.msg === 'request completed') answered.add(entry.reqId);
  }
  return { began, answered };
}

test(`SIGTERM under load from ${CLIENTS} clients: requests under way are answered, exit 0, acknowledged writes kept`, async () => {
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const { baseUrl } = server;
  const token = await signIn(baseUrl);
  const outcomes: Outcome[] = [];
  let stop = false;

  const client = async (n: number) => {
    for (let i = 0; !stop; i += 1) {
      const write = (n + i) % 4 === 0;
      const email = `term-${n}-${i}@faults.test`;
      const outcome: Outcome = { kind: write ? 'write' : 'read', sentAt: performance.now(), ...(write && { email }) };
      outcomes.push(outcome);
      try {
        const response = await fetch(`${baseUrl}/api/${write ? 'admin/auth/signup' : 'admin/auth/user?pageSize=25'}`, {
          method: write ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${token}`, ...(write && { 'content-type': 'application/json' }) },
          body: write ? JSON.stringify({ email, fullName: 'Under Load', password: 'a long enough password 2', roles: ['STAFF'] }) : undefined,
          signal: AbortSignal.timeout(20_000),
        });
        await response.arrayBuffer(); // the whole answer, not only its head
        outcome.status = response.status;
        outcome.requestId = response.headers.get('x-request-id') ?? undefined;
      } catch (error) {
        outcome.error = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
        if (stop) return;
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const termAt = performance.now();
  server.child.kill('SIGTERM');
  const { code } = await server.exited;
  const exitMs = performance.now() - termAt;
  stop = true;
  await Promise.all(clients);

  const { began, answered } = loggedRequests(server.output());
  const received = new Set(outcomes.map((o) => o.requestId).filter(Boolean));
  const unanswered = [...began].filter((id) => !answered.has(id) || !received.has(id));
  const beforeTerm = outcomes.filter((o) => o.sentAt < termAt);
  const completedBeforeTerm = beforeTerm.filter((o) => o.status !== undefined).length;
  const notBegunBeforeTerm = beforeTerm.filter((o) => o.error).length;
  const failedAfter = outcomes.filter((o) => o.error).map((o) => o.error);
  const acknowledged = outcomes.filter((o) => o.kind === 'write' && o.status === 201).map((o) => o.email!);

  expect(code, server.output().slice(-2000)).toBe(0);
  expect(exitMs).toBeLessThan(15_000);
  const linesOf = (id: string) => server!.output().split('\n').filter((line) => line.includes(id)).join('\n');
  expect(unanswered, `requests the server began but whose answer never arrived:\n${unanswered.map(linesOf).join('\n')}\nclient errors: ${failedAfter.join(', ')}`).toEqual([]);
  expect(outcomes.filter((o) => o.status !== undefined && o.status >= 500)).toEqual([]);

  // Restart on the same data: every acknowledged write is there.
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const again = await signIn(server.baseUrl);
  const missing: string[] = [];
  for (const email of acknowledged) {
    const response = await fetch(`${server.baseUrl}/api/admin/auth/user?q=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${again}` } });
    const { total } = (await response.json()) as { total: number };
    if (total !== 1) missing.push(email);
  }
  expect(missing).toEqual([]);
  expect(ADMIN.email).toBeTruthy();

  const errorKinds = [...new Set(failedAfter)].join(', ') || 'none';
  console.log(
    `[faults] SIGTERM under load: ${outcomes.length} requests from ${CLIENTS} clients, ${began.size} begun by the server, all ${began.size} answered in full; ` +
      `of the ${beforeTerm.length} sent before SIGTERM, ${completedBeforeTerm} answered and ${notBegunBeforeTerm} never reached a handler (a keep-alive socket closing as they were written); ` +
      `${failedAfter.length - notBegunBeforeTerm} sent after it were refused at the door (${errorKinds}); ` +
      `exit code ${code} ${exitMs.toFixed(0)} ms after SIGTERM; ${acknowledged.length} writes acknowledged, ${acknowledged.length - missing.length} found after restart.`,
  );
});
