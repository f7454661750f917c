/**
 * Two fields for the day of the tour, printed on the guide's passenger list: where (and when) the
 * party is picked up, and notes for the guide (dietary needs, a wheelchair, a birthday), apart from
 * the office's own notes, which the guide does not see. Erased with the other personal data.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bookings add column pickup text not null default '', add column guide_notes text not null default ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bookings drop column pickup, drop column guide_notes`.execute(db);
}
