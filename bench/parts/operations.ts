/**
 * The day of the tour: the day sheet of a date with 200 departures (some 600 of the catalogue's
 * 10,000 bookings on them) at 10,000 bookings in the table and again after the bookings part has
 * brought it past 1,000,000; a resource's schedule over 90 days, and the assignment
 * conflict check (an assignment refused because the guide is busy), for a guide with 100
 * assignments and one with 10,000. The two halves run on either side of the bookings part; the
 * first answers the server it leaves running and the day sheet's p50 at the small size.
 */
import { warmed } from '../lib/load.ts';
import { onEngine, rate, row } from '../lib/report.ts';
import { bulk, type Seed } from '../lib/seed.ts';
import { signIn, startServer, type BenchServer } from '../lib/servers.ts';

const DAY_BOOKINGS = 10_000;

async function daySheet(engine: string, server: BenchServer, tableSize: string): Promise<number> {
  const { token } = await signIn(server.baseUrl);
  const result = await warmed({ url: `${server.baseUrl}/api/operations/day?date=${bulk.DAY_SHEET_DATE}`, headers: { authorization: `Bearer ${token}` } });
  if (result.errors > 0) throw new Error(`day sheet: ${result.errors} errors`);
  row(engine, `GET /api/operations/day: 200 departures that day, ${tableSize} bookings in the table`, `${rate(result.rps)}, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  return result.p50;
}

export async function dayOfTourRows(engine: string, running: BenchServer, env: Record<string, string>, seed: Seed): Promise<{ server: BenchServer; daySheetP50: number }> {
  console.log(`\nbench: the day of the tour on the ${engine}`);
  onEngine(engine);
  await running.stop();
  const t0 = performance.now();
  await seed([...bulk.dayOfTourSql(DAY_BOOKINGS), ...bulk.resourceScheduleSql(100, 10_000)]);
  console.log(`  (4,000 departures, ${DAY_BOOKINGS.toLocaleString('en')} bookings and 10,100 assignments seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  const server = await startServer(env);
  const daySheetP50 = await daySheet(engine, server, DAY_BOOKINGS.toLocaleString('en'));

  const { token } = await signIn(server.baseUrl);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const guides = (await (await fetch(`${server.baseUrl}/api/resources?q=bench%20guide`, { headers })).json()) as { data: { id: string; name: string }[] };
  const guide = (size: 'small' | 'big') => guides.data.find((one) => one.name === `Bench guide ${size}`)!.id;
  // A departure both guides are on (the 50th day): assigning either again is refused.
  const departures = (await (await fetch(`${server.baseUrl}/api/departures?from=2030-02-19&to=2030-02-19`, { headers })).json()) as { data: { id: string }[] };
  const busyDeparture = departures.data[0]!.id;
  const measures: Record<'schedule' | 'conflict', Record<'small' | 'big', number>> = { schedule: { small: 0, big: 0 }, conflict: { small: 0, big: 0 } };
  for (const [size, count] of [['small', 100], ['big', 10_000]] as const) {
    const schedule = await warmed({ url: `${server.baseUrl}/api/resources/${guide(size)}/schedule?from=2030-01-01&to=2030-03-31`, headers });
    if (schedule.errors > 0) throw new Error(`schedule: ${schedule.errors} errors`);
    measures.schedule[size] = schedule.p50;
    row(engine, `GET /api/resources/{id}/schedule (90 days) of a guide with ${count.toLocaleString('en')} assignments`, `${rate(schedule.rps)}, p50 ${schedule.p50} ms, p99 ${schedule.p99} ms`);
    // Every attempt is refused (409 RESOURCE_CONFLICT): it locks the guide's row, so 50 callers take turns, as two clerks would.
    const conflict = await warmed({ url: `${server.baseUrl}/api/departures/${busyDeparture}/assignments`, method: 'POST', headers, body: JSON.stringify({ resourceId: guide(size) }) });
    if (conflict.total === 0 || conflict.errors !== conflict.total) throw new Error(`conflict check: ${conflict.total - conflict.errors} of ${conflict.total} were not refused`);
    measures.conflict[size] = conflict.p50;
    row(engine, `POST /api/departures/{id}/assignments refused as a conflict, a guide with ${count.toLocaleString('en')} assignments (50 callers on one guide)`, `${rate(conflict.rps)}, p50 ${conflict.p50} ms, p99 ${conflict.p99} ms`);
  }
  for (const kind of ['schedule', 'conflict'] as const) {
    const growth = measures[kind].big / Math.max(measures[kind].small, 0.5);
    row(engine, `a resource’s ${kind === 'schedule' ? 'schedule' : 'conflict check'}: p50 at 10,000 assignments ÷ at 100`, `${growth.toFixed(2)}×`, '≤ 1.5×', growth <= 1.5);
  }
  return { server, daySheetP50 };
}

/** The same day sheet once the bookings part has filled the table (its own bookings and the 10,000 above). */
export async function daySheetAtScale(engine: string, server: BenchServer, smallP50: number): Promise<void> {
  const big = await daySheet(engine, server, 'over 1,000,000');
  const growth = big / Math.max(smallP50, 0.5);
  row(engine, 'the day sheet: p50 at over 1,000,000 bookings ÷ at 10,000', `${growth.toFixed(2)}×`, '≤ 1.5×', growth <= 1.5);
}
