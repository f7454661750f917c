/**
 * Gift cards bought in the shop: an order is written before Stripe is asked for its payment page,
 * so that a paid event for the page is known as ours even if the server stopped before it kept
 * the page's address. The card is issued when the payment arrives, once: the paid event claims
 * the order's row (open to paid) in the transaction that issues the card, so a second event, or
 * the same event on another instance, finds it paid and issues nothing.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table gift_card_orders (
      id uuid primary key,
      currency char(3) not null,
      amount_minor bigint not null check (amount_minor > 0),
      buyer_name text not null,
      buyer_email text not null,
      recipient_name text,
      recipient_email text,
      message text,
      language text not null check (language in ('en', 'de')),
      -- The address that ordered: the shop's limits count an address's orders.
      client text not null,
      session_id text,
      url text,
      status text not null default 'open' check (status in ('open', 'paid')),
      gift_card_id uuid references gift_cards (id) on delete set null,
      payment_intent text,
      created_at timestamptz not null,
      paid_at timestamptz
    )`.execute(db);
  await sql`create index gift_card_orders_client_idx on gift_card_orders (client, created_at)`.execute(db);
  await sql`create unique index gift_card_orders_session_idx on gift_card_orders (session_id) where session_id is not null`.execute(db);
  // A card names the language it is written in, for its e-mail and its PDF (staff's cards too).
  await sql`alter table gift_cards add column language text not null default 'en' check (language in ('en', 'de'))`.execute(db);
}
