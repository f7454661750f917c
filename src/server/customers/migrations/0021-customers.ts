/**
 * Customers, and every booking's customer. The database finds a booking's customer itself, in the
 * statement that writes the booking, so that every way a booking is made (a clerk's, a reseller's
 * one-statement hold, a seed) has one, and two bookings for one new e-mail at once make one
 * customer (the unique e-mail key; the second waits for the first and takes its customer):
 *
 * - a new booking's contact e-mail (trimmed, any case) finds its customer or makes one; a contact
 *   without an e-mail (a reseller's hold, a walk-in) makes a customer of its own;
 * - a customer made for a contact without an e-mail, whose only booking it is, follows that
 *   booking's contact when it is given later (a reseller confirms with the traveller's name and
 *   e-mail): it takes the name and phone, and the e-mail, or moves to the customer who has it;
 * - each customer keeps its bookings counted (not cancelled or expired) and the first and last
 *   time it booked, by statement triggers, so the list sorts a million customers by an index.
 *
 * The language of a new customer is the contact's when the booking gave one, else the default
 * the server keeps in customer_settings (DEFAULT_LANGUAGE).
 */
import { sql, type Kysely } from 'kysely';

const ACTIVE = `status in ('held', 'confirmed', 'waitlisted')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table customer_settings (id boolean primary key default true check (id), default_language text not null)`.execute(db);
  await sql`insert into customer_settings (default_language) values ('en')`.execute(db);
  await sql`
    create table customers (
      id uuid primary key,
      name text not null,
      email text,
      email_key text generated always as (nullif(lower(btrim(email)), '')) stored unique,
      phone text,
      language text not null check (language in ('en', 'de')),
      marketing_consent boolean not null default false,
      notes text not null default '',
      booking_count integer not null default 0 check (booking_count >= 0),
      first_booking_at timestamptz,
      last_booking_at timestamptz,
      search_text text generated always as (lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) stored,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      erased_at timestamptz
    )`.execute(db);
  // Every sort the list offers walks an index in its order.
  for (const statement of [
    'create index customers_name_idx on customers (lower(name), id)',
    'create index customers_created_at_idx on customers (created_at, id)',
    'create index customers_last_booking_idx on customers (last_booking_at, id)',
    'create index customers_booking_count_idx on customers (booking_count, id)',
  ]) {
    await sql.raw(statement).execute(db);
  }
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index customers_search_trgm_idx on customers using gin (search_text gin_trgm_ops);
      end if;
    end $$`.execute(db);
  // The list's totals, kept as the bookings' are (one function of static SQL: a booking that makes
  // its customer pays for no dynamic SQL).
  await sql`insert into row_counts (name, count) values ('customers', 0) on conflict (name) do nothing`.execute(db);
  const names = (row: string, all: boolean) =>
    sql.raw(`unnest(array[${all ? `'customers', ` : ''}'customers:marketing_consent:' || ${row}.marketing_consent::text])`);
  await sql`
    create function count_customers() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        insert into row_counts (name, count)
        select counter, count(*) from inserted, ${names('inserted', true)} as k(counter) group by counter order by counter
        on conflict (name) do update set count = row_counts.count + excluded.count;
      elsif TG_OP = 'DELETE' then
        insert into row_counts (name, count)
        select counter, -count(*) from deleted, ${names('deleted', true)} as k(counter) group by counter order by counter
        on conflict (name) do update set count = row_counts.count + excluded.count;
      else
        insert into row_counts (name, count)
        select counter, sum(n) from (
          select counter, 1 as n from inserted, ${names('inserted', false)} as k(counter)
          union all
          select counter, -1 from deleted, ${names('deleted', false)} as k(counter)
        ) c group by counter having sum(n) <> 0 order by counter
        on conflict (name) do update set count = row_counts.count + excluded.count;
      end if;
      return null;
    end $$`.execute(db);
  for (const event of ['insert', 'delete', 'update'] as const) {
    const tables = event === 'insert' ? sql`new table as inserted` : event === 'delete' ? sql`old table as deleted` : sql`old table as deleted new table as inserted`;
    await sql`create trigger ${sql.id(`customers_counted_${event}`)} after ${sql.raw(event)} on customers referencing ${tables} for each statement execute function count_customers()`.execute(db);
  }

  // The starting roles that sell and count money read customers; sales also keep them up to date.
  await sql`
    insert into role_permissions (role_id, permission)
    select r.id, p.permission from roles r
    join (values ('SALES', 'customers.read'), ('SALES', 'customers.update'), ('FINANCE', 'customers.read')) as p (role, permission) on p.role = r.name
    on conflict do nothing`.execute(db);

  await sql`alter table bookings add column contact_language text check (contact_language in ('en', 'de'))`.execute(db);
  await sql`alter table bookings add column customer_id uuid`.execute(db);

  // The bookings there are: one customer per e-mail (named as its latest booking names it), one
  // per booking without an e-mail (given the booking's id, which no other customer has).
  await sql`lock table bookings in share row exclusive mode`.execute(db);
  await sql`
    insert into customers (id, name, email, phone, language, created_at, updated_at)
    select distinct on (lower(btrim(contact_email))) gen_random_uuid(), contact_name, btrim(contact_email), contact_phone, 'en', created_at, created_at
    from bookings where btrim(contact_email) <> ''
    order by lower(btrim(contact_email)), created_at desc`.execute(db);
  await sql`update customers c set created_at = f.first from (select lower(btrim(contact_email)) as key, min(created_at) as first from bookings group by 1) f where f.key = c.email_key`.execute(db);
  await sql`update bookings b set customer_id = c.id from customers c where c.email_key = lower(btrim(b.contact_email))`.execute(db);
  await sql`
    insert into customers (id, name, email, phone, language, created_at, updated_at)
    select id, contact_name, null, contact_phone, 'en', created_at, created_at from bookings where customer_id is null`.execute(db);
  await sql`update bookings set customer_id = id where customer_id is null`.execute(db);
  await sql`
    update customers c set booking_count = x.active, first_booking_at = x.first, last_booking_at = x.last
    from (select customer_id, count(*) filter (where ${sql.raw(ACTIVE)}) as active, min(created_at) as first, max(created_at) as last from bookings group by 1) x
    where x.customer_id = c.id`.execute(db);
  await sql`alter table bookings alter column customer_id set not null`.execute(db);
  await sql`alter table bookings add constraint bookings_customer_fkey foreign key (customer_id) references customers (id) on delete restrict`.execute(db);
  await sql`create index bookings_customer_idx on bookings (customer_id, created_at, id)`.execute(db);

  // The customer of a contact: found by its e-mail, or made (a contact without one: always made).
  await sql`
    create function customer_for_contact(contact_name text, contact_email text, contact_phone text, contact_language text, at timestamptz) returns uuid
    language plpgsql as $$
    declare
      key text := nullif(lower(btrim(contact_email)), '');
      customer uuid;
    begin
      if key is not null then
        select id into customer from customers where email_key = key;
        if customer is not null then return customer; end if;
      end if;
      customer := gen_random_uuid();
      insert into customers (id, name, email, phone, language, created_at, updated_at)
      values (customer, contact_name, nullif(btrim(contact_email), ''), contact_phone,
              coalesce(contact_language, (select default_language from customer_settings)), at, at)
      on conflict (email_key) do nothing;
      if not found then
        -- Another transaction made this e-mail's customer meanwhile (it has committed: the insert waited for it).
        select id into customer from customers where email_key = key;
      end if;
      return customer;
    end $$`.execute(db);
  await sql`
    create function booking_customer() returns trigger language plpgsql as $$
    begin
      if new.customer_id is null then
        new.customer_id := customer_for_contact(new.contact_name, new.contact_email, new.contact_phone, new.contact_language, new.created_at);
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger bookings_customer before insert on bookings for each row execute function booking_customer()`.execute(db);

  // A customer made for a contact without an e-mail follows its only booking's contact when given.
  await sql`
    create function booking_customer_follows_contact() returns trigger language plpgsql as $$
    declare
      own customers%rowtype;
      key text := nullif(lower(btrim(new.contact_email)), '');
      other uuid;
    begin
      select * into own from customers where id = new.customer_id;
      if own.email_key is not null or own.erased_at is not null
         or exists (select 1 from bookings where customer_id = own.id and id <> new.id) then
        return new;
      end if;
      if key is not null then
        select id into other from customers where email_key = key;
        if other is not null then
          new.customer_id := other;
          return new;
        end if;
      end if;
      update customers set name = new.contact_name, email = nullif(btrim(new.contact_email), ''), phone = new.contact_phone, updated_at = new.updated_at
      where id = own.id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger bookings_customer_follows_contact before update of contact_name, contact_email, contact_phone on bookings for each row
    when (new.customer_id = old.customer_id and (old.contact_name, old.contact_email, old.contact_phone) is distinct from (new.contact_name, new.contact_email, new.contact_phone))
    execute function booking_customer_follows_contact()`.execute(db);

  // The kept counts. A new booking adds to its customer; a change of status moves the count; a
  // booking moving to another customer (a merge, a contact given) counts both again from their
  // bookings, and a customer made for a contact without an e-mail that is left with none is removed.
  const recount = sql.raw(`
      update customers c
      set booking_count = coalesce(x.active, 0), first_booking_at = x.first, last_booking_at = x.last
      from unnest(ids) m(id) left join (
        select customer_id, count(*) filter (where ${ACTIVE}) as active, min(created_at) as first, max(created_at) as last
        from bookings where customer_id = any(ids) group by 1
      ) x on x.customer_id = m.id
      where c.id = m.id;
      delete from customers c
      where c.id = any(ids) and c.email_key is null and c.erased_at is null
        and not exists (select 1 from bookings b where b.customer_id = c.id);`);
  await sql`
    create function customer_bookings_counted() returns trigger language plpgsql as $$
    declare
      ids uuid[];
    begin
      if TG_OP = 'INSERT' then
        update customers c
        set booking_count = c.booking_count + x.active,
            first_booking_at = least(c.first_booking_at, x.first),
            last_booking_at = greatest(c.last_booking_at, x.last)
        from (select customer_id, count(*) filter (where ${sql.raw(ACTIVE)}) as active, min(created_at) as first, max(created_at) as last
              from inserted group by 1 order by 1) x
        where c.id = x.customer_id;
        return null;
      end if;
      if TG_OP = 'DELETE' then
        select array_agg(distinct customer_id) into ids from deleted;
      else
        update customers c set booking_count = c.booking_count + x.delta
        from (select n.customer_id, sum((n.${sql.raw(ACTIVE)})::int - (o.${sql.raw(ACTIVE)})::int) as delta
              from inserted n join deleted o on o.id = n.id
              where o.customer_id = n.customer_id group by 1 having sum((n.${sql.raw(ACTIVE)})::int - (o.${sql.raw(ACTIVE)})::int) <> 0 order by 1) x
        where c.id = x.customer_id;
        select array_agg(distinct m.id) into ids from (
          select o.customer_id as id from inserted n join deleted o on o.id = n.id where n.customer_id <> o.customer_id
          union all
          select n.customer_id from inserted n join deleted o on o.id = n.id where n.customer_id <> o.customer_id
        ) m;
      end if;
      if ids is not null then
        ${recount}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_customers_counted_insert after insert on bookings referencing new table as inserted for each statement execute function customer_bookings_counted()`.execute(db);
  await sql`create trigger bookings_customers_counted_update after update on bookings referencing old table as deleted new table as inserted for each statement execute function customer_bookings_counted()`.execute(db);
  await sql`create trigger bookings_customers_counted_delete after delete on bookings referencing old table as deleted for each statement execute function customer_bookings_counted()`.execute(db);
}
