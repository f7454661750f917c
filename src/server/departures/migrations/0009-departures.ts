/**
 * Departures: dates a tour can be booked on, entered as a local date and time in the tour's zone
 * with the instant kept beside them. The seats taken live on the row, and a check constraint
 * keeps held plus confirmed seats within capacity whatever writes them: the database itself
 * refuses an oversold departure. Counted per status and per tour (the tour's departureCount).
 */
import { sql, type Kysely } from 'kysely';
import { countRows } from '../../db/row-counts.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table departures (
      id uuid primary key,
      tour_id uuid not null references tours (id) on delete restrict,
      start_date date not null,
      start_time text not null check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      starts_at timestamptz not null,
      capacity integer not null check (capacity between 1 and 10000),
      seats_held integer not null default 0 check (seats_held >= 0),
      seats_confirmed integer not null default 0 check (seats_confirmed >= 0),
      waitlisted integer not null default 0 check (waitlisted >= 0),
      status text not null check (status in ('open', 'closed', 'cancelled')),
      price_adult_minor bigint check (price_adult_minor >= 0),
      price_child_minor bigint check (price_child_minor >= 0),
      price_infant_minor bigint check (price_infant_minor >= 0),
      single_supplement_minor bigint check (single_supplement_minor >= 0),
      cancel_reason text,
      cancelled_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (tour_id, start_date, start_time),
      constraint departures_not_oversold check (seats_held + seats_confirmed <= capacity)
    )`.execute(db);
  for (const statement of [
    'create index departures_starts_at_idx on departures (starts_at, id)',
    'create index departures_created_at_idx on departures (created_at, id)',
    'create index departures_tour_starts_at_idx on departures (tour_id, starts_at, id)',
    'create index departures_status_starts_at_idx on departures (status, starts_at, id)',
    'create index departures_start_date_idx on departures (start_date, id)',
  ]) {
    await sql.raw(statement).execute(db);
  }
  await sql`insert into row_counts (name, count) values ('departures', 0) on conflict (name) do nothing`.execute(db);
  await countRows(db, 'departures', 'departures', null);
  await countRows(db, 'departures', 'departures:status', 'status');
  await countRows(db, 'departures', 'departures:tour', 'tour_id');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table departures`.execute(db);
  await sql`delete from row_counts where name = 'departures' or name like 'departures:%'`.execute(db);
}
