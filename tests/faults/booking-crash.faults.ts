/**
 * Bookings and `kill -9` on the embedded database: the process dies in the middle of a burst of
 * bookings, twice on the same DATA_DIR. After each restart every booking the server acknowledged
 * (201) is there, and each departure's seat counts equal the seats of its held and confirmed
 * bookings: a crash can lose an unacknowledged booking, never half of one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, signIn, startServer, type ServerProcess } from './harness.js';

const CRASHES = 2;
const CONCURRENCY = 8;
const DEPARTURES = 3;
let dataDir: string;
let server: (ServerProcess & { startMs: number }) | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bo-faults-bookings-'));
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

interface Booking {
  id: string;
  status: string;
  seats: number;
}

/** Every booking of the departure, through the API. */
async function bookingsOf(baseUrl: string, token: string, departureId: string): Promise<Booking[]> {
  const all: Booking[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call(baseUrl, `bookings?departureId=${departureId}&page=${page}&pageSize=100`, { token });
    expect(answer.status).toBe(200);
    const { data, total } = answer.body as { data: Booking[]; total: number };
    all.push(...data);
    if (page * 100 >= total) return all;
  }
}

async function expectIntact(baseUrl: string, token: string, departureIds: string[], acknowledged: Map<string, string>, label: string) {
  for (const departureId of departureIds) {
    const bookings = await bookingsOf(baseUrl, token, departureId);
    const found = new Set(bookings.map((booking) => booking.id));
    const lost = [...acknowledged].filter(([, departure]) => departure === departureId).filter(([id]) => !found.has(id));
    expect(lost, `${label}: acknowledged bookings lost`).toEqual([]);
    const departure = (await call(baseUrl, `departures/${departureId}`, { token })).body as { seatsHeld: number; seatsConfirmed: number; capacity: number };
    const seats = (status: string) => bookings.filter((booking) => booking.status === status).reduce((sum, booking) => sum + booking.seats, 0);
    expect({ held: departure.seatsHeld, confirmed: departure.seatsConfirmed }, `${label}: the departure's counts`).toEqual({ held: seats('held'), confirmed: seats('confirmed') });
    expect(departure.seatsHeld + departure.seatsConfirmed).toBeLessThanOrEqual(departure.capacity);
  }
}

test(`kill -9 during a burst of bookings, ${CRASHES} times on one DATA_DIR: no acknowledged booking is lost and every departure's counts equal its bookings`, async () => {
  const acknowledged = new Map<string, string>(); // booking id → departure id
  const report: string[] = [];
  server = await startServer({ DATA_DIR: dataDir });
  let token = await signIn(server.baseUrl);
  const tour = await call(server.baseUrl, 'tours', {
    method: 'POST',
    token,
    body: { code: 'CRASH-1', title: 'Crash test tour', timeZone: 'Atlantic/Reykjavik', currency: 'ISK', durationDays: 2, status: 'published', bookingCutoffHours: 0, prices: { ADULT: 189_000, CHILD: 94_500, INFANT: 0 } },
  });
  expect(tour.status).toBe(201);
  const departureIds: string[] = [];
  for (let index = 0; index < DEPARTURES; index += 1) {
    const departure = await call(server.baseUrl, 'departures', { method: 'POST', token, body: { tourId: (tour.body as { id: string }).id, startDate: `2031-06-0${index + 1}`, startTime: '08:00', capacity: 400 } });
    expect(departure.status).toBe(201);
    departureIds.push((departure.body as { id: string }).id);
  }

  for (let crash = 1; crash <= CRASHES; crash += 1) {
    if (crash > 1) {
      server = await startServer({ DATA_DIR: dataDir });
      token = await signIn(server.baseUrl);
      await expectIntact(server.baseUrl, token, departureIds, acknowledged, `after crash ${crash - 1}`);
      report.push(`restart ${crash - 1}: started in ${server.startMs} ms; ${acknowledged.size} acknowledged bookings all found; counts equal their bookings`);
    }
    const victim = server!;
    let sent = 0;
    let ackedThisRound = 0;
    const writer = async (worker: number) => {
      for (let i = 0; ; i += 1) {
        const departureId = departureIds[(worker + i) % DEPARTURES];
        sent += 1;
        try {
          const answer = await call(victim.baseUrl, 'bookings', {
            method: 'POST',
            token,
            body: {
              departureId,
              status: i % 2 ? 'confirmed' : 'held',
              contact: { name: `Crash ${crash} worker ${worker}`, email: `c${crash}w${worker}i${i}@faults.test` },
              travellers: [{ category: 'ADULT', firstName: 'Þórður', lastName: `W${worker}` }, ...(i % 3 === 0 ? [{ category: 'CHILD', firstName: 'Kid', lastName: `W${worker}` }] : [])],
            },
            timeoutMs: 10_000,
          });
          if (answer.status === 201) {
            acknowledged.set((answer.body as { id: string }).id, departureId);
            ackedThisRound += 1;
          }
        } catch {
          return; // the process is gone: this booking was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: CONCURRENCY }, (_, worker) => writer(worker));
    const killAt = 60 + crash * 20;
    while (ackedThisRound < killAt) await new Promise((resolve) => setTimeout(resolve, 5));
    victim.child.kill('SIGKILL');
    await Promise.all(writers);
    expect((await victim.exited).signal).toBe('SIGKILL');
    report.push(`crash ${crash}: ${sent} bookings sent, ${ackedThisRound} acknowledged in this burst, then SIGKILL`);
  }

  server = await startServer({ DATA_DIR: dataDir });
  token = await signIn(server.baseUrl);
  await expectIntact(server.baseUrl, token, departureIds, acknowledged, `after crash ${CRASHES}`);
  report.push(`restart ${CRASHES}: started in ${server.startMs} ms; ${acknowledged.size} acknowledged bookings all found; counts equal their bookings`);
  console.log(`[faults] bookings on the embedded database, kill -9:\n  ${report.join('\n  ')}`);
  expect(server.output()).not.toMatch(/Error|panic|corrupt/i);
});
