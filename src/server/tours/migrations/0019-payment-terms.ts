/**
 * A tour's payment terms: the deposit taken at booking (a percentage of the price, or null for the
 * whole price at once), how many days before a departure the balance is due (30 to start with),
 * and its cancellation fees (tiers of days before the departure and the share of the price kept,
 * for example 30 days or more: 0 %, 7 or more: 50 %, less: 100 %). A booking reads them from its
 * tour; a fee the terms propose is what the cancel dialog offers, and staff may change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tours
      add column deposit_percent integer check (deposit_percent between 0 and 100),
      add column balance_due_days integer not null default 30 check (balance_due_days between 0 and 365),
      add column cancellation_fees jsonb not null default '[]' check (jsonb_typeof(cancellation_fees) = 'array')`.execute(db);
}
