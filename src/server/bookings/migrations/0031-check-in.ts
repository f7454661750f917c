/**
 * Check-in on the day. Every booking gets a check-in code the database makes when the row is
 * written, whoever writes it (a clerk, a reseller, an import): 13 characters of Crockford's base32
 * from 65 random bits of gen_random_uuid() (PostgreSQL's strong random source), printed on the
 * voucher and in its QR code; it cannot be guessed or derived from the reference. Travellers gain
 * when they were checked in, or that they did not show.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function new_check_in_code() returns text language plpgsql volatile as $$
    declare
      -- Bytes 1-6 and 10-12 of two version 4 uuids are random throughout (the version and variant bits lie outside them): 72 bits.
      raw bytea := substring(uuid_send(gen_random_uuid()) from 1 for 6) || substring(uuid_send(gen_random_uuid()) from 10 for 3);
      alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
      code text := '';
      value int;
    begin
      for k in 0..12 loop
        value := 0;
        for j in 0..4 loop
          value := value * 2 + get_bit(raw, k * 5 + j);
        end loop;
        code := code || substr(alphabet, value + 1, 1);
      end loop;
      return code;
    end $$`.execute(db);
  // Added empty, then filled, then required: the table is not rewritten by a volatile default.
  await sql`alter table bookings add column check_in_code text`.execute(db);
  await sql`alter table bookings alter column check_in_code set default new_check_in_code()`.execute(db);
  await sql`update bookings set check_in_code = new_check_in_code() where check_in_code is null`.execute(db);
  await sql`alter table bookings alter column check_in_code set not null`.execute(db);
  await sql`create unique index bookings_check_in_code_idx on bookings (check_in_code)`.execute(db);
  await sql`alter table booking_travellers add column checked_in_at timestamptz`.execute(db);
  await sql`alter table booking_travellers add column no_show boolean not null default false`.execute(db);
  // The guide's role checks travellers in.
  await sql`insert into role_permissions (role_id, permission) select id, 'checkin.create' from roles where name = 'GUIDE' on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table booking_travellers drop column no_show`.execute(db);
  await sql`alter table booking_travellers drop column checked_in_at`.execute(db);
  await sql`alter table bookings drop column check_in_code`.execute(db);
  await sql`drop function new_check_in_code()`.execute(db);
}
