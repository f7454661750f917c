/**
 * Whether staff priced a departure themselves. Until now every departure took a copy of its tour's
 * prices when it was made; from now on one that staff did not price follows its season, else its
 * tour, as the price finder (shared/pricing.ts) reads it. A departure whose prices differ from its
 * tour's today was priced by hand and keeps them; one whose prices equal the tour's follows it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table departures add column own_prices boolean not null default false`.execute(db);
  await sql`
    update departures d set own_prices = true from tours t
    where t.id = d.tour_id
      and (d.price_adult_minor is distinct from t.price_adult_minor
        or d.price_child_minor is distinct from t.price_child_minor
        or d.price_infant_minor is distinct from t.price_infant_minor)`.execute(db);
}
