/**
 * Selling through resellers over OCTO: the availability calendar of one product over 90 days and its
 * availability over 7 days, at 100 and at 10,000 departures of that product (100,100 departures in
 * the table), with the database's own rate for the calendar's queries beside them; then reserve +
 * confirm from 50 connections on one departure beside staff bookings on the same server (seats taken
 * equal bookings made), and the last 100 seats of a departure sold exactly once over OCTO. Answers
 * the server it leaves running.
 */
import { createHash } from 'node:crypto';
import { warmed, databaseRate, type Target } from '../lib/load.ts';
import { onEngine, rate, row } from '../lib/report.ts';
import { bulk, type Seed } from '../lib/seed.ts';
import { decodeJwt, signIn, startServer, type BenchServer } from '../lib/servers.ts';
import { DURATION, sleep, WARMUP } from '../lib/settings.ts';

const KEY = 'rsk_bench-octo-key-00000000000000000000000000';

export async function octoRows(engine: string, running: BenchServer, baseEnv: Record<string, string>, seed: Seed, target: Target): Promise<BenchServer> {
  // What is measured is the API's throughput, not the per-key limit that guards it.
  const env = { ...baseEnv, OCTO_RATE_LIMIT: '999999' };
  console.log(`\nbench: selling over OCTO on the ${engine}`);
  onEngine(engine);
  await running.stop();
  const t0 = performance.now();
  await seed(bulk.octoCatalogueSql(createHash('sha256').update(KEY).digest('hex')));
  console.log(`  (100,100 departures seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  let server = await startServer(env);
  const octo = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'octo-capabilities': 'octo/pricing' };
  const products = (await (await fetch(`${server.baseUrl}/api/octo/products`, { headers: octo })).json()) as { id: string; reference: string }[];
  const product = (code: string) => products.find((one) => one.reference === code)!.id;
  const measures: Record<string, Record<'small' | 'big', number>> = { calendar: { small: 0, big: 0 }, availability: { small: 0, big: 0 } };
  for (const [size, code, count] of [['small', 'OCTO-SMALL', 100], ['big', 'OCTO-BIG', 10_000]] as const) {
    for (const [kind, path, end] of [['calendar', '/api/octo/availability/calendar', '2028-03-30'], ['availability', '/api/octo/availability', '2028-01-07']] as const) {
      const body = JSON.stringify({ productId: product(code), optionId: 'DEFAULT', localDateStart: '2028-01-01', localDateEnd: end });
      const result = await warmed({ url: server.baseUrl + path, method: 'POST', headers: octo, body });
      if (result.errors > 0) throw new Error(`${path}: ${result.errors} errors`);
      measures[kind][size] = result.p50;
      row(engine, `POST ${path} (${kind === 'calendar' ? '90 days' : '7 days'}) of a product with ${count.toLocaleString('en')} departures`, `${rate(result.rps)}, p50 ${result.p50} ms, p99 ${result.p99} ms`);
    }
  }
  for (const kind of ['calendar', 'availability'] as const) {
    const growth = measures[kind].big / Math.max(measures[kind].small, 0.5);
    row(engine, `OCTO ${kind} p50 at 10,000 departures ÷ at 100`, `${growth.toFixed(2)}×`, '≤ 1.5×', growth <= 1.5);
  }
  // The database alone for the calendar's reads (the key, the product, its departures of 90 days).
  let { token } = await signIn(server.baseUrl);
  await server.stop();
  const claims = decodeJwt(token);
  const own = await databaseRate(target, claims.userId, claims.sid, { list: 'octo-calendar', query: { key: KEY, tourId: product('OCTO-BIG'), from: '2028-01-01', to: '2028-03-30' } });
  row(engine, 'the OCTO calendar’s reads alone, 90 days of a product with 10,000 departures (no HTTP, 50 callers)', rate(own));
  server = await startServer(env);
  ({ token } = await signIn(server.baseUrl));
  const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const tourId = product('OCTO-SMALL');
  const schedule = async (startDate: string, capacity: number): Promise<string> => {
    const response = await fetch(`${server.baseUrl}/api/departures`, { method: 'POST', headers: staff, body: JSON.stringify({ tourId, startDate, startTime: '15:00', capacity }) });
    if (response.status !== 201) throw new Error(`departure: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  // Staff first, on a departure of its own, for the rate to compare with; both sides by the same
  // client: 50 callers, each sending its next request when the last is answered.
  const staffBooking = (departureId: string) => async () => {
    const response = await fetch(`${server.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ departureId, status: 'confirmed', contact: { name: 'Bench Buyer', email: 'buyer@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Bench', lastName: 'Buyer' }] }),
    });
    await response.arrayBuffer();
    return response.status === 201;
  };
  // Reserve, then confirm what was reserved: one booking is two requests.
  const resellerBooking = (departureId: string) => async () => {
    const held = await fetch(`${server.baseUrl}/api/octo/bookings`, { method: 'POST', headers: octo, body: JSON.stringify({ productId: tourId, optionId: 'DEFAULT', availabilityId: departureId, unitItems: [{ unitId: 'adult' }] }) });
    const reserved = (await held.json()) as { uuid?: string };
    if (held.status !== 200 || !reserved.uuid) return false;
    const confirmed = await fetch(`${server.baseUrl}/api/octo/bookings/${reserved.uuid}/confirm`, { method: 'POST', headers: octo, body: JSON.stringify({ contact: { firstName: 'Bench', lastName: 'Buyer', emailAddress: 'buyer@example.com' } }) });
    await confirmed.arrayBuffer();
    return confirmed.status === 200;
  };
  const staffRun = await load(staffBooking(await schedule('2028-01-03', 10_000)), DURATION, { warmup: WARMUP });
  const big = await schedule('2028-01-05', 10_000);
  const sold = await load(resellerBooking(big), DURATION, { warmup: WARMUP });
  const seats = await settledSeats(server.baseUrl, staff, big);
  row(
    engine,
    'reserve + confirm over OCTO on one departure from 50 callers (bookings a second)',
    `${rate(sold.rate)}, p50 ${sold.p50.toFixed(0)} ms a booking; staff bookings on the same server by the same client ${rate(staffRun.rate)} (p50 ${staffRun.p50.toFixed(0)} ms); ${seats.confirmed} confirmed, ${seats.taken} seats taken, ${seats.booked} bookings`,
    '≥ 80% of the staff rate; seats taken = bookings made',
    sold.rate >= 0.8 * staffRun.rate && seats.taken === seats.booked && sold.failed === 0,
  );
  const last = await schedule('2028-01-06', 100);
  // Each caller goes on until a reserve of its is refused: every seat is sold, then each hears so once.
  const rush = await load(resellerBooking(last), 60, { untilRefused: true });
  const lastSeats = await settledSeats(server.baseUrl, staff, last);
  row(
    engine,
    'the last 100 seats of a departure over OCTO, 50 callers reserving and confirming until refused',
    `${lastSeats.confirmed} confirmed, ${lastSeats.taken} seats taken of 100, ${rush.failed} reserves refused`,
    'exactly 100 sold, 0 overbooked',
    lastSeats.taken === 100 && lastSeats.booked === 100 && lastSeats.confirmed === 100,
  );
  return server;
}

/** The departure's seats taken, its bookings and its confirmed bookings, once nothing changes any more (autocannon leaves requests in flight). */
export async function settledSeats(baseUrl: string, headers: Record<string, string>, id: string): Promise<{ taken: number; booked: number; confirmed: number }> {
  const read = async () => {
    const departure = (await (await fetch(`${baseUrl}/api/departures/${id}`, { headers })).json()) as { seatsHeld: number; seatsConfirmed: number };
    const bookings = (await (await fetch(`${baseUrl}/api/bookings?departureId=${id}&pageSize=1`, { headers })).json()) as { total: number };
    const confirmed = (await (await fetch(`${baseUrl}/api/bookings?departureId=${id}&status=confirmed&pageSize=1`, { headers })).json()) as { total: number };
    return { taken: departure.seatsHeld + departure.seatsConfirmed, booked: bookings.total, confirmed: confirmed.total };
  };
  let previous = await read();
  for (let attempt = 0; attempt < 20; attempt++) {
    await sleep(500);
    const next = await read();
    if (next.taken === previous.taken && next.booked === previous.booked && next.confirmed === previous.confirmed) return next;
    previous = next;
  }
  return previous;
}

/**
 * 50 callers repeating `work` for `warmup` + `seconds`: what succeeded a second in the last
 * `seconds` (the callers busy before that window opens and until it closes, so both sides are timed
 * in a steady state, as bench/lib/load.ts's warmed() times a list), the median time of one, and how
 * many failed. `untilRefused`: each caller stops at its first failure (no window: everything counts).
 */
export async function load(work: () => Promise<boolean>, seconds: number, options: { warmup?: number; untilRefused?: boolean } = {}): Promise<{ rate: number; p50: number; failed: number }> {
  const from = performance.now() + (options.warmup ?? 0) * 1000;
  const until = from + seconds * 1000;
  const times: number[] = [];
  let failed = 0;
  const caller = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const ok = await work();
      const t1 = performance.now();
      const counted = options.untilRefused || (t1 >= from && t1 <= until);
      if (ok && counted) times.push(t1 - t0);
      else if (!ok) {
        failed += 1;
        if (options.untilRefused) return;
      }
    }
  };
  await Promise.all(Array.from({ length: 50 }, caller));
  times.sort((a, b) => a - b);
  return { rate: times.length / seconds, p50: times[Math.floor(times.length / 2)] ?? 0, failed };
}
