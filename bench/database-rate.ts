// The database's own rate for the queries one list request issues (the guard's principal load,
// then the page of 25 and its total: the user list with a role filter, or the bookings list with
// the request's query), from 50 callers in a tight loop with no HTTP. bench/lib/load.ts runs this
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
  list?: 'users' | 'bookings';
  query?: BookingListQuery;
};
const { openDatabase } = (await import(join(root, 'dist/server/server/db/open-database.js'))) as typeof OpenDatabase;
const { UsersRepository } = (await import(join(root, 'dist/server/server/users/repository.js'))) as typeof Users;
const { Principals: PrincipalCache } = (await import(join(root, 'dist/server/server/auth/principals.js'))) as typeof Principals;
const { BookingsRepository } = (await import(join(root, 'dist/server/server/bookings/repository.js'))) as typeof Bookings;

const handle = await openDatabase(target, { poolSize: 10 });
// Only their reads are used here: no audit log, no sessions.
const users = new UsersRepository(handle.db, Date.now, null as never, null as never);
const bookings = new BookingsRepository(handle.db, Date.now, null as never);
// The list one request reads: the users list (page of 25, role filter) or the bookings list with the request's own query.
const readList = list === 'bookings' ? () => bookings.list(query!) : () => users.list({ page: 1, pageSize: 25, role: 'STAFF' });
const principals = new PrincipalCache(handle.db, Date.now);
const loop = async (seconds: number) => {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const caller = async () => {
    while (performance.now() < until) {
      const principal = await principals.load(userId, sessionId);
      if (!principal) throw new Error('the signed-in administrator was not found: the loop would not measure what a request does');
      await readList();
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: 50 }, caller));
  return done / seconds;
};
try {
  await loop(warmup);
  process.stdout.write(`${JSON.stringify({ rate: await loop(duration) })}\n`);
} finally {
  await handle.close();
}
