/**
 * Gift cards and their ledger. A card's balance is kept on its row (never below 0, checked by the
 * database too) and changed only with a ledger entry in the same transaction, under the row's
 * lock, so two bookings paying from one card at once cannot take it below 0 (a payment made with a
 * card names it: migration 0066). FINANCE issues and adjusts cards, SALES sees them; ADMIN holds every permission.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table gift_cards (
      id uuid primary key,
      code text not null unique check (code ~ '^[0-9A-HJKMNP-TV-Z]{16}$'),
      currency char(3) not null,
      initial_minor bigint not null check (initial_minor > 0),
      balance_minor bigint not null check (balance_minor >= 0),
      expires_at timestamptz,
      voided_at timestamptz,
      recipient_name text,
      recipient_email text,
      message text,
      sold_online boolean not null default false,
      search_text text not null,
      created_at timestamptz not null,
      created_by uuid references users (id) on delete set null
    )`.execute(db);
  await sql`create index gift_cards_created_idx on gift_cards (created_at, id)`.execute(db);
  await sql`
    create table gift_card_transactions (
      id uuid primary key,
      -- The ledger's order: entries made in one instant keep the order they were made in.
      seq bigint generated always as identity,
      gift_card_id uuid not null references gift_cards (id) on delete cascade,
      kind text not null check (kind in ('issue', 'redeem', 'refund', 'adjust', 'void')),
      amount_minor bigint not null,
      balance_after_minor bigint not null check (balance_after_minor >= 0),
      booking_id uuid references bookings (id) on delete set null,
      payment_id uuid,
      by_user uuid references users (id) on delete set null,
      by_label text,
      note text,
      at timestamptz not null
    )`.execute(db);
  await sql`create index gift_card_transactions_card_idx on gift_card_transactions (gift_card_id, seq)`.execute(db);
  await sql`create index gift_card_transactions_at_idx on gift_card_transactions (at)`.execute(db);

  await sql`
    insert into role_permissions (role_id, permission)
    select r.id, p.permission from roles r
    join (values ('FINANCE', 'giftcards.read'), ('FINANCE', 'giftcards.manage'), ('SALES', 'giftcards.read')) as p (role, permission) on p.role = r.name
    on conflict do nothing`.execute(db);
}
