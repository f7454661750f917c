/**
 * Messages to customers: their templates (a row only once staff change a kind: until then the
 * texts the product ships) and the messages themselves, which are also the queue they are sent
 * from.
 *
 * A message is written in the transaction of its event, by triggers on bookings and payments: a
 * booking becoming confirmed or cancelled, a payment or refund recorded. Whatever writes the
 * change (a clerk, a flow, a seed), the message is queued with it or not at all. Each is keyed by
 * its booking, kind and event (`event_key`: 'confirmed', 'cancelled', the payment's id, a
 * reminder's place), unique, so an event queues one message however often it is seen. None is
 * queued for a reseller's booking (the reseller speaks to its customers), a contact without an
 * e-mail, an erased customer, or a kind that is switched off. The times are the change's own
 * (the booking's updated_at, the payment's created_at): the server's clock, not the database's.
 */
import { sql, type Kysely } from 'kysely';

/** Rows of `changes` (bookings, with the event's kind and key) queued as messages, when the customer may hear of them. */
function queueSql(changes: string): string {
  return `
    insert into messages (id, booking_id, customer_id, kind, event_key, language, next_attempt_at, created_at)
    select gen_random_uuid(), c.booking_id, b.customer_id, c.kind, c.event_key, cu.language, c.at, c.at
    from (${changes}) c
    join bookings b on b.id = c.booking_id
    join customers cu on cu.id = b.customer_id
    where b.reseller_id is null and btrim(b.contact_email) <> '' and cu.erased_at is null
      and coalesce((select t.enabled from message_templates t where t.kind = c.kind), true)
    order by c.booking_id, c.kind
    on conflict (booking_id, kind, event_key) do nothing;`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table message_templates (
      kind text primary key check (kind in ('booking_confirmed', 'payment_received', 'balance_reminder', 'departure_reminder', 'booking_cancelled')),
      enabled boolean not null,
      texts jsonb not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table messages (
      id uuid primary key,
      seq bigint generated always as identity,
      booking_id uuid not null references bookings (id) on delete cascade,
      customer_id uuid not null,
      kind text not null check (kind in ('booking_confirmed', 'payment_received', 'balance_reminder', 'departure_reminder', 'booking_cancelled')),
      event_key text not null,
      language text not null,
      to_address text not null default '',
      subject text not null default '',
      status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz not null,
      sent_at timestamptz,
      unique (booking_id, kind, event_key)
    )`.execute(db);
  await sql`create index messages_due_idx on messages (next_attempt_at) where status = 'queued'`.execute(db);
  await sql`create index messages_customer_idx on messages (customer_id, created_at)`.execute(db);

  await sql`
    create function queue_booking_messages() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(queueSql(`select id as booking_id, 'booking_confirmed' as kind, 'confirmed' as event_key, updated_at as at from inserted where status = 'confirmed'`))}
      else
        ${sql.raw(
          queueSql(`
          select n.id as booking_id, case when n.status = 'confirmed' then 'booking_confirmed' else 'booking_cancelled' end as kind,
                 case when n.status = 'confirmed' then 'confirmed' else 'cancelled' end as event_key, n.updated_at as at
          from inserted n join deleted o on o.id = n.id
          where n.status in ('confirmed', 'cancelled') and o.status <> n.status`),
        )}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger bookings_messages_insert after insert on bookings referencing new table as inserted for each statement execute function queue_booking_messages()`.execute(db);
  await sql`create trigger bookings_messages_update after update on bookings referencing old table as deleted new table as inserted for each statement execute function queue_booking_messages()`.execute(db);
  await sql`
    create function queue_payment_messages() returns trigger language plpgsql as $$
    begin
      ${sql.raw(queueSql(`select booking_id, 'payment_received' as kind, id::text as event_key, created_at as at from inserted`))}
      return null;
    end $$`.execute(db);
  await sql`create trigger payments_messages_insert after insert on payments referencing new table as inserted for each statement execute function queue_payment_messages()`.execute(db);

  // What the reminders job looks for: confirmed bookings by their start (departure reminders); the
  // balances it reads through bookings_overdue_idx (migration 0020).
  await sql`create index bookings_confirmed_starts_idx on bookings (starts_at) where status = 'confirmed' and reseller_id is null`.execute(db);
}
