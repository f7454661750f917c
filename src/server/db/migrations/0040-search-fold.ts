/**
 * Searches that ignore accents: `search_fold(text)` is the text lowercased with its diacritics taken
 * off (Müller → muller, São Paulo → sao paulo, Łódź → lodz) and the letters that have none written
 * as they are typed without them (ß → ss, æ → ae, ø → o, þ → th…). The search columns keep their
 * text folded and the searches fold what was typed with the same function, so "Muller" finds
 * Müller and "Müller" finds Muller, on both engines. Immutable: generated columns and indexes use it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Decomposed (NFD) first, so a capital with an accent is a plain capital and a mark, whatever the
  // database's locale makes of lower(); then the marks (U+0300–U+036F) removed; then the letters
  // that carry no separate mark.
  await sql`
    create function search_fold(value text) returns text
    language sql immutable strict parallel safe
    as $$
      select translate(
        replace(replace(replace(replace(
          lower(regexp_replace(normalize(value, NFD), '[\u0300-\u036f]', '', 'g')),
          'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'),
        'øłđðıħŧ', 'olddiht')
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function search_fold(text)`.execute(db);
}
