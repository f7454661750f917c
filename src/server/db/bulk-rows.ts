/**
 * Rows in bulk, for measuring the product at the sizes an operator reaches (the bench's 100,000
 * users and 1,000,000 bookings): SQL the database runs in one statement per table, a quarter of a
 * million rows at a time, where the product's own services would take hours. Kept beside the
 * tables it writes and tested (tests/server/bulk-rows.test.ts: what it writes reads back through
 * the product as the API answers it), so a schema change fails a fast test, not a 15-minute bench.
 * Each builder answers its statements in order, one table each.
 */
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from '../../shared/contract/booking-rules.js';

/** After seeding, the state the product keeps its tables in: the embedded database's housekeeping (maintenance.ts) or a server's autovacuum. */
export const MAINTAIN_SQL = 'vacuum (analyze)';

/** Quotes a string as an SQL literal (the values here are the bench's own, never a user's). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * `count` users after `offset` (bench-N@example.com), one in ten ADMIN and the others STAFF, with
 * the password hash of the user `passwordOf` (so each can sign in with that user's password).
 */
export function usersSql(count: number, offset: number, passwordOf: string): string[] {
  return [
    `
  insert into users (id, email, full_name, password_hash, status, created_at, password_changed_at)
  select gen_random_uuid(), 'bench-' || g || '@example.com', 'Bench User ' || g,
         (select password_hash from users where email = ${literal(passwordOf)}), 'active',
         now() - make_interval(secs => g), now()
  from generate_series(${offset + 1}, ${offset + count}) g`,
    `
  insert into user_roles (user_id, role_id)
  select u.id, r.id from users u cross join roles r
  where r.name = (case when u.email like '%0@example.com' then 'ADMIN' else 'STAFF' end)
    and u.email like 'bench-%' and not exists (select 1 from user_roles x where x.user_id = u.id)`,
  ];
}

/** `count` tours after `offset` (BENCH-N) spread over the three statuses, with prices and a length, as the list shows them. */
export function toursSql(count: number, offset: number): string[] {
  return [
    `
  insert into tours (id, code, title, summary, status, time_zone, currency, duration_days, min_pax, max_pax, booking_cutoff_hours,
                     price_adult_minor, price_child_minor, created_at, updated_at)
  select gen_random_uuid(), 'BENCH-' || g, 'Bench tour ' || g, 'A tour to measure the list with',
         (array['draft', 'published', 'archived'])[1 + g % 3], 'Europe/Berlin', 'EUR', 1 + g % 14, 1, 16, 48,
         100000 + g, 80000 + g, now() - make_interval(secs => g), now() - make_interval(secs => g)
  from generate_series(${offset + 1}, ${offset + count}) g`,
  ];
}

/** A booking reference of the product's alphabet from the row number `g` (an SQL expression; unique per number below 32^8). */
function referenceOf(g: string): string {
  const base = REFERENCE_ALPHABET.length;
  return Array.from({ length: REFERENCE_LENGTH }, (_, k) => `substr(${literal(REFERENCE_ALPHABET)}, 1 + ((${g} / ${base ** k}::bigint) % ${base})::int, 1)`).join(' || ');
}

/** Twenty published tours (BOOK-1 to BOOK-20) with 25 departures each from 1 January 2028, 10,000 seats each. */
export function bookingCatalogueSql(): string[] {
  return [
    `
  insert into tours (id, code, title, summary, status, time_zone, currency, duration_days, min_pax, booking_cutoff_hours, price_adult_minor, price_child_minor, created_at, updated_at)
  select gen_random_uuid(), 'BOOK-' || g, 'Booking bench tour ' || g, '', 'published', 'Europe/Berlin', 'EUR', 3, 1, 0, 100000, 50000, now(), now()
  from generate_series(1, 20) g`,
    `
  insert into departures (id, tour_id, start_date, start_time, starts_at, capacity, status, price_adult_minor, price_child_minor, created_at, updated_at)
  select gen_random_uuid(), t.id, date '2028-01-01' + d, '09:00', ((date '2028-01-01' + d) + time '09:00') at time zone 'Europe/Berlin', 10000, 'open', 100000, 50000, now(), now()
  from tours t cross join generate_series(0, 24) d where t.code like 'BOOK-%'`,
  ];
}

/**
 * `count` bookings after `offset`, each for a customer of its own, spread over the BOOK tours' 500 departures and five statuses
 * (two in five confirmed, a third of those partly or fully paid; holds that never lapse), one adult
 * each, as the API would have written them. The departures' seat counts are left alone: the lists
 * and the reports do not read them.
 */
export function bookingsSql(count: number, offset: number): string[] {
  return [
    // Each booking's customer first, made as the database makes one for a new e-mail (its counts
    // are added by the bookings' trigger as the bookings are written).
    `
  insert into customers (id, name, email, language, created_at, updated_at)
  select md5('customer-' || g)::uuid, 'Bench Guest ' || g, 'guest' || g || '@example.com', 'en', now() - make_interval(secs => g), now() - make_interval(secs => g)
  from generate_series(${offset + 1}, ${offset + count}) g`,
    `
  insert into bookings (id, reference, departure_id, tour_id, start_date, starts_at, status, currency, seats, travellers, total_minor, paid_minor, hold_expires_at,
                        contact_name, contact_email, single_rooms, single_supplement_minor, channel, search_text, created_at, updated_at, confirmed_at, customer_id)
  select md5('booking-' || g)::uuid, ${referenceOf('g')}, d.id, d.tour_id, d.start_date, d.starts_at, s.status, 'EUR', 1, 1, 100000,
         case when s.status = 'confirmed' then (g % 3) * 50000 else 0 end,
         case when s.status = 'held' then now() + interval '10 years' end,
         'Bench Guest ' || g, 'guest' || g || '@example.com', 0, 0, 'direct',
         lower(${referenceOf('g')} || ' bench guest ' || g || ' guest' || g || '@example.com'),
         now() - make_interval(secs => g), now() - make_interval(secs => g),
         case when s.status = 'confirmed' then now() - make_interval(secs => g) end,
         md5('customer-' || g)::uuid
  from generate_series(${offset + 1}, ${offset + count}) g
  cross join lateral (select (array['confirmed', 'confirmed', 'held', 'cancelled', 'waitlisted'])[1 + g % 5] as status) s
  join (select id, tour_id, start_date, starts_at, row_number() over (order by id) - 1 as n from departures
        where tour_id in (select id from tours where code like 'BOOK-%')) d on d.n = g % 500`,
    `
  insert into booking_travellers (id, booking_id, position, category, first_name, last_name, notes, unit_price_minor)
  select md5('traveller-' || g)::uuid, md5('booking-' || g)::uuid, 0, 'ADULT', 'Guest', 'G' || g, '', 100000
  from generate_series(${offset + 1}, ${offset + count}) g`,
    // Bookings made over the years had their confirmations sent when they were made: the database
    // queued one for each confirmed booking written above, and a server started on these rows would
    // spend the bench writing hundreds of thousands of vouchers beside the loads it measures.
    `
  update messages m set status = 'sent', attempts = 1, sent_at = m.created_at, to_address = b.contact_email, subject = 'Your booking ' || b.reference || ' is confirmed'
  from generate_series(${offset + 1}, ${offset + count}) g
  join bookings b on b.id = md5('booking-' || g)::uuid
  where m.booking_id = b.id and m.status = 'queued'`,
  ];
}

/**
 * The OCTO bench's catalogue: OCTO-SMALL with 100 departures, OCTO-BIG with 10,000 and nine more
 * tours of 10,000 each (100,100 departures in all), one a day from 1 January 2028 at 09:00 Berlin
 * time, 10,000 seats each; and a reseller, Bench Reseller (commission 10 %), with one API key whose
 * SHA-256 is `keyHash` (the key itself is the bench's). Running it again adds nothing.
 */
export function octoCatalogueSql(keyHash: string, size: { small: number; big: number; fill: number } = { small: 100, big: 10_000, fill: 9 }): string[] {
  return [
    `
  insert into tours (id, code, title, summary, status, time_zone, currency, duration_days, min_pax, booking_cutoff_hours, price_adult_minor, price_child_minor, created_at, updated_at)
  select gen_random_uuid(), code, 'OCTO bench tour ' || code, '', 'published', 'Europe/Berlin', 'EUR', 1, 1, 0, 100000, 50000, now(), now()
  from (select 'OCTO-SMALL' as code union all select 'OCTO-BIG' union all select 'OCTO-FILL-' || g from generate_series(1, ${size.fill}) g) codes
  on conflict (code) do nothing`,
    `
  insert into departures (id, tour_id, start_date, start_time, starts_at, capacity, status, price_adult_minor, price_child_minor, created_at, updated_at)
  select gen_random_uuid(), t.id, date '2028-01-01' + d, '09:00', ((date '2028-01-01' + d) + time '09:00') at time zone 'Europe/Berlin', 10000, 'open', 100000, 50000, now(), now()
  from tours t cross join lateral generate_series(0, case when t.code = 'OCTO-SMALL' then ${size.small - 1} else ${size.big - 1} end) d
  where t.code like 'OCTO-%'
  on conflict (tour_id, start_date, start_time) do nothing`,
    `
  insert into resellers (id, name, active, commission_bp, tour_ids, notes, created_at, updated_at)
  values ('00000000-0000-4000-8000-00000000b0b0', 'Bench Reseller', true, 1000, null, '', now(), now())
  on conflict (id) do nothing`,
    `
  insert into reseller_api_keys (id, reseller_id, name, key_prefix, key_hash, created_at)
  values ('00000000-0000-4000-8000-00000000b0b1', '00000000-0000-4000-8000-00000000b0b0', 'Bench', 'rsk_bench000', ${literal(keyHash)}, now())
  on conflict (id) do nothing`,
  ];
}

/** The local date every DAY tour departs on: the day sheet the bench measures (200 departures that day). */
export const DAY_SHEET_DATE = '2029-06-01';

/**
 * The day of the tour's bench catalogue: 200 two-day tours (DAY-1 to DAY-200, Berlin time), each
 * departing on DAY_SHEET_DATE and on 19 later dates three days apart (4,000 departures), each tour
 * with a hotel for its first night (cost per night), a coach for both days (cost per departure) and
 * a first itinerary day with dinner; and `bookings` confirmed bookings of an adult and a child
 * spread evenly over those departures, as the API would have written them (a customer each, the
 * departures' seat counts kept).
 */
export function dayOfTourSql(bookings: number): string[] {
  return [
    `
  insert into tours (id, code, title, summary, status, time_zone, currency, duration_days, min_pax, booking_cutoff_hours, price_adult_minor, price_child_minor, created_at, updated_at)
  select md5('day-tour-' || g)::uuid, 'DAY-' || g, 'Day sheet bench tour ' || g, '', 'published', 'Europe/Berlin', 'EUR', 2, 1, 0, 100000, 50000, now(), now()
  from generate_series(1, 200) g`,
    `
  insert into departures (id, tour_id, start_date, start_time, starts_at, capacity, status, price_adult_minor, price_child_minor, created_at, updated_at)
  select md5('day-departure-' || g || '-' || k)::uuid, md5('day-tour-' || g)::uuid, date '${DAY_SHEET_DATE}' + 3 * k, '09:00',
         ((date '${DAY_SHEET_DATE}' + 3 * k) + time '09:00') at time zone 'Europe/Berlin', 10000, 'open', 100000, 50000, now(), now()
  from generate_series(1, 200) g cross join generate_series(0, 19) k`,
    `
  insert into tour_components (id, tour_id, kind, name, supplier, day_from, day_to, inclusion, cost_minor, cost_basis, position)
  select gen_random_uuid(), md5('day-tour-' || g)::uuid, c.kind, c.name, c.supplier || (g % 10), c.day_from, c.day_to, 'included', c.cost, c.basis, c.position
  from generate_series(1, 200) g
  cross join (values ('accommodation', 'Lodge', 'Lodge ', 1, 1, 6000, 'per_night', 0), ('transport', 'Coach', 'Coaches ', 1, 2, 90000, 'per_departure', 1)) as c (kind, name, supplier, day_from, day_to, cost, basis, position)`,
    `
  insert into tour_days (tour_id, day_number, title, overnight, dinner)
  select md5('day-tour-' || g)::uuid, 1, 'Arrival', 'Lodge ' || (g % 10), true
  from generate_series(1, 200) g`,
    `
  insert into customers (id, name, email, language, created_at, updated_at)
  select md5('day-customer-' || g)::uuid, 'Day Guest ' || g, 'day.guest' || g || '@example.com', 'en', now() - make_interval(secs => g), now() - make_interval(secs => g)
  from generate_series(1, ${bookings}) g`,
    `
  insert into bookings (id, reference, departure_id, tour_id, start_date, starts_at, status, currency, seats, travellers, total_minor, paid_minor,
                        contact_name, contact_email, single_rooms, single_supplement_minor, channel, search_text, created_at, updated_at, confirmed_at, customer_id)
  select md5('day-booking-' || g)::uuid, ${referenceOf('(50000000 + g)')}, d.id, d.tour_id, d.start_date, d.starts_at, 'confirmed', 'EUR', 2, 2, 150000, 0,
         'Day Guest ' || g, 'day.guest' || g || '@example.com', 0, 0, 'direct',
         lower(${referenceOf('(50000000 + g)')} || ' day guest ' || g || ' day.guest' || g || '@example.com'),
         now() - make_interval(secs => g), now() - make_interval(secs => g), now() - make_interval(secs => g), md5('day-customer-' || g)::uuid
  from generate_series(1, ${bookings}) g
  join departures d on d.id = md5('day-departure-' || (1 + g % 200) || '-' || ((g / 200) % 20))::uuid`,
    `
  insert into booking_travellers (id, booking_id, position, category, first_name, last_name, notes, unit_price_minor)
  select md5('day-traveller-' || g || '-' || p)::uuid, md5('day-booking-' || g)::uuid, p, (array['ADULT', 'CHILD'])[p + 1], 'Guest', 'D' || g, '', (array[100000, 50000])[p + 1]
  from generate_series(1, ${bookings}) g cross join generate_series(0, 1) p`,
    `
  update departures d set seats_confirmed = x.seats
  from (select departure_id, sum(seats)::int as seats from bookings where id in (select md5('day-booking-' || g)::uuid from generate_series(1, ${bookings}) g) group by 1) x
  where d.id = x.departure_id`,
    // As for the bench's other bookings: their confirmations went out when they were made.
    `
  update messages m set status = 'sent', attempts = 1, sent_at = m.created_at, to_address = b.contact_email, subject = 'Your booking ' || b.reference || ' is confirmed'
  from generate_series(1, ${bookings}) g
  join bookings b on b.id = md5('day-booking-' || g)::uuid
  where m.booking_id = b.id and m.status = 'queued'`,
  ];
}

/**
 * A resource's schedule at two sizes: SCHED, a one-day tour (Berlin time) departing every day from
 * 1 January 2030 (`big` + 1 departures), and two guides: Bench guide small, on the first `small`
 * departures, and Bench guide big, on the first `big`, as the API assigns them (the local day's
 * hours as the span). The last departure is free for the conflict check's attempts.
 */
export function resourceScheduleSql(small: number, big: number): string[] {
  return [
    `
  insert into tours (id, code, title, summary, status, time_zone, currency, duration_days, min_pax, booking_cutoff_hours, price_adult_minor, created_at, updated_at)
  values (md5('sched-tour')::uuid, 'SCHED', 'Schedule bench tour', '', 'published', 'Europe/Berlin', 'EUR', 1, 1, 0, 100000, now(), now())`,
    `
  insert into departures (id, tour_id, start_date, start_time, starts_at, capacity, status, price_adult_minor, created_at, updated_at)
  select md5('sched-departure-' || k)::uuid, md5('sched-tour')::uuid, date '2030-01-01' + k, '09:00', ((date '2030-01-01' + k) + time '09:00') at time zone 'Europe/Berlin', 20, 'open', 100000, now(), now()
  from generate_series(0, ${big}) k`,
    `
  insert into resources (id, kind, name, created_at, updated_at)
  values (md5('sched-guide-small')::uuid, 'guide', 'Bench guide small', now(), now()), (md5('sched-guide-big')::uuid, 'guide', 'Bench guide big', now(), now())`,
    `
  insert into assignments (id, departure_id, resource_id, day_from, day_to, from_date, to_date, span, created_at)
  select gen_random_uuid(), md5('sched-departure-' || k)::uuid, md5('sched-guide-' || r.size)::uuid, 1, 1, date '2030-01-01' + k, date '2030-01-01' + k,
         tstzrange((date '2030-01-01' + k)::timestamp at time zone 'Europe/Berlin', (date '2030-01-01' + k + 1)::timestamp at time zone 'Europe/Berlin', '[)'), now()
  from (values ('small', ${small}), ('big', ${big})) as r (size, count)
  cross join lateral generate_series(0, r.count - 1) k`,
  ];
}
