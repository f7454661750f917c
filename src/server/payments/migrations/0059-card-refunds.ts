/**
 * Card refunds through Stripe. A paid link keeps the payment intent it was paid with and what was
 * paid, so that a refund knows what to refund and how much is left of it. A refund is written
 * before Stripe is asked (status `requested`), and its id is the idempotency key of the asking: a
 * request asked again (after a lost answer, or after the server stopped) is the same refund at
 * Stripe. It is recorded on the booking once, when Stripe says it succeeded (its answer or its
 * event, whichever comes first); `failed` leaves the money owed to the customer, for staff.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_links add column payment_intent text, add column paid_minor bigint`.execute(db);
  // Links paid before: their card payment's reference is the payment intent Stripe named.
  await sql`
    update payment_links l set payment_intent = p.reference, paid_minor = p.amount_minor
    from payments p
    where p.id = l.payment_id and l.status = 'paid' and p.reference like 'pi\\_%'`.execute(db);
  await sql`
    create table card_refunds (
      id uuid primary key,
      booking_id uuid not null references bookings (id) on delete cascade,
      link_id uuid not null references payment_links (id) on delete cascade,
      payment_intent text not null,
      amount_minor bigint not null check (amount_minor > 0),
      currency text not null,
      reason text not null check (reason in ('cancelled', 'changed')),
      status text not null default 'requested' check (status in ('requested', 'pending', 'succeeded', 'failed')),
      stripe_refund_id text unique,
      payment_id uuid references payments (id),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      last_error text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index card_refunds_due_idx on card_refunds (next_attempt_at) where status = 'requested'`.execute(db);
  await sql`create index card_refunds_link_idx on card_refunds (link_id)`.execute(db);
  await sql`create index card_refunds_booking_idx on card_refunds (booking_id)`.execute(db);
}
