/**
 * A tour's age bands: an infant is under `infant_age_under` years on the day the departure starts,
 * a child under `child_age_under`; older travellers are adults. Most tours sell infants under 2 and
 * children 2 to 11; a family safari or a tour with a youth fare sets its own. The booking form
 * warns when a birth date does not fit the category chosen.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tours
      add column infant_age_under smallint not null default 2,
      add column child_age_under smallint not null default 12,
      add constraint tours_age_bands check (infant_age_under >= 1 and child_age_under > infant_age_under and child_age_under <= 21)`.execute(db);
}
