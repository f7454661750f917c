/**
 * Customers: every booking belongs to one, found by the contact's e-mail (trimmed, any case) or made
 * for it; the list searches and sorts them, a customer's counts and money follow their bookings,
 * staff change their details and merge two into one. Runs on the embedded database and, with
 * TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Customer } from '../../src/shared/contract/customers.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey, octoAs } from '../helpers/octo.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let staff: ReturnType<typeof as>;
let tour: Tour;
let departure: Departure;
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp();
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(staff), { status: 'published', timeZone: 'Europe/Berlin', bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: null, INFANT: null } });
  departure = await createDeparture(viaInject(staff), tour.id, { capacity: 200 });
});
afterAll(async () => t?.close());

type List = { data: Customer[]; total: number };

async function book(contact: { name: string; email: string; phone?: string | null; language?: 'en' | 'de' }, status: 'held' | 'confirmed' = 'confirmed'): Promise<Booking> {
  const made = await staff({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status, contact, travellers: [{ category: 'ADULT', firstName: 'Ann', lastName: 'Lee' }] } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Booking>();
}
const customer = async (id: string | null) => (await staff({ method: 'GET', url: `/api/customers/${id}` })).json<Customer>();
const list = async (query: string) => (await staff({ method: 'GET', url: `/api/customers?${query}` })).json<List>();

describe('a booking’s customer', () => {
  it('is found by the contact’s e-mail, whatever its case; the contact as typed stays on the booking', async () => {
    const first = await book({ name: 'Maria Lopez', email: `maria.${run}@example.test`, phone: '+34 600 111 222', language: 'de' });
    t.clock.advance(1_000);
    const again = await book({ name: 'M. Lopez', email: `MARIA.${run}@Example.TEST` });
    expect(again.customerId).toBe(first.customerId);
    expect(again.contact).toMatchObject({ name: 'M. Lopez', email: `MARIA.${run}@Example.TEST` });
    const maria = await customer(first.customerId);
    expect(maria).toMatchObject({ name: 'Maria Lopez', email: `maria.${run}@example.test`, phone: '+34 600 111 222', language: 'de', bookingCount: 2, marketingConsent: false, erasedAt: null });
    expect(maria.firstBookingAt).toBe(first.createdAt);
    expect(maria.lastBookingAt).toBe(again.createdAt);
    // The customer's bookings, through the bookings list.
    const theirs = (await staff({ method: 'GET', url: `/api/bookings?customerId=${maria.id}` })).json<{ data: Booking[]; total: number }>();
    expect(theirs.data.map((booking) => booking.id).sort()).toEqual([first.id, again.id].sort());
    expect(theirs.total).toBe(2);
  });

  it('is made once for one new e-mail booked twice at the same moment', async () => {
    const email = `twins.${run}@example.test`;
    const [one, two] = await Promise.all([book({ name: 'Twin One', email }), book({ name: 'Twin Two', email: email.toUpperCase() })]);
    expect(one.customerId).toBe(two.customerId);
    expect((await list(`q=twins.${run}`)).total).toBe(1);
    expect((await customer(one.customerId)).bookingCount).toBe(2);
  });

  it('takes DEFAULT_LANGUAGE when the booking names none', async () => {
    const made = await book({ name: 'No Language', email: `nolang.${run}@example.test` });
    expect((await customer(made.customerId)).language).toBe('en');
  });

  it('counts bookings that are not cancelled or expired, and what was paid less refunds per currency', async () => {
    const email = `counted.${run}@example.test`;
    const kept = await book({ name: 'Counted', email });
    const dropped = await book({ name: 'Counted', email });
    expect((await staff({ method: 'POST', url: `/api/bookings/${kept.id}/payments`, payload: { kind: 'payment', amountMinor: 6_000, method: 'card' } })).statusCode).toBe(201);
    expect((await staff({ method: 'POST', url: `/api/bookings/${dropped.id}/payments`, payload: { kind: 'payment', amountMinor: 10_000, method: 'cash' } })).statusCode).toBe(201);
    const cancelled = await staff({ method: 'POST', url: `/api/bookings/${dropped.id}/cancel`, payload: { reason: 'Changed plans', feeMinor: 2_000 } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await staff({ method: 'POST', url: `/api/bookings/${dropped.id}/payments`, payload: { kind: 'refund', amountMinor: 8_000, method: 'cash' } })).statusCode).toBe(201);
    const counted = await customer(kept.customerId);
    expect(counted.bookingCount).toBe(1);
    expect(counted.spent).toEqual([{ currency: tour.currency, amountMinor: 6_000 + 2_000 }]);
  });

  it('of a reseller’s hold without a contact is nobody until the confirmation gives one, which finds or makes the customer', async () => {
    const { key } = await createResellerWithKey(staff);
    const octo = octoAs(t.app, key);
    const reserve = async () => {
      const held = await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] });
      expect(held.statusCode, held.body).toBe(200);
      return held.json<{ uuid: string; supplierReference: string }>();
    };
    const bookingOf = async (reference: string) => (await staff({ method: 'GET', url: `/api/bookings?q=${reference}` })).json<{ data: Booking[] }>().data[0]!;
    const before = (await list('')).total;

    const fresh = await reserve();
    expect((await bookingOf(fresh.supplierReference)).customerId).toBeNull();
    expect((await list('')).total).toBe(before);
    expect((await octo('POST', `/bookings/${fresh.uuid}/confirm`, { contact: { fullName: 'Kai Tanaka', firstName: 'Kai', lastName: 'Tanaka', emailAddress: `kai.${run}@example.test` } })).statusCode).toBe(200);
    const made = (await bookingOf(fresh.supplierReference)).customerId;
    expect(await customer(made)).toMatchObject({ name: 'Kai Tanaka', email: `kai.${run}@example.test`, bookingCount: 1 });

    // A returning customer: the confirmation finds the one who has the e-mail (any case).
    const maria = (await list(`q=maria.${run}`)).data[0]!;
    const returning = await reserve();
    expect((await octo('POST', `/bookings/${returning.uuid}/confirm`, { contact: { fullName: 'Maria Lopez', firstName: 'Maria', lastName: 'Lopez', emailAddress: `Maria.${run}@example.test` } })).statusCode).toBe(200);
    expect((await bookingOf(returning.supplierReference)).customerId).toBe(maria.id);
    expect((await customer(maria.id)).bookingCount).toBe(maria.bookingCount + 1);
    expect((await list('')).total).toBe(before + 1);
  });
});

describe('the customers list', () => {
  it('searches name, e-mail and phone in any case, and sorts by bookings made and the last booking', async () => {
    const a = await book({ name: `Zed Quill ${run}`, email: `zq.${run}@example.test`, phone: '+44 20 7946 0018' });
    t.clock.advance(1_000);
    const b = await book({ name: `Abe Quill ${run}`, email: `aq.${run}@example.test` });
    await book({ name: `Abe Quill ${run}`, email: `aq.${run}@example.test` });
    const quills = await list(`q=QUILL ${run}&sort=name`);
    expect(quills.data.map((one) => one.id)).toEqual([b.customerId, a.customerId]);
    expect(quills.total).toBe(2);
    expect((await list('q=7946 0018')).data.map((one) => one.id)).toEqual([a.customerId]);
    expect((await list(`q=ZQ.${run}@EXAMPLE`)).data.map((one) => one.id)).toEqual([a.customerId]);
    const byCount = await list(`q=quill ${run}&sort=bookingCount&order=DESC`);
    expect(byCount.data.map((one) => one.bookingCount)).toEqual([2, 1]);
    const byLast = await list(`sort=lastBookingAt&order=DESC&pageSize=1`);
    expect(byLast.data[0]!.id).toBe(b.customerId);
    // Unsearched totals are kept counts, and agree with a count of the table.
    const all = await list('pageSize=1');
    const counted = await t.app.db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(all.total).toBe(Number(counted.n));
  });

  it('filters by marketing consent, with its kept total', async () => {
    const made = await book({ name: 'Consenting', email: `consent.${run}@example.test` });
    const before = (await list('marketingConsent=true')).total;
    expect((await staff({ method: 'PATCH', url: `/api/customers/${made.customerId}`, payload: { marketingConsent: true } })).statusCode).toBe(200);
    const after = await list('marketingConsent=true&pageSize=100');
    expect(after.total).toBe(before + 1);
    expect(after.data.every((one) => one.marketingConsent)).toBe(true);
    expect(after.data.map((one) => one.id)).toContain(made.customerId);
  });
});

describe('changing a customer', () => {
  it('changes the details given, audits the fields’ names only, and leaves the bookings’ contact as typed', async () => {
    const made = await book({ name: 'Old Name', email: `change.${run}@example.test` });
    const patched = await staff({ method: 'PATCH', url: `/api/customers/${made.customerId}`, payload: { name: 'New Name', phone: '+49 30 1234', language: 'de', notes: 'Prefers the window seat' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Customer>()).toMatchObject({ name: 'New Name', phone: '+49 30 1234', language: 'de', notes: 'Prefers the window seat', email: `change.${run}@example.test` });
    expect((await staff({ method: 'GET', url: `/api/bookings/${made.id}` })).json<Booking>().contact.name).toBe('Old Name');
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?targetId=${made.customerId}` })).json<{ data: { action: string; details: unknown }[] }>();
    expect(audit.data[0]).toMatchObject({ action: 'customer.updated', details: { changes: ['name', 'phone', 'language', 'notes'] } });
    expect(JSON.stringify(audit.data)).not.toContain('Prefers the window seat');
  });

  it('refuses an e-mail another customer has (409), bad fields (400), and an unknown id (404), changing nothing', async () => {
    const one = await book({ name: 'One', email: `one.${run}@example.test` });
    await book({ name: 'Two', email: `two.${run}@example.test` });
    expectError(await staff({ method: 'PATCH', url: `/api/customers/${one.customerId}`, payload: { email: `TWO.${run}@example.test` } }), 409, 'CONFLICT');
    expectError(await staff({ method: 'PATCH', url: `/api/customers/${one.customerId}`, payload: { language: 'fr' } }), 400, 'VALIDATION');
    expectError(await staff({ method: 'PATCH', url: `/api/customers/${one.customerId}`, payload: { name: '   ' } }), 400, 'VALIDATION');
    expectError(await staff({ method: 'PATCH', url: `/api/customers/${one.customerId}`, payload: {} }), 400, 'VALIDATION');
    expectError(await staff({ method: 'PATCH', url: '/api/customers/00000000-0000-4000-8000-000000000000', payload: { name: 'X' } }), 404, 'NOT_FOUND');
    expect(await customer(one.customerId)).toMatchObject({ name: 'One', email: `one.${run}@example.test`, language: 'en' });
  });
});

describe('merging two customers', () => {
  it('moves the other’s bookings, keeps this one’s details (taking a phone it lacked) and removes the other', async () => {
    const kept = await book({ name: 'Jo Smith', email: `jo.${run}@example.test` });
    const other = await book({ name: 'Joanna Smith', email: `joanna.${run}@example.test`, phone: '+1 555 0100' });
    await book({ name: 'Joanna Smith', email: `joanna.${run}@example.test` });
    await staff({ method: 'PATCH', url: `/api/customers/${other.customerId}`, payload: { notes: 'Vegetarian' } });
    const merged = await staff({ method: 'POST', url: `/api/customers/${kept.customerId}/merge`, payload: { otherId: other.customerId } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<Customer>()).toMatchObject({ id: kept.customerId, name: 'Jo Smith', email: `jo.${run}@example.test`, phone: '+1 555 0100', notes: 'Vegetarian', bookingCount: 3 });
    expectError(await staff({ method: 'GET', url: `/api/customers/${other.customerId}` }), 404, 'NOT_FOUND');
    expect((await staff({ method: 'GET', url: `/api/bookings?customerId=${kept.customerId}` })).json<{ total: number }>().total).toBe(3);
    // The other's e-mail is free again: a new booking with it makes a new customer.
    const later = await book({ name: 'Joanna Smith', email: `joanna.${run}@example.test` });
    expect(later.customerId).not.toBe(kept.customerId);
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?targetId=${kept.customerId}` })).json<{ data: { action: string; details: unknown }[] }>();
    expect(audit.data[0]).toMatchObject({ action: 'customer.merged', details: { mergedId: other.customerId } });
  });

  it('refuses the same customer twice (400) and an unknown one (404)', async () => {
    const one = await book({ name: 'Solo', email: `solo.${run}@example.test` });
    expectError(await staff({ method: 'POST', url: `/api/customers/${one.customerId}/merge`, payload: { otherId: one.customerId } }), 400, 'VALIDATION');
    expectError(await staff({ method: 'POST', url: `/api/customers/${one.customerId}/merge`, payload: { otherId: '00000000-0000-4000-8000-000000000000' } }), 404, 'NOT_FOUND');
    expect((await customer(one.customerId)).bookingCount).toBe(1);
  });
});

describe('who may', () => {
  it('read customers with customers.read, change them with customers.update, and nobody without', async () => {
    const made = await book({ name: 'Guarded', email: `guarded.${run}@example.test` });
    const tokenOf = async (roles: string[]) => {
      const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: `${roles.join('-').toLowerCase() || 'none'}.${run}@example.test`, roles });
      return as(t.app, (await login(t.app, user)).accessToken);
    };
    const finance = await tokenOf(['FINANCE']);
    const sales = await tokenOf(['SALES']);
    const nobody = await tokenOf(['STAFF']);
    expect((await finance({ method: 'GET', url: `/api/customers/${made.customerId}` })).statusCode).toBe(200);
    expectError(await finance({ method: 'PATCH', url: `/api/customers/${made.customerId}`, payload: { notes: 'x' } }), 403, 'FORBIDDEN');
    expect((await sales({ method: 'PATCH', url: `/api/customers/${made.customerId}`, payload: { notes: 'Called back' } })).statusCode).toBe(200);
    expectError(await nobody({ method: 'GET', url: '/api/customers' }), 403, 'FORBIDDEN');
    expectError(await nobody({ method: 'GET', url: `/api/customers/${made.customerId}` }), 403, 'FORBIDDEN');
    expectError(await nobody({ method: 'POST', url: `/api/customers/${made.customerId}/merge`, payload: { otherId: made.customerId } }), 403, 'FORBIDDEN');
  });
});

describe('access and erasure', () => {
  const name = `Ingrid Forgetme ${run}`;
  const email = `ingrid.forgetme.${run}@example.test`;
  const traveller = `Sigrun${run}`;

  /** Every row of every table of the product, as text: what a dump of the database holds. */
  async function everyRow(): Promise<string> {
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(t.app.db);
    const texts: string[] = [];
    for (const table of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(table.name)} t`.execute(t.app.db);
      texts.push(...rows.rows.map((row) => row.row));
    }
    return texts.join('\n').toLowerCase();
  }

  it('exports everything held about a customer as one document, and audits it', async () => {
    const made = await staff({
      method: 'POST',
      url: '/api/bookings',
      payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Export Me', email: `export.${run}@example.test` }, travellers: [{ category: 'ADULT', firstName: 'Ex', lastName: 'Port', dateOfBirth: '1980-02-03' }] },
    });
    const booking = made.json<Booking>();
    await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 2_500, method: 'card', reference: 'T-1' } });
    const exported = await staff({ method: 'GET', url: `/api/customers/${booking.customerId}/export` });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toContain(`customer-${booking.customerId}.json`);
    const document = exported.json<{ customer: Customer; bookings: (Booking & { payments: { amountMinor: number }[] })[] }>();
    expect(document.customer).toMatchObject({ id: booking.customerId, name: 'Export Me' });
    expect(document.bookings).toHaveLength(1);
    expect(document.bookings[0]).toMatchObject({ reference: booking.reference, travellers: [{ firstName: 'Ex', lastName: 'Port', dateOfBirth: '1980-02-03' }], payments: [{ amountMinor: 2_500 }] });
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?targetId=${booking.customerId}` })).json<{ data: { action: string }[] }>();
    expect(audit.data[0]!.action).toBe('customer.exported');
  });

  it('is refused while a booking is still to come, then removes the person from every table and leaves every report as it was', async () => {
    const first = await staff({
      method: 'POST',
      url: '/api/bookings',
      payload: { departureId: departure.id, status: 'confirmed', contact: { name, email, phone: '+47 999 88 777' }, notes: `Ask for ${name}`, travellers: [{ category: 'ADULT', firstName: traveller, lastName: 'Forgetme', dateOfBirth: '1975-06-07', notes: 'Vegan' }] },
    });
    const booking = first.json<Booking>();
    await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 4_000, method: 'card' } });
    // A change of contact: the audit log recorded the old and new values.
    expect((await staff({ method: 'PATCH', url: `/api/bookings/${booking.id}`, payload: { contact: { name: `${name} Jr`, email, phone: '+47 999 88 777' } } })).statusCode).toBe(200);
    await staff({ method: 'PATCH', url: `/api/customers/${booking.customerId}`, payload: { notes: `Knows ${traveller} well` } });

    const refused = await staff({ method: 'POST', url: `/api/customers/${booking.customerId}/erase`, payload: { reason: 'Asked by e-mail' } });
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json<{ message: string }>().message).toContain(booking.reference);
    expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Customer withdrew', feeMinor: 1_000 } })).statusCode).toBe(200);

    const reports = async () => [
      (await staff({ method: 'GET', url: '/api/reports/summary' })).json<Record<string, unknown>>(),
      (await staff({ method: 'GET', url: '/api/reports/monthly' })).json<Record<string, unknown>>(),
    ];
    const before = await reports();
    expect(await everyRow()).toContain(email);

    expectError(await staff({ method: 'POST', url: `/api/customers/${booking.customerId}/erase`, payload: { reason: '  ' } }), 400, 'VALIDATION');
    const erased = await staff({ method: 'POST', url: `/api/customers/${booking.customerId}/erase`, payload: { reason: 'Asked by e-mail' } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<Customer>()).toMatchObject({ name: 'Erased customer', email: null, phone: null, notes: '', marketingConsent: false, bookingCount: 0, spent: [{ currency: tour.currency, amountMinor: 4_000 }] });
    expect(erased.json<Customer>().erasedAt).not.toBeNull();

    const rows = await everyRow();
    for (const gone of [name.toLowerCase(), email, traveller.toLowerCase(), '+47 999 88 777', '1975-06-07']) expect(rows, gone).not.toContain(gone);
    expect(await reports()).toEqual(before);
    const kept = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<Booking>();
    expect(kept).toMatchObject({ reference: booking.reference, status: 'cancelled', paidMinor: 4_000, contact: { name: 'Erased customer', email: '', phone: null }, notes: '' });
    expect(kept.travellers[0]).toMatchObject({ firstName: 'Erased', lastName: 'traveller', dateOfBirth: null, notes: '' });
    expect((await list(`q=${encodeURIComponent(name)}`)).total).toBe(0);
    expect((await staff({ method: 'GET', url: `/api/bookings?q=${encodeURIComponent(email)}` })).json<{ total: number }>().total).toBe(0);
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?targetId=${booking.customerId}` })).json<{ data: { action: string; details: unknown }[] }>();
    expect(audit.data[0]).toMatchObject({ action: 'customer.erased', details: { reason: 'Asked by e-mail', bookings: 1 } });

    // Nothing left to change, merge or erase; the old e-mail books as a stranger.
    expectError(await staff({ method: 'PATCH', url: `/api/customers/${booking.customerId}`, payload: { notes: 'x' } }), 409, 'CONFLICT');
    expectError(await staff({ method: 'POST', url: `/api/customers/${booking.customerId}/erase`, payload: { reason: 'Again' } }), 409, 'CONFLICT');
    const later = await book({ name, email });
    expect(later.customerId).not.toBe(booking.customerId);
  });

  it('needs customers.erase, which only administrators hold to start with', async () => {
    const made = await book({ name: 'Not Erasable', email: `not.erasable.${run}@example.test` });
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: `sales.erase.${run}@example.test`, roles: ['SALES'] });
    const sales = as(t.app, (await login(t.app, user)).accessToken);
    expectError(await sales({ method: 'POST', url: `/api/customers/${made.customerId}/erase`, payload: { reason: 'No' } }), 403, 'FORBIDDEN');
    expect((await sales({ method: 'GET', url: `/api/customers/${made.customerId}/export` })).statusCode).toBe(200);
  });
});

/** Customers whose kept spending (per currency) differs from what their bookings add up to. */
async function spendingDrift(): Promise<string[]> {
  const drift = await sql<{ customer_id: string }>`
    select coalesce(k.customer_id, x.customer_id) as customer_id from (select * from customer_spending where spent_minor <> 0) k
    full join (select customer_id, currency, sum(paid_minor) as spent from bookings where customer_id is not null group by 1, 2 having sum(paid_minor) <> 0) x
      on x.customer_id = k.customer_id and x.currency = k.currency
    where k.spent_minor is distinct from x.spent`.execute(t.database.handle.db);
  return drift.rows.map((row) => row.customer_id);
}

describe('the kept counts', () => {
  it('equal a recount from the bookings after bookings, payments and refunds, cancellations, reseller holds confirmed for new and returning customers, and merges', async () => {
    const { key } = await createResellerWithKey(staff);
    const octo = octoAs(t.app, key);
    const emails = [`count.a.${run}@example.test`, `count.b.${run}@example.test`, `count.c.${run}@example.test`];
    const made: Booking[] = [];
    for (let n = 0; n < 12; n += 1) {
      t.clock.advance(1_000);
      made.push(await book({ name: `Count ${n}`, email: emails[n % 3]! }, n % 4 === 0 ? 'held' : 'confirmed'));
    }
    // Paid on both customers that merge below, and on one that does not; one refunded in part.
    for (const [index, amountMinor] of [[5, 3_000], [6, 4_500], [7, 1_000], [9, 2_500]] as const) {
      expect((await staff({ method: 'POST', url: `/api/bookings/${made[index]!.id}/payments`, payload: { kind: 'payment', amountMinor, method: 'card' } })).statusCode).toBe(201);
    }
    expect((await staff({ method: 'POST', url: `/api/bookings/${made[6]!.id}/payments`, payload: { kind: 'refund', amountMinor: 500, method: 'card' } })).statusCode).toBe(201);
    for (const booking of made.slice(0, 4)) expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'recount' } })).statusCode).toBe(200);
    for (let n = 0; n < 6; n += 1) {
      t.clock.advance(1_000);
      const held = (await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] })).json<{ uuid: string }>();
      const email = n % 2 === 0 ? emails[n % 3]! : `count.new${n}.${run}@example.test`;
      expect((await octo('POST', `/bookings/${held.uuid}/confirm`, { contact: { fullName: `Reseller ${n}`, firstName: 'Reseller', lastName: `${n}`, emailAddress: email } })).statusCode).toBe(200);
    }
    const ids = async (email: string) => (await list(`q=${encodeURIComponent(email)}`)).data[0]!.id;
    expect((await staff({ method: 'POST', url: `/api/customers/${await ids(emails[0]!)}/merge`, payload: { otherId: await ids(emails[1]!) } })).statusCode).toBe(200);
    const db = t.database.handle.db;
    const drift = await sql<{ id: string }>`
      select c.id from customers c
      left join (select customer_id, count(*) filter (where status in ('held', 'confirmed', 'waitlisted')) as active, min(created_at) as first, max(created_at) as last from bookings group by 1) x
        on x.customer_id = c.id
      where c.booking_count <> coalesce(x.active, 0) or c.first_booking_at is distinct from x.first or c.last_booking_at is distinct from x.last`.execute(db);
    expect(drift.rows).toEqual([]);
    expect(await spendingDrift()).toEqual([]);
    const mergedInto = await customer(await ids(emails[0]!));
    // Bookings 6 and 9 were count.a's, 7 count.b's (merged into count.a); 5 count.c's.
    expect(mergedInto.spent).toEqual([{ currency: tour.currency, amountMinor: 4_500 - 500 + 2_500 + 1_000 }]);
    const [kept, counted] = await Promise.all([
      sql<{ count: string }>`select count from row_counts where name = 'customers'`.execute(db),
      sql<{ count: string }>`select count(*) as count from customers`.execute(db),
    ]);
    expect(Number(kept.rows[0]!.count)).toBe(Number(counted.rows[0]!.count));
  });

  it('lose nothing when one customer’s bookings are paid, and new ones made, at the same moment from many connections', async () => {
    const email = `count.busy.${run}@example.test`;
    const first: Booking[] = [];
    for (let n = 0; n < 6; n += 1) first.push(await book({ name: 'Busy Desk', email }));
    const customerId = first[0]!.customerId;
    // Four payments on each booking and four more bookings, all sent at once: on PostgreSQL each
    // goes through a connection of its own, and every one adds to the same customer's kept rows.
    const amounts = first.flatMap((booking, index) => [100, 250, 1_000, 35].map((amount) => ({ booking, amountMinor: amount + index })));
    const answers = await Promise.all([
      ...amounts.map(({ booking, amountMinor }) => staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor, method: 'cash' } })),
      ...Array.from({ length: 4 }, () => staff({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Busy Desk', email }, travellers: [{ category: 'ADULT', firstName: 'Ann', lastName: 'Lee' }] } })),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const paid = amounts.reduce((sum, { amountMinor }) => sum + amountMinor, 0);
    const kept = await customer(customerId);
    expect(kept.spent).toEqual([{ currency: tour.currency, amountMinor: paid }]);
    expect(kept.bookingCount).toBe(10);
    expect(await spendingDrift()).toEqual([]);
  });
});
