/**
 * The OCTO supplier API as a reseller uses it, after the flows of OCTO's own validator (supplier,
 * products, calendar, availability, reserve with bad ids and sold out, extend, confirm, update of
 * date, product, contact and unit items, cancel of a hold and of a booking, get, list). Every
 * answer is parsed with the Zod schemas of `@octocloud/types`, the OCTO contract. The seats are the
 * ones staff sell: the departures' counts are read back through the staff API after each change.
 * Runs on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zCapability,
  zProduct,
  zSupplier,
} from '@octocloud/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey, expectOctoError, octoAs, type OctoCaller } from '../helpers/octo.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

type OctoBooking = ReturnType<typeof zBooking.parse>;

let t: TestApp;
let staff: ReturnType<typeof as>;
let octo: OctoCaller;
let resellerId: string;
let tour: Tour;
let otherTour: Tour;
let draftTour: Tour;

const MINUTE = 60_000;
let dayOffset = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { OCTO_RATE_LIMIT: '100000', BUSINESS_NAME: 'Nordic Trails', BUSINESS_EMAIL: 'hello@nordic-trails.example', BUSINESS_PHONE: '+354 555 0100' },
  });
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  const create = viaInject(staff);
  tour = await createTour(create, { status: 'published', timeZone: 'Europe/Berlin', currency: 'EUR', durationDays: 1, bookingCutoffHours: 2, prices: { ADULT: 10_000, CHILD: 5_001, INFANT: null } });
  otherTour = await createTour(create, { status: 'published', timeZone: 'Atlantic/Reykjavik', currency: 'ISK', durationDays: 3, bookingCutoffHours: 0, prices: { ADULT: 45_000, CHILD: 20_000, INFANT: 0 } });
  draftTour = await createTour(create, { status: 'draft' });
  const made = await createResellerWithKey(staff, { commissionPercent: 12.5 });
  resellerId = made.reseller.id;
  octo = octoAs(t.app, made.key);
});
afterAll(async () => t?.close());

/** A departure of `of` some weeks ahead (each on its own date), 09:00 local. */
async function departureOf(of: Tour, overrides: Record<string, unknown> = {}): Promise<Departure> {
  dayOffset += 1;
  const date = new Date(t.clock.time + (40 + dayOffset) * 86_400_000).toISOString().slice(0, 10);
  return createDeparture(viaInject(staff), of.id, { startDate: date, startTime: '09:00', capacity: 10, ...overrides });
}

async function seatsOf(departureId: string): Promise<Pick<Departure, 'seatsHeld' | 'seatsConfirmed' | 'seatsAvailable'>> {
  const { seatsHeld, seatsConfirmed, seatsAvailable } = (await staff({ method: 'GET', url: `/api/departures/${departureId}` })).json<Departure>();
  return { seatsHeld, seatsConfirmed, seatsAvailable };
}

function booking(response: Awaited<ReturnType<OctoCaller>>): OctoBooking {
  expect(response.statusCode, response.body).toBe(200);
  return zBooking.parse(response.json());
}

async function reserve(departure: Departure, body: Record<string, unknown> = {}, options: { pricing?: boolean } = {}): Promise<OctoBooking> {
  return booking(await octo('POST', '/bookings', { productId: departure.tourId, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }], ...body }, options));
}

/** An instant as OCTO writes it: to the second. */
const toSecond = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const contact = { fullName: 'Guðrún Jónsdóttir', firstName: 'Guðrún', lastName: 'Jónsdóttir', emailAddress: 'gudrun@example.is', phoneNumber: '+354 555 1234', locales: ['is-IS', 'en'], country: 'IS', notes: 'Vegetarian' };

describe('supplier, capabilities and products', () => {
  it('answers the supplier from the configuration', async () => {
    const response = await octo('GET', '/supplier');
    const supplier = zSupplier.parse(response.json());
    expect(supplier).toMatchObject({ name: 'Nordic Trails', endpoint: 'http://office.test/api/octo', contact: { email: 'hello@nordic-trails.example', telephone: '+354 555 0100' } });
  });

  it('supports octo/pricing, and says which capabilities an answer applied', async () => {
    const capabilities = (await octo('GET', '/capabilities')).json<unknown[]>().map((capability) => zCapability.parse(capability));
    expect(capabilities.map((capability) => capability.id)).toEqual(['octo/pricing']);
    expect((await octo('GET', '/supplier', undefined, { pricing: true })).headers['octo-capabilities']).toBe('octo/pricing');
    expect((await octo('GET', '/supplier')).headers['octo-capabilities']).toBe('');
  });

  it('lists the published tours as products, with the units each sells and their retail and net prices', async () => {
    await departureOf(tour, { startTime: '14:30' });
    const response = await octo('GET', '/products', undefined, { pricing: true });
    const products = response.json<unknown[]>().map((product) => zProduct.parse(product));
    const ids = products.map((product) => product.id);
    expect(ids).toContain(tour.id);
    expect(ids).toContain(otherTour.id);
    expect(ids).not.toContain(draftTour.id);
    const product = products.find((candidate) => candidate.id === tour.id)!;
    expect(product).toMatchObject({ internalName: tour.title, reference: tour.code, timeZone: 'Europe/Berlin', availabilityType: 'START_TIME', defaultCurrency: 'EUR', pricingPer: 'UNIT' });
    const [option] = product.options;
    expect(option).toMatchObject({ id: 'DEFAULT', cancellationCutoffAmount: 24, cancellationCutoffUnit: 'hour' });
    expect(option.availabilityLocalStartTimes).toContain('14:30');
    // The tour sells adults and children, not infants; 12.5 % of 50.01 is 6.25125, rounded to 6.25.
    expect(option.units.map((unit) => [unit.id, unit.type])).toEqual([
      ['adult', 'ADULT'],
      ['child', 'CHILD'],
    ]);
    expect(option.units[1].pricingFrom).toEqual([{ original: 5_001, retail: 5_001, net: 4_376, currency: 'EUR', currencyPrecision: 2, includedTaxes: [] }]);
    expect(option.units[0].restrictions).toMatchObject({ minAge: 12, maxAge: 120 });
    // The tour's group size bounds the units of one booking; the contact fields declared are the ones a confirmation must give.
    expect(option.restrictions).toEqual({ minUnits: 1, maxUnits: 16 });
    expect(option.requiredContactFields).toEqual(['firstName', 'lastName']);
  });

  it('shows one product, and answers INVALID_PRODUCT_ID for a tour it does not offer', async () => {
    expect(zProduct.parse((await octo('GET', `/products/${tour.id}`)).json()).id).toBe(tour.id);
    expectOctoError(await octo('GET', `/products/${draftTour.id}`), 400, 'INVALID_PRODUCT_ID', { productId: draftTour.id });
    expectOctoError(await octo('GET', '/products/not-a-tour'), 400, 'INVALID_PRODUCT_ID', { productId: 'not-a-tour' });
  });

  it('offers a reseller only the tours it may sell', async () => {
    const limited = await createResellerWithKey(staff, { tourIds: [otherTour.id] });
    const its = octoAs(t.app, limited.key);
    expect((await its('GET', '/products')).json<{ id: string }[]>().map((product) => product.id)).toEqual([otherTour.id]);
    expectOctoError(await its('GET', `/products/${tour.id}`), 400, 'INVALID_PRODUCT_ID', { productId: tour.id });
  });
});

describe('availability', () => {
  it('gives one calendar day per local date, closed where nothing departs', async () => {
    const first = await departureOf(tour);
    const second = await departureOf(tour, { startDate: first.startDate, startTime: '15:00', capacity: 4 });
    await reserve(second, { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }] });
    const next = new Date(Date.parse(`${first.startDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const response = await octo('POST', '/availability/calendar', { productId: tour.id, optionId: 'DEFAULT', localDateStart: first.startDate, localDateEnd: next }, { pricing: true });
    const days = response.json<unknown[]>().map((day) => zAvailabilityCalendar.parse(day));
    expect(days.map((day) => day.localDate)).toEqual([first.startDate, next]);
    expect(days[0]).toMatchObject({ available: true, status: 'AVAILABLE', vacancies: 11, capacity: 14 });
    expect(days[0].unitPricingFrom?.[0]).toMatchObject({ unitId: 'adult', retail: 10_000, net: 8_750 });
    expect(days[1]).toMatchObject({ available: false, status: 'CLOSED', vacancies: 0 });
    // With the pricing capability every day has its prices, empty where nothing departs (OCTO's validator requires the array).
    expect(days[1].unitPricingFrom).toEqual([]);
    const unpriced = (await octo('POST', '/availability/calendar', { productId: tour.id, optionId: 'DEFAULT', localDateStart: next, localDateEnd: next })).json<object[]>();
    expect(unpriced[0]).not.toHaveProperty('unitPricingFrom');
  });

  it('refuses a calendar without dates, and bad products and options', async () => {
    expectOctoError(await octo('POST', '/availability/calendar', { productId: tour.id, optionId: 'DEFAULT' }), 400, 'BAD_REQUEST');
    expectOctoError(await octo('POST', '/availability/calendar', { productId: tour.id, optionId: 'DEFAULT', localDateStart: '2030-02-30', localDateEnd: '2030-03-01' }), 400, 'BAD_REQUEST');
    expectOctoError(await octo('POST', '/availability/calendar', { productId: tour.id, optionId: 'DEFAULT', localDateStart: '2030-01-01', localDateEnd: '2031-06-01' }), 400, 'BAD_REQUEST');
    expectOctoError(await octo('POST', '/availability/calendar', { productId: tour.id, optionId: 'VIP', localDateStart: '2030-01-01', localDateEnd: '2030-01-02' }), 400, 'INVALID_OPTION_ID', { optionId: 'VIP' });
    const unknown = '0b6f5c1e-3a7d-4e7a-9a51-1f0c2d3e4f50';
    expectOctoError(await octo('POST', '/availability/calendar', { productId: unknown, optionId: 'DEFAULT', localDateStart: '2030-01-01', localDateEnd: '2030-01-02' }), 400, 'INVALID_PRODUCT_ID', { productId: unknown });
  });

  it('answers departures by dates or by ids, in the tour’s zone, with statuses and prices', async () => {
    const departure = await departureOf(tour, { capacity: 4 });
    await reserve(departure, { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }] });
    const byDates = (await octo('POST', '/availability', { productId: tour.id, optionId: 'DEFAULT', localDateStart: departure.startDate, localDateEnd: departure.startDate }, { pricing: true }))
      .json<unknown[]>()
      .map((availability) => zAvailability.parse(availability));
    expect(byDates).toHaveLength(1);
    const [availability] = byDates;
    expect(availability).toMatchObject({ id: departure.id, available: true, status: 'LIMITED', vacancies: 1, capacity: 4, allDay: false });
    expect(availability.localDateTimeStart).toMatch(new RegExp(`^${departure.startDate}T09:00:00\\+0[12]:00$`));
    // To the second, as OCTO writes its instants.
    expect(availability.utcCutoffAt).toBe(new Date(Date.parse(departure.startsAt) - 2 * 3_600_000).toISOString().replace('.000Z', 'Z'));
    expect(availability.utcCutoffAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(availability.unitPricing).toEqual([
      { unitId: 'adult', original: 10_000, retail: 10_000, net: 8_750, currency: 'EUR', currencyPrecision: 2, includedTaxes: [] },
      { unitId: 'child', original: 5_001, retail: 5_001, net: 4_376, currency: 'EUR', currencyPrecision: 2, includedTaxes: [] },
    ]);
    const byIds = (await octo('POST', '/availability', { productId: tour.id, optionId: 'DEFAULT', availabilityIds: [departure.id] })).json<{ id: string; unitPricing?: unknown }[]>();
    expect(byIds.map((one) => one.id)).toEqual([departure.id]);
    expect(byIds[0].unitPricing).toBeUndefined();
    // Two seats asked for, one left: not available for that request.
    const forTwo = (await octo('POST', '/availability', { productId: tour.id, optionId: 'DEFAULT', availabilityIds: [departure.id], units: [{ id: 'adult', quantity: 2 }] })).json<{ available: boolean }[]>();
    expect(forTwo[0].available).toBe(false);
  });

  it('refuses dates and ids together (BAD_REQUEST), and neither', async () => {
    const departure = await departureOf(tour);
    expectOctoError(
      await octo('POST', '/availability', { productId: tour.id, optionId: 'DEFAULT', localDateStart: departure.startDate, localDateEnd: departure.startDate, availabilityIds: [departure.id] }),
      400,
      'BAD_REQUEST',
    );
    expectOctoError(await octo('POST', '/availability', { productId: tour.id, optionId: 'DEFAULT' }), 400, 'BAD_REQUEST');
    expectOctoError(await octo('POST', '/availability', { productId: tour.id, optionId: 'DEFAULT', availabilityIds: [departure.id], units: [{ id: 'infant', quantity: 1 }] }), 400, 'INVALID_UNIT_ID', { unitId: 'infant' });
  });

  it('shows a departure closed once past its booking cut-off or closed by staff, and sold out when full', async () => {
    const closed = await departureOf(tour, { status: 'closed' });
    const full = await departureOf(tour, { capacity: 1 });
    await reserve(full);
    const answer = (await octo('POST', '/availability', { productId: tour.id, optionId: 'DEFAULT', availabilityIds: [closed.id, full.id] })).json<{ id: string; status: string; available: boolean }[]>();
    expect(answer.find((one) => one.id === closed.id)).toMatchObject({ status: 'CLOSED', available: false });
    expect(answer.find((one) => one.id === full.id)).toMatchObject({ status: 'SOLD_OUT', available: false });
  });

  it('shows a departure closed from its booking cut-off on, and refuses a hold there', async () => {
    // Two days ahead on a tour that stops selling three days before: open by seats, closed by time.
    const late = await createTour(viaInject(staff), { status: 'published', timeZone: 'Europe/Berlin', currency: 'EUR', bookingCutoffHours: 72, prices: { ADULT: 10_000, CHILD: null, INFANT: null } });
    const date = new Date(t.clock.time + 2 * 86_400_000).toISOString().slice(0, 10);
    const departure = await createDeparture(viaInject(staff), late.id, { startDate: date, startTime: '09:00', capacity: 10 });
    const [availability] = (await octo('POST', '/availability', { productId: late.id, optionId: 'DEFAULT', availabilityIds: [departure.id] })).json<unknown[]>().map((one) => zAvailability.parse(one));
    expect(availability).toMatchObject({ id: departure.id, status: 'CLOSED', available: false, vacancies: 0 });
    expect(Date.parse(availability.utcCutoffAt)).toBeLessThanOrEqual(t.clock.time);
    const [day] = (await octo('POST', '/availability/calendar', { productId: late.id, optionId: 'DEFAULT', localDateStart: date, localDateEnd: date })).json<unknown[]>().map((one) => zAvailabilityCalendar.parse(one));
    expect(day).toMatchObject({ status: 'CLOSED', available: false });
    expectOctoError(await octo('POST', '/bookings', { productId: late.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] }), 400, 'UNPROCESSABLE_ENTITY');
    expect(await seatsOf(departure.id)).toEqual({ seatsHeld: 0, seatsConfirmed: 0, seatsAvailable: 10 });
  });

  it('answers an unpublished tour’s departures CLOSED, and sells none of them', async () => {
    const withdrawn = await createTour(viaInject(staff), { status: 'published', timeZone: 'Europe/Berlin', currency: 'EUR', prices: { ADULT: 10_000, CHILD: null, INFANT: null } });
    const departure = await departureOf(withdrawn);
    const ask = { productId: withdrawn.id, optionId: 'DEFAULT', availabilityIds: [departure.id] };
    expect((await octo('POST', '/availability', ask)).json<{ status: string }[]>()[0].status).toBe('AVAILABLE');
    expect((await staff({ method: 'PATCH', url: `/api/tours/${withdrawn.id}`, payload: { status: 'draft' } })).statusCode).toBe(200);
    // The product is read again once what this instance keeps of it is older than two seconds.
    t.clock.advance(2_100);
    const [availability] = (await octo('POST', '/availability', ask)).json<unknown[]>().map((one) => zAvailability.parse(one));
    expect(availability).toMatchObject({ id: departure.id, status: 'CLOSED', available: false, vacancies: 0 });
    const days = (await octo('POST', '/availability/calendar', { productId: withdrawn.id, optionId: 'DEFAULT', localDateStart: departure.startDate, localDateEnd: departure.startDate })).json<{ status: string }[]>();
    expect(days.map((day) => day.status)).toEqual(['CLOSED']);
    expectOctoError(await octo('GET', `/products/${withdrawn.id}`), 400, 'INVALID_PRODUCT_ID', { productId: withdrawn.id });
    expectOctoError(await octo('POST', '/bookings', { ...ask, availabilityIds: undefined, availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] }), 400, 'INVALID_PRODUCT_ID', { productId: withdrawn.id });
    expect((await seatsOf(departure.id)).seatsAvailable).toBe(10);
  });
});

describe('reserve', () => {
  it('holds the seats staff sell, for 30 minutes by default, as an ordinary booking in the office', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure, { resellerReference: 'VI-1001', notes: 'Window seats', unitItems: [{ unitId: 'adult' }, { unitId: 'child' }] }, { pricing: true });
    expect(held).toMatchObject({ status: 'ON_HOLD', productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, resellerReference: 'VI-1001', notes: 'Window seats', utcConfirmedAt: null, cancellation: null });
    expect(held.utcExpiresAt).toBe(toSecond(t.clock.time + 30 * MINUTE));
    expect(held.unitItems.map((item) => item.unitId)).toEqual(['adult', 'child']);
    expect(new Set(held.unitItems.map((item) => item.uuid)).size).toBe(2);
    expect(held.pricing).toMatchObject({ retail: 15_001, net: 8_750 + 4_376 });
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 2, seatsAvailable: 8 });

    const office = (await staff({ method: 'GET', url: `/api/bookings/${held.id}` })).json<Booking>();
    expect(office).toMatchObject({ channel: 'reseller', resellerId, resellerReference: 'VI-1001', octoUuid: held.uuid, status: 'held', totalMinor: 15_001, netMinor: 13_126 });
    expect(office.resellerName).toMatch(/^Reseller/);
    // Names not given yet: the office shows them as still to come.
    expect(office.travellers.map((traveller) => traveller.firstName)).toEqual(['', '']);
    const listed = (await staff({ method: 'GET', url: `/api/bookings?resellerId=${resellerId}&pageSize=100` })).json<{ data: Booking[] }>();
    expect(listed.data.map((row) => row.id)).toContain(held.id);
  });

  it('makes one booking of one uuid, however often it is sent', async () => {
    const departure = await departureOf(tour);
    const uuid = crypto.randomUUID();
    const first = await reserve(departure, { uuid });
    const again = await reserve(departure, { uuid });
    expect(again.id).toBe(first.id);
    expect(first.uuid).toBe(uuid);
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 1 });
  });

  it('answers OCTO’s codes for bad product, option, availability and unit ids, and missing or empty unit items', async () => {
    const departure = await departureOf(tour);
    const base = { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] };
    expectOctoError(await octo('POST', '/bookings', { ...base, productId: draftTour.id }), 400, 'INVALID_PRODUCT_ID', { productId: draftTour.id });
    expectOctoError(await octo('POST', '/bookings', { ...base, optionId: 'NOPE' }), 400, 'INVALID_OPTION_ID', { optionId: 'NOPE' });
    const elsewhere = await departureOf(otherTour);
    expectOctoError(await octo('POST', '/bookings', { ...base, availabilityId: elsewhere.id }), 400, 'INVALID_AVAILABILITY_ID', { availabilityId: elsewhere.id });
    expectOctoError(await octo('POST', '/bookings', { ...base, availabilityId: 'tomorrow' }), 400, 'INVALID_AVAILABILITY_ID', { availabilityId: 'tomorrow' });
    expectOctoError(await octo('POST', '/bookings', { ...base, unitItems: [{ unitId: 'infant' }] }), 400, 'INVALID_UNIT_ID', { unitId: 'infant' });
    expectOctoError(await octo('POST', '/bookings', { ...base, unitItems: [] }), 400, 'UNPROCESSABLE_ENTITY');
    const { unitItems: _, ...withoutUnits } = base;
    expectOctoError(await octo('POST', '/bookings', withoutUnits), 400, 'UNPROCESSABLE_ENTITY');
    expectOctoError(await octo('POST', '/bookings', { ...base, expirationMinutes: 1441 }), 400, 'BAD_REQUEST');
    expectOctoError(await octo('POST', '/bookings', { ...base, productId: undefined }), 400, 'BAD_REQUEST');
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0 });
  });

  it('refuses more seats than are free (UNPROCESSABLE_ENTITY) and takes none', async () => {
    const departure = await departureOf(tour, { capacity: 2 });
    expectOctoError(await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }] }), 400, 'UNPROCESSABLE_ENTITY');
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsAvailable: 2 });
  });

  it('sells the last seats once when resellers and staff book at the same time', async () => {
    const departure = await departureOf(tour, { capacity: 5 });
    const attempts = await Promise.all([
      ...Array.from({ length: 8 }, () => octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] })),
      ...Array.from({ length: 4 }, (_, index) =>
        staff({ method: 'POST', url: '/api/bookings', payload: { departureId: departure.id, contact: { name: 'Walk In', email: `walk${index}@example.test` }, travellers: [{ category: 'ADULT', firstName: 'Walk', lastName: `In ${index}` }] } }),
      ),
    ]);
    const sold = attempts.filter((response) => response.statusCode === 200 || response.statusCode === 201);
    expect(sold).toHaveLength(5);
    for (const refused of attempts.filter((response) => response.statusCode !== 200 && response.statusCode !== 201)) {
      expect([400, 409]).toContain(refused.statusCode);
    }
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 5, seatsAvailable: 0 });
  });
});

describe('confirm, extend and get', () => {
  it('confirms with a fullName alone, as OCTO’s validator and most resellers send the contact, its words read as first and last name', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure, { unitItems: [{ unitId: 'adult' }] });
    const confirmed = booking(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact: { fullName: 'John Doe', emailAddress: 'johndoe@example.com' }, resellerReference: `VAL-${held.uuid.slice(0, 8)}` }));
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', contact: { fullName: 'John Doe', emailAddress: 'johndoe@example.com' } });
    const listed = await octo('GET', `/bookings?resellerReference=VAL-${held.uuid.slice(0, 8)}`);
    expect(listed.json<{ uuid: string }[]>().map((row) => row.uuid)).toEqual([held.uuid]);
    const office = (await staff({ method: 'GET', url: `/api/bookings/${held.id}` })).json<Booking>();
    expect(office).toMatchObject({ status: 'confirmed', contact: { name: 'John Doe', email: 'johndoe@example.com' } });
  });

  it('confirms with the contact and the travellers’ names, and answers them back as they were sent', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure, { unitItems: [{ unitId: 'adult' }, { unitId: 'child' }] });
    expectOctoError(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact: { emailAddress: 'x@example.is' } }), 400, 'BAD_REQUEST');
    // The option requires a first and a last name: one of them alone, or a fullName of one word, does not confirm.
    for (const partial of [{ fullName: 'Guðrún' }, { firstName: 'Guðrún' }, { firstName: ' ', lastName: 'Jónsdóttir' }, { fullName: ' ', firstName: 'Guðrún', lastName: ' ' }]) {
      const refused = await octo('POST', `/bookings/${held.uuid}/confirm`, { contact: partial });
      expectOctoError(refused, 400, 'BAD_REQUEST');
      expect(refused.json<{ errorMessage: string }>().errorMessage).toBe('Confirming needs the contact’s first and last name (the option’s requiredContactFields): firstName and lastName, or a fullName of both.');
    }
    const confirmed = booking(
      await octo('POST', `/bookings/${held.uuid}/confirm`, {
        resellerReference: 'VI-2002',
        contact,
        unitItems: [{ unitId: 'adult', contact: { firstName: 'Guðrún', lastName: 'Jónsdóttir' } }, { unitId: 'child', contact: { fullName: 'Kári Jónsson' } }],
      }),
    );
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', resellerReference: 'VI-2002', utcExpiresAt: null, contact: { fullName: contact.fullName, firstName: 'Guðrún', lastName: 'Jónsdóttir', emailAddress: contact.emailAddress, locales: ['is-IS', 'en'], country: 'IS', notes: 'Vegetarian' } });
    expect(confirmed.utcConfirmedAt).toBe(toSecond(t.clock.time));
    expect(confirmed.unitItems.map((item) => item.contact.fullName)).toEqual(['Guðrún Jónsdóttir', 'Kári Jónsson']);
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 2 });
    const office = (await staff({ method: 'GET', url: `/api/bookings/${held.id}` })).json<Booking>();
    expect(office.contact).toMatchObject({ name: 'Guðrún Jónsdóttir', email: 'gudrun@example.is' });
    expect(office.travellers.map((traveller) => `${traveller.firstName} ${traveller.lastName}`)).toEqual(['Guðrún Jónsdóttir', 'Kári Jónsson']);
    // Confirming again changes nothing.
    expect(booking(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact })).status).toBe('CONFIRMED');
    expect(await seatsOf(departure.id)).toMatchObject({ seatsConfirmed: 2 });
  });

  it('keeps what the reseller calls each unit item (its uuid and reference) through confirm, get, a staff change and an update', async () => {
    const departure = await departureOf(tour);
    const units = [
      { unitId: 'adult', uuid: 'a7d3c1e0-0000-4000-8000-000000000001', resellerReference: 'TKT-1' },
      { unitId: 'child', uuid: 'a7d3c1e0-0000-4000-8000-000000000002', resellerReference: 'TKT-2' },
    ];
    const held = await reserve(departure, { unitItems: units });
    const named = (answer: OctoBooking) => answer.unitItems.map((item) => [item.uuid, item.resellerReference, item.unitId]);
    expect(named(held)).toEqual([[units[0].uuid, 'TKT-1', 'adult'], [units[1].uuid, 'TKT-2', 'child']]);
    expect(named(booking(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact })))).toEqual(named(held));
    expect(named(booking(await octo('GET', `/bookings/${held.uuid}`)))).toEqual(named(held));
    // The office sees them, and a traveller it adds has none (answered by the supplier's id).
    const office = (await staff({ method: 'GET', url: `/api/bookings/${held.id}` })).json<Booking>();
    expect(office.travellers.map((traveller) => traveller.resellerUnitReference)).toEqual(['TKT-1', 'TKT-2']);
    const changed = await staff({
      method: 'POST',
      url: `/api/bookings/${held.id}/change`,
      payload: { travellers: [...office.travellers.map((traveller) => ({ id: traveller.id, category: traveller.category })), { category: 'ADULT', firstName: 'Sigríður', lastName: 'Jónsdóttir' }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const added = changed.json<Booking>().travellers[2];
    expect(named(booking(await octo('GET', `/bookings/${held.uuid}`)))).toEqual([...named(held), [added.id, null, 'adult']]);
    // An update with other unit items: what it sends is kept.
    const updated = booking(await octo('PATCH', `/bookings/${held.uuid}`, { unitItems: [{ unitId: 'adult', uuid: 'a7d3c1e0-0000-4000-8000-000000000009', resellerReference: 'TKT-9' }] }));
    expect(named(updated)).toEqual([['a7d3c1e0-0000-4000-8000-000000000009', 'TKT-9', 'adult']]);
  });

  it('answers a reserve and a confirm with the booking exactly as a later get reads it', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure, { resellerReference: 'VI-SAME-1', unitItems: [{ unitId: 'adult' }, { unitId: 'child' }] }, { pricing: true });
    expect(booking(await octo('GET', `/bookings/${held.uuid}`, undefined, { pricing: true }))).toEqual(held);
    const confirmed = booking(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact, resellerReference: 'VI-SAME-2' }, { pricing: true }));
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', resellerReference: 'VI-SAME-2' });
    expect(booking(await octo('GET', `/bookings/${held.uuid}`, undefined, { pricing: true }))).toEqual(confirmed);
    // The office reads the same booking, its history with the change of contact and the confirmation.
    const office = (await staff({ method: 'GET', url: `/api/bookings/${held.id}` })).json<Booking>();
    expect(office).toMatchObject({ status: 'confirmed', resellerReference: 'VI-SAME-2', contact: { name: contact.fullName, email: contact.emailAddress, phone: contact.phoneNumber } });
    const history = (await staff({ method: 'GET', url: `/api/bookings/${held.id}/timeline` })).json<{ data: { action: string }[] }>().data;
    expect(history.map((entry) => entry.action)).toEqual(['booking.created', 'booking.updated', 'booking.confirmed']);
    const found = (await staff({ method: 'GET', url: `/api/bookings?q=${encodeURIComponent('vi-same-2')}` })).json<{ data: Booking[] }>();
    expect(found.data.map((row) => row.id)).toEqual([held.id]);
  });

  it('keeps a departure’s seats right when the reseller confirms holds the office cancels at the same moment', async () => {
    const departure = await departureOf(tour, { capacity: 12 });
    const holds = await Promise.all(Array.from({ length: 6 }, () => reserve(departure)));
    const outcomes = await Promise.all(
      holds.flatMap((held) => [
        octo('POST', `/bookings/${held.uuid}/confirm`, { contact }),
        staff({ method: 'POST', url: `/api/bookings/${held.id}/cancel`, payload: { reason: 'Double booked' } }),
      ]),
    );
    for (const outcome of outcomes) expect([200, 400, 409], outcome.body).toContain(outcome.statusCode);
    const states = await Promise.all(holds.map(async (held) => (await staff({ method: 'GET', url: `/api/bookings/${held.id}` })).json<Booking>().status));
    for (const state of states) expect(['confirmed', 'cancelled']).toContain(state);
    const confirmedSeats = states.filter((state) => state === 'confirmed').length;
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: confirmedSeats, seatsAvailable: 12 - confirmedSeats });
  });

  it('confirms a hold the office changed or cancelled after the reserve from what the database holds, never from the reserve’s answer', async () => {
    const departure = await departureOf(tour, { capacity: 6 });
    // Amended by staff between reserve and confirm: the confirmation keeps the staff's note.
    const amended = await reserve(departure);
    expect((await staff({ method: 'PATCH', url: `/api/bookings/${amended.id}`, payload: { notes: 'Wheelchair user' } })).statusCode).toBe(200);
    const confirmed = booking(await octo('POST', `/bookings/${amended.uuid}/confirm`, { contact }));
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', notes: 'Wheelchair user' });
    expect((await staff({ method: 'GET', url: `/api/bookings/${amended.id}` })).json<Booking>()).toMatchObject({ status: 'confirmed', notes: 'Wheelchair user', contact: { name: contact.fullName } });
    // Cancelled by staff between reserve and confirm: refused, and its seat stays free.
    const cancelled = await reserve(departure);
    expect((await staff({ method: 'POST', url: `/api/bookings/${cancelled.id}/cancel`, payload: { reason: 'Duplicate' } })).statusCode).toBe(200);
    expectOctoError(await octo('POST', `/bookings/${cancelled.uuid}/confirm`, { contact }), 400, 'UNPROCESSABLE_ENTITY');
    // Confirmed by another instance (here: a confirm already made): a second confirm answers it as it is.
    const twice = await reserve(departure);
    booking(await octo('POST', `/bookings/${twice.uuid}/confirm`, { contact }));
    expect(booking(await octo('POST', `/bookings/${twice.uuid}/confirm`, { contact })).status).toBe('CONFIRMED');
    expect(await seatsOf(departure.id)).toEqual({ seatsHeld: 0, seatsConfirmed: 2, seatsAvailable: 4 });
  });

  it('gives a confirmed booking a voucher link that works without a session, until the booking is cancelled', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure);
    const confirmed = booking(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact }));
    const pdfUrl = confirmed.voucher?.deliveryOptions.find((option) => option.deliveryFormat === 'PDF_URL')?.deliveryValue;
    // The QR code carries the booking's check-in code, which the guide scans (never the reference, which can be guessed).
    const checkInCode = (await staff({ method: 'GET', url: `/api/bookings/${confirmed.id}` })).json<Booking>().checkInCode;
    expect(confirmed.voucher?.deliveryOptions.find((option) => option.deliveryFormat === 'QRCODE')?.deliveryValue).toBe(checkInCode);
    expect(pdfUrl).toMatch(/^http:\/\/office\.test\/api\/vouchers\/[0-9a-f-]+\?token=[\w-]{40,}$/);
    const path = pdfUrl!.replace('http://office.test', '');
    const pdf = await t.app.inject({ method: 'GET', url: path });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The token with its first character changed (to another one, whatever it was).
    const altered = path.replace(/token=(.)/, (_match, first: string) => `token=${first === 'x' ? 'y' : 'x'}`);
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(404);
    booking(await octo('POST', `/bookings/${held.uuid}/cancel`, { reason: 'Customer ill' }));
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('extends a hold from now, never shortening it; a confirmed booking has no hold to extend', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure, { expirationMinutes: 10 });
    t.clock.advance(5 * MINUTE);
    const extended = booking(await octo('POST', `/bookings/${held.uuid}/extend`, { expirationMinutes: 60 }));
    expect(extended.utcExpiresAt).toBe(toSecond(t.clock.time + 60 * MINUTE));
    const notShorter = booking(await octo('POST', `/bookings/${held.uuid}/extend`, { expirationMinutes: 1 }));
    expect(notShorter.utcExpiresAt).toBe(extended.utcExpiresAt);
    booking(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact }));
    expectOctoError(await octo('POST', `/bookings/${held.uuid}/extend`, { expirationMinutes: 30 }), 400, 'UNPROCESSABLE_ENTITY');
    expectOctoError(await octo('POST', `/bookings/${crypto.randomUUID()}/extend`, {}), 400, 'INVALID_BOOKING_UUID');
  });

  it('cannot confirm an expired hold, whose seats are free again', async () => {
    const departure = await departureOf(tour, { capacity: 1 });
    const held = await reserve(departure, { expirationMinutes: 5 });
    t.clock.advance(6 * MINUTE);
    expectOctoError(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact }), 400, 'UNPROCESSABLE_ENTITY');
    expect(booking(await octo('GET', `/bookings/${held.uuid}`)).status).toBe('EXPIRED');
    expect((await seatsOf(departure.id)).seatsAvailable).toBe(1);
  });

  it('gets a booking by uuid and lists them by either reference; another reseller’s booking is unknown to it', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure, { resellerReference: 'VI-LIST-1' });
    expect(booking(await octo('GET', `/bookings/${held.uuid}`)).id).toBe(held.id);
    expectOctoError(await octo('GET', '/bookings/not-a-uuid'), 400, 'INVALID_BOOKING_UUID', { uuid: 'not-a-uuid' });
    const byReseller = (await octo('GET', '/bookings?resellerReference=VI-LIST-1')).json<unknown[]>().map((one) => zBooking.parse(one));
    expect(byReseller.map((one) => one.id)).toEqual([held.id]);
    const bySupplier = (await octo('GET', `/bookings?supplierReference=${held.supplierReference}`)).json<unknown[]>().map((one) => zBooking.parse(one));
    expect(bySupplier.map((one) => one.id)).toEqual([held.id]);
    expectOctoError(await octo('GET', '/bookings'), 400, 'BAD_REQUEST');

    const other = octoAs(t.app, (await createResellerWithKey(staff)).key);
    expectOctoError(await other('GET', `/bookings/${held.uuid}`), 400, 'INVALID_BOOKING_UUID', { uuid: held.uuid });
    expect((await other('GET', '/bookings?resellerReference=VI-LIST-1')).json()).toEqual([]);
    expectOctoError(await other('POST', `/bookings/${held.uuid}/cancel`, {}), 400, 'INVALID_BOOKING_UUID');
  });
});

describe('update', () => {
  it('changes the contact and notes', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure);
    const updated = booking(await octo('PATCH', `/bookings/${held.uuid}`, { contact: { ...contact, fullName: 'Anna Sigurðardóttir', firstName: 'Anna', lastName: 'Sigurðardóttir' }, notes: 'Late arrival', resellerReference: 'VI-3003' }));
    expect(updated).toMatchObject({ notes: 'Late arrival', resellerReference: 'VI-3003', contact: { fullName: 'Anna Sigurðardóttir', firstName: 'Anna', lastName: 'Sigurðardóttir' } });
  });

  it('changes the unit items: seats and price taken again, in one go', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure, { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] }, { pricing: true });
    expect(held.pricing?.retail).toBe(20_000);
    const updated = booking(await octo('PATCH', `/bookings/${held.uuid}`, { unitItems: [{ unitId: 'adult' }, { unitId: 'child' }, { unitId: 'child' }] }, { pricing: true }));
    expect(updated.unitItems.map((item) => item.unitId)).toEqual(['adult', 'child', 'child']);
    expect(updated.pricing).toMatchObject({ retail: 20_002, net: 8_750 + 4_376 + 4_376 });
    expect(updated.id).toBe(held.id);
    expect(updated.supplierReference).toBe(held.supplierReference);
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 3 });
  });

  it('moves a booking to another date: seats taken there and given back here', async () => {
    const from = await departureOf(tour);
    const to = await departureOf(tour);
    const held = await reserve(from, { unitItems: [{ unitId: 'adult' }, { unitId: 'child' }] });
    booking(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact }));
    const moved = booking(await octo('PATCH', `/bookings/${held.uuid}`, { availabilityId: to.id }));
    expect(moved).toMatchObject({ availabilityId: to.id, status: 'CONFIRMED', supplierReference: held.supplierReference });
    expect(await seatsOf(from.id)).toMatchObject({ seatsConfirmed: 0, seatsAvailable: 10 });
    expect(await seatsOf(to.id)).toMatchObject({ seatsConfirmed: 2, seatsAvailable: 8 });
  });

  it('moves a booking to another product, priced in that product’s terms', async () => {
    const from = await departureOf(tour);
    const to = await departureOf(otherTour);
    const held = await reserve(from, {}, { pricing: true });
    const moved = booking(await octo('PATCH', `/bookings/${held.uuid}`, { productId: otherTour.id, optionId: 'DEFAULT', availabilityId: to.id }, { pricing: true }));
    expect(moved).toMatchObject({ productId: otherTour.id, availabilityId: to.id, pricing: { retail: 45_000, currency: 'ISK', currencyPrecision: 0 } });
    expect(await seatsOf(from.id)).toMatchObject({ seatsHeld: 0 });
    expect(await seatsOf(to.id)).toMatchObject({ seatsHeld: 1 });
    expectOctoError(await octo('PATCH', `/bookings/${held.uuid}`, { productId: tour.id }), 400, 'BAD_REQUEST');
  });

  it('leaves the booking exactly as it was when the new departure has no seats', async () => {
    const from = await departureOf(tour);
    const full = await departureOf(tour, { capacity: 1 });
    await reserve(full);
    const held = await reserve(from, { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] });
    expectOctoError(await octo('PATCH', `/bookings/${held.uuid}`, { availabilityId: full.id }), 400, 'UNPROCESSABLE_ENTITY');
    const after = booking(await octo('GET', `/bookings/${held.uuid}`));
    expect(after).toMatchObject({ availabilityId: from.id, status: 'ON_HOLD' });
    expect(after.unitItems).toHaveLength(2);
    expect(await seatsOf(from.id)).toMatchObject({ seatsHeld: 2 });
    expect(await seatsOf(full.id)).toMatchObject({ seatsHeld: 1 });
  });
});

describe('cancel', () => {
  it('releases a hold, and a confirmed booking’s seats, exactly once, with a full refund', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure);
    const released = booking(await octo('POST', `/bookings/${held.uuid}/cancel`, {}));
    expect(released).toMatchObject({ status: 'CANCELLED', cancellation: { refund: 'FULL' }, utcExpiresAt: null });
    const other = await reserve(departure, { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] });
    booking(await octo('POST', `/bookings/${other.uuid}/confirm`, { contact }));
    const cancelled = booking(await octo('POST', `/bookings/${other.uuid}/cancel`, { reason: 'Plans changed' }));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellable: false, cancellation: { refund: 'FULL', reason: 'Plans changed' } });
    expect(booking(await octo('POST', `/bookings/${other.uuid}/cancel`, { reason: 'Again' })).status).toBe('CANCELLED');
    expect(await seatsOf(departure.id)).toMatchObject({ seatsHeld: 0, seatsConfirmed: 0, seatsAvailable: 10 });
  });

  it('refuses to cancel or change a confirmed booking past the cancellation cut-off; the office still can', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure);
    booking(await octo('POST', `/bookings/${held.uuid}/confirm`, { contact }));
    const saved = t.clock.time;
    t.clock.time = Date.parse(departure.startsAt) - 23 * 3_600_000;
    try {
      expectOctoError(await octo('POST', `/bookings/${held.uuid}/cancel`, {}), 400, 'BAD_REQUEST');
      expectOctoError(await octo('PATCH', `/bookings/${held.uuid}`, { notes: 'too late' }), 400, 'BAD_REQUEST');
      expect(booking(await octo('GET', `/bookings/${held.uuid}`)).cancellable).toBe(false);
      const office = as(t.app, (await login(t.app, t.admin)).accessToken);
      const cancelled = await office({ method: 'POST', url: `/api/bookings/${held.id}/cancel`, payload: { reason: 'Operator cancels' } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    } finally {
      t.clock.time = saved;
    }
  });
});

describe('keys', () => {
  it('answers 401 without a key, with an unknown or revoked key, and with a staff token; 403 for an inactive reseller', async () => {
    expectOctoError(await octo('GET', '/products', undefined, { key: null }), 401, 'UNAUTHORIZED');
    expectOctoError(await octo('GET', '/products', undefined, { key: 'rsk_unknown' }), 401, 'UNAUTHORIZED');
    const staffToken = (await login(t.app, t.admin)).accessToken;
    expectOctoError(await octo('GET', '/products', undefined, { key: staffToken }), 401, 'UNAUTHORIZED');

    const made = await createResellerWithKey(staff);
    const its = octoAs(t.app, made.key);
    expect((await its('GET', '/supplier')).statusCode).toBe(200);
    await staff({ method: 'PATCH', url: `/api/resellers/${made.reseller.id}`, payload: { active: false } });
    expectOctoError(await its('GET', '/supplier'), 403, 'FORBIDDEN');
    await staff({ method: 'PATCH', url: `/api/resellers/${made.reseller.id}`, payload: { active: true } });
    expect((await its('GET', '/supplier')).statusCode).toBe(200);
    const revoked = await staff({ method: 'POST', url: `/api/resellers/${made.reseller.id}/api-keys/${made.keyId}/revoke` });
    expect(revoked.json()).toMatchObject({ id: made.keyId });
    expect(revoked.json<{ revokedAt: string | null }>().revokedAt).not.toBeNull();
    expectOctoError(await its('GET', '/supplier'), 401, 'UNAUTHORIZED');
  });

  it('notes when a key was last used, at most once a minute', async () => {
    const made = await createResellerWithKey(staff);
    const keys = async () => (await staff({ method: 'GET', url: `/api/resellers/${made.reseller.id}/api-keys` })).json<{ data: { id: string; lastUsedAt: string | null }[] }>().data;
    expect((await keys())[0].lastUsedAt).toBeNull();
    const its = octoAs(t.app, made.key);
    expect((await its('GET', '/supplier')).statusCode).toBe(200);
    const first = (await keys()).find((key) => key.id === made.keyId)!.lastUsedAt;
    expect(first).toBe(new Date(t.clock.time).toISOString());
    t.clock.advance(30_000);
    await its('GET', '/supplier');
    expect((await keys()).find((key) => key.id === made.keyId)!.lastUsedAt).toBe(first);
    t.clock.advance(31_000);
    await its('GET', '/supplier');
    expect((await keys()).find((key) => key.id === made.keyId)!.lastUsedAt).toBe(new Date(t.clock.time).toISOString());
  });

  it('opens no staff route with a reseller key', async () => {
    const made = await createResellerWithKey(staff);
    const response = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: { authorization: `Bearer ${made.key}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('names the reseller and the key in the audit log and the booking’s history', async () => {
    const departure = await departureOf(tour);
    const held = await reserve(departure);
    const history = (await staff({ method: 'GET', url: `/api/bookings/${held.id}/timeline` })).json<{ data: { action: string; actorName: string | null }[] }>();
    expect(history.data[0]).toMatchObject({ action: 'booking.created' });
    expect(history.data[0].actorName).toMatch(/^Reseller .+ \(key rsk_.{8}…\)$/);
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?targetId=${held.id}` })).json<{ data: { actorLabel: string | null; actorId: string | null }[] }>();
    expect(audit.data[0].actorId).toBeNull();
    expect(audit.data[0].actorLabel).toBe(history.data[0].actorName);
  });
});

describe('rate limit', () => {
  it('answers 429 TOO_MANY_REQUESTS with Retry-After past the key’s rate', async () => {
    const limited = await createTestApp({ env: { OCTO_RATE_LIMIT: '3' } });
    try {
      const office = as(limited.app, (await login(limited.app, limited.admin)).accessToken);
      const made = await createResellerWithKey(office);
      const its = octoAs(limited.app, made.key);
      for (let call = 0; call < 3; call += 1) expect((await its('GET', '/supplier')).statusCode).toBe(200);
      const refused = await its('GET', '/supplier');
      expectOctoError(refused, 429, 'TOO_MANY_REQUESTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      limited.clock.advance(1_000);
      expect((await its('GET', '/supplier')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
