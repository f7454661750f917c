/**
 * Messages about a gift card rather than a booking: 'gift_card' (the card with its PDF, to its
 * recipient, or to its buyer when no recipient address was given) and 'gift_card_bought' (the
 * buyer's receipt when the card went to someone else). Such a message names its card and no
 * booking or customer; it is queued once per card and kind (the unique index), in the transaction
 * that issued the card, and sent by the same sender, with the same tries, as every other message.
 * Its texts are the product's own (no template: the templates' placeholders are a booking's).
 */
import { sql, type Kysely } from 'kysely';

const KINDS = ['booking_confirmed', 'payment_received', 'balance_reminder', 'departure_reminder', 'booking_cancelled', 'payment_link', 'booking_changed', 'manage_link', 'gift_card', 'gift_card_bought'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const kinds = sql.raw(KINDS.map((kind) => `'${kind}'`).join(', '));
  await sql`alter table messages drop constraint messages_kind_check`.execute(db);
  await sql`alter table messages add constraint messages_kind_check check (kind in (${kinds}))`.execute(db);
  await sql`alter table messages alter column booking_id drop not null`.execute(db);
  await sql`alter table messages alter column customer_id drop not null`.execute(db);
  await sql`alter table messages add column gift_card_id uuid references gift_cards (id) on delete cascade`.execute(db);
  await sql`alter table messages add constraint messages_subject_check check ((booking_id is null) = (gift_card_id is not null) and (customer_id is null) = (gift_card_id is not null))`.execute(db);
  await sql`create unique index messages_gift_card_once on messages (gift_card_id, kind) where gift_card_id is not null`.execute(db);
}
