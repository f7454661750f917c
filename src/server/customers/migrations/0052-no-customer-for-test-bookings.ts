/**
 * A reseller's test booking (bookings.test_mode, 0050) belongs to no customer: an integrator's
 * made-up contacts never become customers, and a real customer's e-mail typed into a test never
 * adds a booking or spending to their record. With no customer, the customers' kept counts and
 * spending (0021, 0026, 0035) pass it by as they pass by a hold made without a contact.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function booking_customer() returns trigger language plpgsql as $$
    begin
      if new.customer_id is null and not new.test_mode and (btrim(new.contact_email) <> '' or btrim(new.contact_name) <> '') then
        new.customer_id := customer_for_contact(new.contact_name, new.contact_email, new.contact_phone, new.contact_language, new.created_at);
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create or replace function booking_customer_when_contact_given() returns trigger language plpgsql as $$
    begin
      if not new.test_mode and (btrim(new.contact_email) <> '' or btrim(new.contact_name) <> '') then
        new.customer_id := customer_for_contact(new.contact_name, new.contact_email, new.contact_phone, new.contact_language, new.updated_at);
      end if;
      return new;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  // 0026's functions would make customers for tests again; nothing to undo in the data.
}
