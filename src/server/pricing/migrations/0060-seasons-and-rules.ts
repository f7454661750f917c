/**
 * A tour's seasons (travel dates with their own prices) and its price rules (early bird, last
 * minute, group). A season's dates are local to the tour's zone; no two of a tour's seasons
 * overlap (checked when they are saved, under the tour's lock). At most one active rule of each
 * kind per tour, kept by a unique index.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tour_seasons (
      id uuid primary key,
      tour_id uuid not null references tours (id) on delete cascade,
      position integer not null,
      name text not null,
      from_date date not null,
      to_date date not null,
      price_adult_minor bigint check (price_adult_minor >= 0),
      price_child_minor bigint check (price_child_minor >= 0),
      price_infant_minor bigint check (price_infant_minor >= 0),
      check (from_date <= to_date)
    )`.execute(db);
  // A departure's season is found by its tour and start date: the newest season starting on or before it.
  await sql`create index tour_seasons_tour_from_idx on tour_seasons (tour_id, from_date)`.execute(db);
  await sql`
    create table tour_price_rules (
      id uuid primary key,
      tour_id uuid not null references tours (id) on delete cascade,
      position integer not null,
      kind text not null check (kind in ('early_bird', 'last_minute', 'group')),
      threshold integer not null check (threshold >= 1),
      percent integer not null check (percent between 1 and 90),
      active boolean not null
    )`.execute(db);
  await sql`create unique index tour_price_rules_active_kind_idx on tour_price_rules (tour_id, kind) where active`.execute(db);
  await sql`create index tour_price_rules_tour_idx on tour_price_rules (tour_id, position)`.execute(db);
  // The pricing permission goes to ADMIN on its next start (db/seed.ts); no other starting role sets prices.
}
