/**
 * Bookings made by resellers over OCTO: channel 'reseller', the reseller and the key that made it,
 * the reseller's own reference, the OCTO uuid it chose (one booking per uuid and reseller, so a
 * repeated reserve makes nothing new, on any instance) and what the reseller owes (the total less
 * its commission, kept at the rate of the sale: a later change of the reseller's terms changes no
 * booking made before) and the contact as the reseller gave it (first and last name, locales,
 * country: OCTO answers them back as they were sent). The audit log names the reseller and key as the actor of their calls.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bookings
      drop constraint bookings_channel_check,
      add constraint bookings_channel_check check (channel in ('direct', 'phone', 'email', 'agent', 'walk_in', 'reseller')),
      add column reseller_id uuid references resellers (id),
      add column reseller_key_id uuid,
      add column reseller_reference text,
      add column octo_uuid uuid,
      add column net_minor bigint check (net_minor >= 0),
      add column reseller_commission_bp integer check (reseller_commission_bp between 0 and 10000),
      add column reseller_contact jsonb,
      add constraint bookings_reseller_channel check ((channel = 'reseller') = (reseller_id is not null))`.execute(db);
  await sql`create unique index bookings_octo_uuid_idx on bookings (reseller_id, octo_uuid) where octo_uuid is not null`.execute(db);
  await sql`create index bookings_reseller_created_at_idx on bookings (reseller_id, created_at, id) where reseller_id is not null`.execute(db);
  await sql`create index bookings_reseller_reference_idx on bookings (reseller_id, reseller_reference) where reseller_reference is not null`.execute(db);
  await sql`create index bookings_reseller_start_date_idx on bookings (reseller_id, start_date) where reseller_id is not null`.execute(db);
  await sql`alter table audit_log add column actor_label text`.execute(db);
  // The key of confirmed bookings' public voucher links (voucher-links.ts), made once here so that
  // no request ever writes it: every instance signs with the same one.
  await sql`insert into settings (key, value) values ('voucher_link_secret', ${randomBytes(32).toString('base64url')}) on conflict (key) do nothing`.execute(db);
}
