/**
 * Bookings the operator's own shop sells: channel 'online'. The bookings list filters by a channel
 * through the partial index below (the shop's share is small beside the office's, and the
 * Online sales screen reads its own days from it).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bookings
      drop constraint bookings_channel_check,
      add constraint bookings_channel_check check (channel in ('direct', 'phone', 'email', 'agent', 'walk_in', 'reseller', 'online'))`.execute(db);
  await sql`create index bookings_online_created_at_idx on bookings (created_at, id) where channel = 'online'`.execute(db);
}
