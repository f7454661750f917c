/** A payment may be made with a gift card (method gift_card), and names the card it debited. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop constraint payments_method_check`.execute(db);
  await sql`alter table payments add constraint payments_method_check check (method in ('card', 'bank_transfer', 'cash', 'other', 'gift_card'))`.execute(db);
  await sql`alter table payments add column gift_card_id uuid references gift_cards (id)`.execute(db);
  await sql`alter table payments add constraint payments_gift_card_check check ((method = 'gift_card') = (gift_card_id is not null))`.execute(db);
  await sql`create index payments_gift_card_idx on payments (gift_card_id) where gift_card_id is not null`.execute(db);
}
