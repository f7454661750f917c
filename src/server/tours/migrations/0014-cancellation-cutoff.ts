/**
 * A tour's cancellation cut-off: how many hours before a departure starts a reseller may still
 * cancel or change one of its bookings (staff may always). Resellers read it as the option's
 * cancellationCutoff; most operators allow 24 hours, which the column starts at.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tours
      add column cancellation_cutoff_hours integer not null default 24
        check (cancellation_cutoff_hours >= 0 and cancellation_cutoff_hours <= 8760)`.execute(db);
}
