/**
 * What other domains read of a tour, inside their transaction: a departure takes its zone and its
 * default prices from it, a booking the extras it may add.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';

/** The tour a departure is of, locked against a change of its zone meanwhile; 400 when there is none. */
export async function tourForDepartures(trx: Kysely<Database>, tourId: string) {
  const tour = await trx
    .selectFrom('tours')
    .select(['id', 'code', 'time_zone', 'price_adult_minor', 'price_child_minor', 'price_infant_minor', 'single_supplement_minor'])
    .where('id', '=', tourId)
    .forShare()
    .executeTakeFirst();
  if (!tour) throw httpErrors.validation({ tourId: 'must be an existing tour' });
  return tour;
}

/** The tour's components among `ids`, with what a booking needs to sell them as extras. */
export async function componentsForSale(db: Kysely<Database>, tourId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('tour_components').select(['id', 'name', 'inclusion', 'price_minor']).where('tour_id', '=', tourId).where('id', 'in', ids).execute();
}
