/**
 * A new kind of message, 'booking_changed': a confirmed booking moved to another departure or with
 * other travellers, told to its customer with the new voucher. The change flow queues it in its own
 * transaction, once per change (its event key is the moment of the change), with what the booking
 * was before in `change` (its start and zone, its travellers by category, its total), from which the
 * message says what changed in the customer's language.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = ['booking_confirmed', 'payment_received', 'balance_reminder', 'departure_reminder', 'booking_cancelled', 'payment_link', 'booking_changed'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const kinds = sql.raw(KINDS.map((kind) => `'${kind}'`).join(', '));
  await sql`alter table message_templates drop constraint message_templates_kind_check`.execute(db);
  await sql`alter table message_templates add constraint message_templates_kind_check check (kind in (${kinds}))`.execute(db);
  await sql`alter table messages drop constraint messages_kind_check`.execute(db);
  await sql`alter table messages add constraint messages_kind_check check (kind in (${kinds}))`.execute(db);
  await sql`alter table messages add column change jsonb`.execute(db);
}
