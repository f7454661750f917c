/**
 * A test key: what an integrator tries the API with before selling. The bookings it makes are
 * marked as tests (bookings.test_mode, 0050), kept out of the business's figures, and deleted
 * together from the reseller's page; a live key never reads them, nor a test key live bookings.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reseller_api_keys add column test_mode boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reseller_api_keys drop column test_mode`.execute(db);
}
