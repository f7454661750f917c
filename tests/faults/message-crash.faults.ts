/**
 * Messages to customers and `kill -9` on the embedded database: a burst of confirmed bookings
 * queues one confirmation each (a voucher to make: messages are in flight), and the server is
 * killed part-way through sending. After a restart on the same DATA_DIR every message is sent, none
 * is lost, and the outbox holds each exactly once: one that was handed over but not recorded when
 * the server died goes again under its own id, which writes the same mail rather than a second one.
 */
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, signIn, startServer, waitUntil, type ServerProcess } from './harness.js';

const BOOKINGS = 20;
let dataDir: string;
let server: (ServerProcess & { startMs: number }) | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bo-faults-messages-'));
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const ENV = () => ({ DATA_DIR: dataDir, MESSAGE_POLL_INTERVAL: '100ms', MESSAGE_LEASE: '3s' });
const outbox = async () => {
  const names = await readdir(join(dataDir, 'outbox')).catch(() => [] as string[]);
  return Promise.all(names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(join(dataDir, 'outbox', name), 'utf8')) as { to: string; subject: string }));
};

test('kill -9 while messages go out: after a restart each is in the outbox exactly once, none lost', async () => {
  server = await startServer(ENV());
  let token = await signIn(server.baseUrl);
  const tour = await call(server.baseUrl, 'tours', { method: 'POST', token, body: { code: 'CRASH-MAIL', title: 'Crash mail', timeZone: 'UTC', currency: 'EUR', durationDays: 1, status: 'published', prices: { ADULT: 1000, CHILD: null, INFANT: null } } });
  expect(tour.status).toBe(201);
  const tourId = (tour.body as { id: string }).id;
  const departure = await call(server.baseUrl, 'departures', { method: 'POST', token, body: { tourId, startDate: '2031-05-05', startTime: '09:00', capacity: 100 } });
  const departureId = (departure.body as { id: string }).id;
  const made = await Promise.all(
    Array.from({ length: BOOKINGS }, (_, n) =>
      call(server!.baseUrl, 'bookings', { method: 'POST', token, body: { departureId, status: 'confirmed', contact: { name: `Guest ${n}`, email: `guest${n}@crash.test` }, travellers: [{ category: 'ADULT', firstName: 'G', lastName: `${n}` }] } }),
    ),
  );
  expect(made.every((response) => response.status === 201)).toBe(true);
  // Kill once some have gone and others wait.
  await waitUntil(async () => (await outbox()).length >= 3, 20_000, 10);
  server.child.kill('SIGKILL');
  await server.exited;
  const beforeKill = (await outbox()).length;
  expect(beforeKill).toBeLessThan(BOOKINGS);

  server = await startServer(ENV());
  token = await signIn(server.baseUrl);
  const statuses = async () =>
    Promise.all(made.map(async (response) => ((await call(server!.baseUrl, `bookings/${(response.body as { id: string }).id}/messages`, { token })).body as { data: { status: string }[] }).data.map((message) => message.status)));
  // Those claimed at the kill wait out their lease before they go again.
  await waitUntil(async () => (await statuses()).every((kinds) => kinds.length === 1 && kinds[0] === 'sent'), 30_000, 250);
  const mails = await outbox();
  expect(mails).toHaveLength(BOOKINGS);
  expect(new Set(mails.map((mail) => mail.to))).toEqual(new Set(Array.from({ length: BOOKINGS }, (_, n) => `guest${n}@crash.test`)));
  console.log(`messages and kill -9: ${BOOKINGS} confirmations, ${beforeKill} in the outbox before the kill, ${BOOKINGS} after the restart, each once, 0 lost`);
}, 90_000);
