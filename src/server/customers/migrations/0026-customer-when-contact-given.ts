/**
 * A booking made without any contact (a reseller's hold, whose traveller is named at confirmation)
 * has no customer until the contact is given: the statement that gives it finds the customer by
 * the e-mail or makes one. Until then the booking reads "name to come" and belongs to nobody's
 * history. A customer of its own was made for such a hold before, and removed again when the
 * confirmation named a known customer; a reseller's every sale paid for a customer written and
 * deleted, and for the customers' kept totals changed twice, while its departure's row was locked.
 * A contact with a name and no e-mail (a walk-in) still makes a customer of its own. A change that
 * leaves every customer's counts as they are (most do) returns before counting.
 *
 * The holds that have such a customer now lose it (the kept counts remove a customer left without
 * bookings), and the counts follow a booking that gains its first customer.
 */
import { sql, type Kysely } from 'kysely';

const ACTIVE = `status in ('held', 'confirmed', 'waitlisted')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const active = sql.raw(ACTIVE);
  await sql`alter table bookings alter column customer_id drop not null`.execute(db);
  await sql`
    create or replace function booking_customer() returns trigger language plpgsql as $$
    begin
      if new.customer_id is null and (btrim(new.contact_email) <> '' or btrim(new.contact_name) <> '') then
        new.customer_id := customer_for_contact(new.contact_name, new.contact_email, new.contact_phone, new.contact_language, new.created_at);
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create function booking_customer_when_contact_given() returns trigger language plpgsql as $$
    begin
      if btrim(new.contact_email) <> '' or btrim(new.contact_name) <> '' then
        new.customer_id := customer_for_contact(new.contact_name, new.contact_email, new.contact_phone, new.contact_language, new.updated_at);
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger bookings_customer_when_contact_given before update of contact_name, contact_email, contact_phone on bookings for each row
    when (old.customer_id is null and new.customer_id is null)
    execute function booking_customer_when_contact_given()`.execute(db);
  // A booking moving to or from no customer counts as moving.
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
              from inserted where customer_id is not null group by 1 order by 1) x
        where c.id = x.customer_id;
        return null;
      end if;
      if TG_OP = 'DELETE' then
        select array_agg(distinct customer_id) into ids from deleted where customer_id is not null;
      else
        -- Most changes of a booking (seats confirmed, notes, a payment) leave its customer's counts as they are.
        if not exists (
          select 1 from inserted n join deleted o on o.id = n.id
          where n.customer_id is distinct from o.customer_id or (n.${active}) is distinct from (o.${active}) or n.created_at <> o.created_at
        ) then
          return null;
        end if;
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
              where n.customer_id is distinct from o.customer_id and n.customer_id is not null group by 1 order by 1) x
        where c.id = x.customer_id;
        select array_agg(distinct o.customer_id) into ids from inserted n join deleted o on o.id = n.id
        where n.customer_id is distinct from o.customer_id and o.customer_id is not null;
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
  // Holds made without a contact give up the customer made for them (which the counts then remove).
  await sql`
    update bookings b set customer_id = null
    from customers c
    where c.id = b.customer_id and c.email_key is null and c.erased_at is null
      and btrim(b.contact_name) = '' and btrim(b.contact_email) = ''`.execute(db);
}
