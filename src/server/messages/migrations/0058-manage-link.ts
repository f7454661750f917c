/**
 * A new kind of message, 'manage_link': the link to a customer's own booking, sent when the customer
 * asks for it again in the shop (by the booking's reference and their last name) or when staff send
 * it from the booking's page.
 */
import { sql, type Kysely } from 'kysely';

const KINDS = ['booking_confirmed', 'payment_received', 'balance_reminder', 'departure_reminder', 'booking_cancelled', 'payment_link', 'booking_changed', 'manage_link'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const kinds = sql.raw(KINDS.map((kind) => `'${kind}'`).join(', '));
  await sql`alter table message_templates drop constraint message_templates_kind_check`.execute(db);
  await sql`alter table message_templates add constraint message_templates_kind_check check (kind in (${kinds}))`.execute(db);
  await sql`alter table messages drop constraint messages_kind_check`.execute(db);
  await sql`alter table messages add constraint messages_kind_check check (kind in (${kinds}))`.execute(db);
}
