/**
 * When the travellers of a departure were forgotten (TRAVELLER_RETENTION_MONTHS after it ended),
 * and the retention job's way to the departures still to forget: the oldest first, from an index
 * of only those not forgotten yet, so each round reads what it erases and not the years behind it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table departures add column travellers_forgotten_at timestamptz`.execute(db);
  await sql`create index departures_to_forget_idx on departures (starts_at, id) where travellers_forgotten_at is null`.execute(db);
}
