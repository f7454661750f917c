/**
 * Whether a tour is sold in the operator's own shop (only a published one is, and none until the
 * office says so), and what its customers may do with their booking alone: cancel, change the
 * date, until how many hours before the departure starts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tours
      add column bookable_online boolean not null default false,
      add column self_service jsonb not null default '{"cancel": false, "change": false, "untilHours": 48}' check (jsonb_typeof(self_service) = 'object')`.execute(db);
}
