/**
 * What a component's cost is counted per: each traveller who takes a seat (the default, as costs
 * were entered until now), the whole departure, or each traveller for each night of its days. The
 * day sheets count suppliers' quantities by it and the margins its costs.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tour_components add column cost_basis text not null default 'per_traveller' check (cost_basis in ('per_traveller', 'per_departure', 'per_night'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tour_components drop column cost_basis`.execute(db);
}
