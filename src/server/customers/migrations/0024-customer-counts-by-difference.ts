/**
 * A booking that moves to another customer (a reseller's contact given at confirmation, a merge)
 * no longer has both customers counted again from all their bookings: the customer it moves to
 * adds it (its count, first and last booking), and only the customer it leaves is counted from
 * what it has left (after a merge, or a contact given, nothing). Counting again from all bookings
 * cost as much as the customer had bookings, under its row's lock: a customer with thousands (a
 * hotel desk that gives its own e-mail) made every confirmation wait on the one before.
 */
import { sql, type Kysely } from 'kysely';

const ACTIVE = `status in ('held', 'confirmed', 'waitlisted')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const active = sql.raw(ACTIVE);
  await sql`
    create or replace function customer_bookings_counted() returns trigger language plpgsql as $$
    declare
      ids uuid[];
    begin
      if TG_OP = 'INSERT' then
        update customers c
        set booking_count = c.booking_count + x.active,
            first_booking_at = least(c.first_booking_at, x.first),
            last_booking_at = greatest(c.last_booking_at, x.last)
        from (select customer_id, count(*) filter (where ${active}) as active, min(created_at) as first, max(created_at) as last
              from inserted group by 1 order by 1) x
        where c.id = x.customer_id;
        return null;
      end if;
      if TG_OP = 'DELETE' then
        select array_agg(distinct customer_id) into ids from deleted;
      else
        -- A status changed within a customer: its count moves by the difference.
        update customers c set booking_count = c.booking_count + x.delta
        from (select n.customer_id, sum((n.${active})::int - (o.${active})::int) as delta
              from inserted n join deleted o on o.id = n.id
              where o.customer_id = n.customer_id group by 1 having sum((n.${active})::int - (o.${active})::int) <> 0 order by 1) x
        where c.id = x.customer_id;
        -- Bookings that moved: the customer they joined adds them.
        update customers c
        set booking_count = c.booking_count + x.active,
            first_booking_at = least(c.first_booking_at, x.first),
            last_booking_at = greatest(c.last_booking_at, x.last)
        from (select n.customer_id, count(*) filter (where n.${active}) as active, min(n.created_at) as first, max(n.created_at) as last
              from inserted n join deleted o on o.id = n.id
              where n.customer_id <> o.customer_id group by 1 order by 1) x
        where c.id = x.customer_id;
        select array_agg(distinct o.customer_id) into ids from inserted n join deleted o on o.id = n.id where n.customer_id <> o.customer_id;
      end if;
      if ids is not null then
        -- The customers bookings left (or were deleted from): counted from what they have left.
        update customers c
        set booking_count = coalesce(x.active, 0), first_booking_at = x.first, last_booking_at = x.last
        from unnest(ids) m(id) left join (
          select customer_id, count(*) filter (where ${active}) as active, min(created_at) as first, max(created_at) as last
          from bookings where customer_id = any(ids) group by 1
        ) x on x.customer_id = m.id
        where c.id = m.id;
        -- A customer made for a contact without an e-mail, left with no booking, goes.
        delete from customers c
        where c.id = any(ids) and c.email_key is null and c.erased_at is null
          and not exists (select 1 from bookings b where b.customer_id = c.id);
      end if;
      return null;
    end $$`.execute(db);
}
