// The database's own rate for the queries one request issues (the guard's principal load, then the
// page of 25 and its total: the user list with a role filter, the bookings or customers list with
// the request's query; or an OCTO calendar's: the reseller's key, the product, its departures), from 50 callers in a tight loop with no HTTP. bench/lib/load.ts runs this
// file as a child process launched the way the server is (the same Node flags and environment,
// scripts/lib/server-env.mjs), so that the database on this side runs exactly as it does under the
// server, and the ratio of the two rates is the HTTP layer's own cost.
//
//   node bench/database-rate.ts '{"target":{...},"userId":"…","sessionId":"…","warmup":3,"duration":8}'
//
// Prints one line of JSON: {"rate": requests per second}.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Principals from '../src/server/auth/principals.ts';
import type * as Bookings from '../src/server/bookings/repository.ts';
import type * as Customers from '../src/server/customers/repository.ts';
import type * as MessagesService from '../src/server/messages/service.ts';
import type { CustomerListQuery } from '../src/shared/contract/customers.ts';
import type * as Holds from '../src/server/bookings/holds.ts';
import type * as Departures from '../src/server/departures/repository.ts';
import type * as Resellers from '../src/server/resellers/repository.ts';
import type * as Tours from '../src/server/tours/repository.ts';
import type * as OpenDatabase from '../src/server/db/open-database.ts';
import type * as Users from '../src/server/users/repository.ts';
import type { BookingListQuery } from '../src/shared/contract/bookings.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { target, userId, sessionId, warmup, duration, list = 'users', query } = JSON.parse(process.argv[2]) as {
  target: Parameters<typeof OpenDatabase.openDatabase>[0];
  userId: string;
  sessionId: string;
  warmup: number;
  duration: number;
  list?: 'users' | 'bookings' | 'customers' | 'reminders' | 'octo-calendar';
  query?: BookingListQuery & { key?: string; tourId?: string; from?: string; to?: string };
};
const { openDatabase } = (await import(join(root, 'dist/server/server/db/open-database.js'))) as typeof OpenDatabase;
const { UsersRepository } = (await import(join(root, 'dist/server/server/users/repository.js'))) as typeof Users;
const { Principals: PrincipalCache } = (await import(join(root, 'dist/server/server/auth/principals.js'))) as typeof Principals;
const { BookingsRepository } = (await import(join(root, 'dist/server/server/bookings/repository.js'))) as typeof Bookings;

const handle = await openDatabase(target, { poolSize: 10 });
// Only their reads are used here: no audit log, no sessions.
const users = new UsersRepository(handle.db, Date.now, null as never, null as never);
const bookings = new BookingsRepository(handle.db, Date.now, null as never);
const principals = new PrincipalCache(handle.db, Date.now);
// What one request reads: the users list (page of 25, role filter), the bookings list with the
// request's own query, or an OCTO calendar (the key, the product, its departures of the dates; no principal).
let readList: () => Promise<unknown> = () => users.list({ page: 1, pageSize: 25, role: 'STAFF' });
let loadPrincipal = () => principals.load(userId, sessionId);
if (list === 'bookings') readList = () => bookings.list(query!);
if (list === 'customers') {
  const { CustomersRepository } = (await import(join(root, 'dist/server/server/customers/repository.js'))) as typeof Customers;
  const customers = new CustomersRepository(handle.db, Date.now, null as never);
  readList = () => customers.list(query as unknown as CustomerListQuery);
}
if (list === 'reminders') {
  // The reminders job's one round (no HTTP, no principal): what it costs is what the bench compares
  // at 100,000 and 1,000,000 bookings. Its keys make every round after the first queue nothing new.
  const { Messages } = (await import(join(root, 'dist/server/server/messages/service.js'))) as typeof MessagesService;
  const messages = new Messages(handle.db, Date.now, null as never, null as never, null as never);
  loadPrincipal = async () => ({}) as never;
  readList = () => messages.queueReminders();
}
if (list === 'octo-calendar') {
  const { ResellersRepository } = (await import(join(root, 'dist/server/server/resellers/repository.js'))) as typeof Resellers;
  const { ToursRepository } = (await import(join(root, 'dist/server/server/tours/repository.js'))) as typeof Tours;
  const { DeparturesRepository } = (await import(join(root, 'dist/server/server/departures/repository.js'))) as typeof Departures;
  const { lapsedHeldSeats } = (await import(join(root, 'dist/server/server/bookings/holds.js'))) as typeof Holds;
  const resellers = new ResellersRepository(handle.db, Date.now, null as never, null as never, { allowPrivate: false });
  const tours = new ToursRepository(handle.db, Date.now, null as never, null as never);
  const departures = new DeparturesRepository(handle.db, Date.now, null as never, { tourFor: null as never, lapsedHeldSeats });
  const { key, tourId, from, to } = query as { key: string; tourId: string; from: string; to: string };
  loadPrincipal = async () => ((await resellers.authenticate(key)) ? ({} as never) : null);
  readList = async () => {
    const [tour] = await tours.published(null, tourId);
    return departures.calendarOf(tourId, { from, to }, tour.bookingCutoffHours);
  };
}
// One loop of warmup + duration seconds, of which only the requests that complete in the last
// `duration` count: the callers are busy from before the window opens until after it closes, as
// the server's connections are in bench/lib/load.ts's warmed().
const measure = async () => {
  const start = performance.now();
  const from = start + warmup * 1000;
  const until = from + duration * 1000;
  let done = 0;
  const caller = async () => {
    while (performance.now() < until) {
      const principal = await loadPrincipal();
      if (!principal) throw new Error('the signed-in administrator (or the reseller key) was not found: the loop would not measure what a request does');
      await readList();
      const now = performance.now();
      if (now >= from && now <= until) done += 1;
    }
  };
  await Promise.all(Array.from({ length: 50 }, caller));
  return done / duration;
};
try {
  process.stdout.write(`${JSON.stringify({ rate: await measure() })}\n`);
} finally {
  await handle.close();
}
