/**
 * The bookings' search text folded (search_fold: no accents, ß as ss). The server writes it from
 * the reference, the contact, the travellers' names and a reseller's reference; the database folds
 * it as it is written (one trigger, so every writer of the column folds the same way), and folds the
 * rows already there once.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function bookings_fold_search_text() returns trigger language plpgsql as $$
    begin
      new.search_text := search_fold(new.search_text);
      return new;
    end $$`.execute(db);
  await sql`create trigger bookings_fold_search_text before insert or update of search_text on bookings for each row execute function bookings_fold_search_text()`.execute(db);
  await sql`update bookings set search_text = search_text where search_text is distinct from search_fold(search_text)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger bookings_fold_search_text on bookings`.execute(db);
  await sql`drop function bookings_fold_search_text()`.execute(db);
}
