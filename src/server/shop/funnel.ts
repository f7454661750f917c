/**
 * The shop's days, as the server recorded them: carts made, checkouts begun, carts paid, holds
 * that lapsed unpaid and carts given up, each counted on the day (in the business's time zone) it
 * happened. Each count walks its own index over the range: no estimate, no scan of every cart.
 */
import { sql, type Kysely } from 'kysely';
import type { FunnelDay } from '../../shared/contract/shop.js';
import { addDays, localDateAt, startOfDay } from '../../shared/local-time.js';
import type { Database } from '../db/schema.js';

type Counted = { day: string; count: number };

export async function funnel(db: Kysely<Database>, now: number, timeZone: string, days: number): Promise<FunnelDay[]> {
  const to = localDateAt(new Date(now), timeZone);
  const from = addDays(to, -(days - 1));
  const start = startOfDay(from, timeZone);
  const end = startOfDay(addDays(to, 1), timeZone);
  const byDay = (column: 'created_at' | 'checkout_at' | 'paid_at' | 'released_at') =>
    db
      .selectFrom('shop_carts')
      .select([sql<string>`((${sql.ref(column)} at time zone ${timeZone})::date)::text`.as('day'), sql<number>`count(*)::int`.as('count')])
      .where(column, '>=', start)
      .where(column, '<', end)
      .groupBy(sql`1`)
      .execute() as Promise<Counted[]>;
  // A hold lapsed unpaid: its booking expired (or is held past its end) and the customer neither paid nor gave it up.
  const lapsed = db
    .selectFrom('shop_carts as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .select([sql<string>`((b.hold_expires_at at time zone ${timeZone})::date)::text`.as('day'), sql<number>`count(*)::int`.as('count')])
    .where('c.created_at', '>=', new Date(start.getTime() - 7 * 86_400_000))
    .where('c.paid_at', 'is', null)
    .where('c.released_at', 'is', null)
    .where('b.status', 'in', ['held', 'expired'])
    .where('b.hold_expires_at', '>=', start)
    .where('b.hold_expires_at', '<', new Date(Math.min(end.getTime(), now)))
    .groupBy(sql`1`)
    .execute() as Promise<Counted[]>;
  const [carts, checkouts, paid, released, lapses] = await Promise.all([byDay('created_at'), byDay('checkout_at'), byDay('paid_at'), byDay('released_at'), lapsed]);
  const of = (rows: Counted[], day: string) => rows.find((row) => row.day === day)?.count ?? 0;
  return Array.from({ length: days }, (_, index) => {
    const day = addDays(from, index);
    return { date: day, carts: of(carts, day), checkouts: of(checkouts, day), paid: of(paid, day), lapsed: of(lapses, day), released: of(released, day) };
  });
}
