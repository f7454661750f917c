/**
 * A booking made with a reseller's test key is a test: it holds its seats like any booking (the
 * integrator meets the answers a sale will meet, a sold-out departure included) until it is
 * cancelled or deleted, and counts in no figure of the business (0051, 0052). Set when the
 * booking is made, never changed, so the kept totals can leave it out before and after any change.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bookings add column test_mode boolean not null default false`.execute(db);
  // A reseller's test bookings, found to delete them (few, beside its many real ones).
  await sql`create index bookings_test_idx on bookings (reseller_id, departure_id) where test_mode`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bookings_test_idx`.execute(db);
  await sql`alter table bookings drop column test_mode`.execute(db);
}
