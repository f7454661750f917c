/**
 * The order payments were recorded in: two payments of one booking in the same instant (two gift
 * cards taken one after the other, a clock's tick apart or none) keep the order they were made in,
 * so a refund back to the cards that paid goes to the latest first every time.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column seq bigint generated always as identity`.execute(db);
}
