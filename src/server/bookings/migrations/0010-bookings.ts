/**
 * Bookings, their travellers and extras, payments, and the Idempotency-Keys of both.
 *
 * Seats are not counted here: a booking's seats live on its departure's counters (migration
 * 0009), changed in the same transaction as the booking by one conditional UPDATE, and that row's
 * check constraint refuses an oversold departure whatever writes it. A booking keeps what it was
 * sold at (prices copied from the departure and the components) and what it was paid; its balance
 * and payment status are generated columns, so they can never disagree with the amounts.
 *
 * `tour_status` (tour and status in one value) exists for its kept count and index: the bookings
 * list filtered by tour and status answers its total from one row and its page from one index,
 * at a million bookings as at a thousand.
 */
import { sql, type Kysely } from 'kysely';

const INACTIVE = `status in ('cancelled', 'expired')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bookings (
      id uuid primary key,
      reference text not null unique check (reference ~ '^[2-9A-HJ-NP-Z]{8}$'),
      departure_id uuid not null references departures (id) on delete restrict,
      tour_id uuid not null references tours (id) on delete restrict,
      start_date date not null,
      starts_at timestamptz not null,
      status text not null check (status in ('held', 'confirmed', 'waitlisted', 'expired', 'cancelled')),
      currency char(3) not null,
      seats integer not null check (seats >= 1),
      total_minor bigint not null check (total_minor >= 0),
      paid_minor bigint not null default 0,
      refunded_minor bigint not null default 0 check (refunded_minor >= 0),
      cancel_fee_minor bigint check (cancel_fee_minor >= 0),
      balance_minor bigint generated always as (
        case when ${sql.raw(INACTIVE)} then coalesce(cancel_fee_minor, 0) - paid_minor else total_minor - paid_minor end
      ) stored,
      payment_status text generated always as (
        case when ${sql.raw(INACTIVE)} then
          case when paid_minor > coalesce(cancel_fee_minor, 0) then 'refund_due' when refunded_minor > 0 then 'refunded' when paid_minor = 0 then 'unpaid' else 'paid' end
        else
          case when paid_minor <= 0 then 'unpaid' when paid_minor < total_minor then 'partially_paid' else 'paid' end
        end
      ) stored,
      tour_status text generated always as (tour_id::text || ':' || status) stored,
      hold_expires_at timestamptz,
      contact_name text not null,
      contact_email text not null,
      contact_phone text,
      single_rooms integer not null default 0 check (single_rooms >= 0),
      single_supplement_minor bigint not null default 0 check (single_supplement_minor >= 0),
      channel text not null check (channel in ('direct', 'phone', 'email', 'agent', 'walk_in')),
      notes text not null default '',
      search_text text not null,
      cancel_reason text,
      cancelled_at timestamptz,
      created_at timestamptz not null,
      created_by uuid references users (id) on delete set null,
      confirmed_at timestamptz,
      updated_at timestamptz not null,
      check (status <> 'held' or hold_expires_at is not null),
      check (paid_minor <= total_minor or ${sql.raw(INACTIVE)})
    )`.execute(db);
  for (const statement of [
    'create index bookings_created_at_idx on bookings (created_at, id)',
    'create index bookings_starts_at_idx on bookings (starts_at, id)',
    'create index bookings_total_idx on bookings (total_minor, id)',
    'create index bookings_balance_idx on bookings (balance_minor, id)',
    'create index bookings_start_date_idx on bookings (start_date, id)',
    'create index bookings_status_created_at_idx on bookings (status, created_at, id)',
    'create index bookings_payment_status_created_at_idx on bookings (payment_status, created_at, id)',
    'create index bookings_tour_created_at_idx on bookings (tour_id, created_at, id)',
    'create index bookings_tour_status_created_at_idx on bookings (tour_status, created_at, id)',
    'create index bookings_departure_idx on bookings (departure_id, created_at, id)',
    'create index bookings_balance_due_idx on bookings (created_at, id) where balance_minor > 0',
    // Holds that lapse: the sweep's and every read's way to them.
    `create index bookings_holds_idx on bookings (hold_expires_at) where status = 'held'`,
    `create index bookings_departure_holds_idx on bookings (departure_id, hold_expires_at) where status = 'held'`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index bookings_search_trgm_idx on bookings using gin (search_text gin_trgm_ops);
      end if;
    end $$`.execute(db);

  await sql`
    create table booking_travellers (
      id uuid primary key,
      booking_id uuid not null references bookings (id) on delete restrict,
      position integer not null,
      category text not null check (category in ('ADULT', 'CHILD', 'INFANT')),
      first_name text not null,
      last_name text not null,
      date_of_birth date,
      notes text not null default '',
      unit_price_minor bigint not null check (unit_price_minor >= 0),
      unique (booking_id, position)
    )`.execute(db);

  await sql`
    create table booking_extras (
      booking_id uuid not null references bookings (id) on delete restrict,
      component_id uuid not null references tour_components (id) on delete restrict,
      position integer not null,
      name text not null,
      quantity integer not null check (quantity >= 1),
      unit_price_minor bigint not null check (unit_price_minor >= 0),
      primary key (booking_id, component_id)
    )`.execute(db);
  await sql`create index booking_extras_component_idx on booking_extras (component_id)`.execute(db);

  await sql`
    create table payments (
      id uuid primary key,
      booking_id uuid not null references bookings (id) on delete restrict,
      kind text not null check (kind in ('payment', 'refund')),
      amount_minor bigint not null check (amount_minor > 0),
      currency char(3) not null,
      method text not null check (method in ('card', 'bank_transfer', 'cash', 'other')),
      reference text not null default '',
      received_at timestamptz not null,
      recorded_by uuid references users (id) on delete set null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index payments_booking_idx on payments (booking_id, created_at, id)`.execute(db);
  await sql`create index payments_received_at_idx on payments (received_at)`.execute(db);

  await sql`
    create table idempotency_keys (
      user_id uuid not null,
      scope text not null,
      key text not null,
      request_hash text not null,
      state text not null check (state in ('pending', 'done')),
      status_code integer,
      body text,
      created_at timestamptz not null,
      primary key (user_id, scope, key)
    )`.execute(db);
  await sql`create index idempotency_keys_created_at_idx on idempotency_keys (created_at)`.execute(db);

  await sql`insert into row_counts (name, count) values ('bookings', 0) on conflict (name) do nothing`.execute(db);
  // Five counters in one function of static SQL (its plans are kept), not five count_rows triggers
  // of dynamic SQL each: a booking's insert, payment and cancel cost 1.4 ms of counting instead of
  // 3.5 ms on the embedded database (measured: insert, update and delete of one booking).
  const names = (row: string, all: boolean) =>
    sql.raw(
      `unnest(array[${all ? `'bookings', ` : ''}'bookings:status:' || ${row}.status, 'bookings:payment_status:' || ${row}.payment_status, ${all ? `'bookings:tour:' || ${row}.tour_id, ` : ''}'bookings:tour_status:' || ${row}.tour_status])`,
    );
  await sql`
    create function count_bookings() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        insert into row_counts (name, count)
        select name, count(*) from inserted, ${names('inserted', true)} as name group by name
        on conflict (name) do update set count = row_counts.count + excluded.count;
      elsif TG_OP = 'DELETE' then
        insert into row_counts (name, count)
        select name, -count(*) from deleted, ${names('deleted', true)} as name group by name
        on conflict (name) do update set count = row_counts.count + excluded.count;
      else
        insert into row_counts (name, count)
        select name, sum(n) from (
          select name, 1 as n from inserted, ${names('inserted', false)} as name
          union all
          select name, -1 from deleted, ${names('deleted', false)} as name
        ) c group by name having sum(n) <> 0
        on conflict (name) do update set count = row_counts.count + excluded.count;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_counted_insert after insert on bookings referencing new table as inserted for each statement execute function count_bookings()`.execute(db);
  await sql`create trigger bookings_counted_delete after delete on bookings referencing old table as deleted for each statement execute function count_bookings()`.execute(db);
  await sql`create trigger bookings_counted_update after update on bookings referencing old table as deleted new table as inserted for each statement execute function count_bookings()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'payments', 'booking_extras', 'booking_travellers', 'bookings']) await sql`drop table if exists ${sql.table(table)}`.execute(db);
  await sql`drop function if exists count_bookings()`.execute(db);
  await sql`delete from row_counts where name = 'bookings' or name like 'bookings:%'`.execute(db);
}
