/**
 * What a reseller calls each traveller (an OCTO unit item): the uuid it chose and its own
 * reference (a ticket number on its side), kept on the traveller and answered back as sent.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table booking_travellers
      add column reseller_unit_uuid text check (length(reseller_unit_uuid) <= 64),
      add column reseller_unit_reference text check (length(reseller_unit_reference) <= 200)`.execute(db);
}
