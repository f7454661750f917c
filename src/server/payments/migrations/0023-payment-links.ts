/**
 * Payment links: a card payment page (a Stripe Checkout Session) made for an amount of a
 * booking's balance, and what became of it. A link is paid at most once: the event that says so
 * claims the row (`status` from 'open' to 'paid', under the row's lock) in the transaction that
 * records the payment, so a repeated or concurrent event finds it paid and records nothing.
 *
 * Money that arrived is recorded even when it is more than the balance (the customer paid twice,
 * or a clerk recorded the same payment by hand): the booking's balance goes below zero and reads
 * as owed to the customer, so the check that a payment never exceeds the total goes; the office's
 * own payment route still refuses more than the balance.
 *
 * A link e-mailed to the customer names its message (`message_id`, unique): the message that
 * carries it makes it once, however often its sending is tried. The messages a link is sent in
 * gain their own kind, 'payment_link'.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = ['booking_confirmed', 'payment_received', 'balance_reminder', 'departure_reminder', 'booking_cancelled', 'payment_link'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payment_links (
      id uuid primary key,
      seq bigint generated always as identity,
      booking_id uuid not null references bookings (id) on delete cascade,
      amount_minor bigint not null check (amount_minor > 0),
      currency text not null,
      provider text not null default 'stripe',
      session_id text not null unique,
      url text not null,
      status text not null default 'open' check (status in ('open', 'paid')),
      expires_at timestamptz not null,
      message_id uuid unique,
      payment_id uuid references payments (id),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null,
      paid_at timestamptz
    )`.execute(db);
  await sql`create index payment_links_booking_idx on payment_links (booking_id, seq)`.execute(db);
  // The check was written without a name: found by what it says.
  await sql`
    do $$
    declare name text;
    begin
      select c.conname into name from pg_constraint c
      where c.conrelid = 'bookings'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%paid_minor <= total_minor%';
      if name is not null then execute format('alter table bookings drop constraint %I', name); end if;
    end $$`.execute(db);
  const kinds = sql.raw(KINDS.map((kind) => `'${kind}'`).join(', '));
  await sql`alter table message_templates drop constraint message_templates_kind_check`.execute(db);
  await sql`alter table message_templates add constraint message_templates_kind_check check (kind in (${kinds}))`.execute(db);
  await sql`alter table messages drop constraint messages_kind_check`.execute(db);
  await sql`alter table messages add constraint messages_kind_check check (kind in (${kinds}))`.execute(db);
}
