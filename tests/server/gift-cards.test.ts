/**
 * Gift cards over the API: issued by those allowed (audited), with a code of 16 characters of
 * Crockford's base 32 taken in any case; a booking paid with one debits it in the same transaction
 * (its ledger and the booking's payments agree), a short balance or a void, expired or foreign card
 * is refused with nothing moved; a refund may go back to the card; two bookings paying from one
 * card at once never take it below 0; the summary says what cards sold, paid and still hold. Runs
 * on the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server (a real race).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Payment } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { GiftCardWithTransactions } from '../../src/shared/contract/gift-cards.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let staff: ReturnType<typeof as>;
let sales: ReturnType<typeof as>;
let finance: ReturnType<typeof as>;
let tour: Tour;
let departure: Departure;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await login(t.app, t.admin);
  staff = as(t.app, admin.accessToken);
  const seller = await createUser(t.app, admin.accessToken, { email: 'sales.cards@example.test', roles: ['SALES'] });
  sales = as(t.app, (await login(t.app, seller)).accessToken);
  const cashier = await createUser(t.app, admin.accessToken, { email: 'finance.cards@example.test', roles: ['FINANCE'] });
  finance = as(t.app, (await login(t.app, cashier)).accessToken);
  tour = await createTour(viaInject(staff), { code: 'CARD-TOUR', currency: 'EUR', status: 'published', bookingCutoffHours: 0, prices: { ADULT: 40_000, CHILD: null, INFANT: null } });
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  departure = await createDeparture(viaInject(staff), tour.id, { startDate: start, startTime: '09:00', capacity: 60 });
});
afterAll(async () => {
  await t?.close();
});

const issue = async (payload: Record<string, unknown>, caller = finance) => {
  const made = await caller({ method: 'POST', url: '/api/gift-cards', payload });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<GiftCardWithTransactions>();
};
const book = async (travellers = 1) => {
  const made = await staff({
    method: 'POST',
    url: '/api/bookings',
    payload: { departureId: departure.id, status: 'confirmed', contact: { name: 'Kim Card', email: 'kim@example.test' }, travellers: Array.from({ length: travellers }, (_, i) => ({ category: 'ADULT', firstName: `K${i}`, lastName: 'Card' })) },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Booking>();
};
const pay = (booking: Booking, payload: Record<string, unknown>) => finance({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', method: 'gift_card', ...payload } });
const cardNow = async (card: { id: string }) => (await staff({ method: 'GET', url: `/api/gift-cards/${card.id}` })).json<GiftCardWithTransactions>();
const bookingNow = async (booking: Booking) => (await staff({ method: 'GET', url: `/api/bookings/${booking.id}` })).json<Booking>();

describe('issuing', () => {
  it('gives a card a code of 16 Crockford characters in groups of four; FINANCE issues, SALES only reads; audited', async () => {
    expectError(await sales({ method: 'POST', url: '/api/gift-cards', payload: { currency: 'EUR', amountMinor: 5_000 } }), 403, 'FORBIDDEN');
    const card = await issue({ currency: 'EUR', amountMinor: 10_000, recipientName: 'Mia Gift', recipientEmail: 'mia@example.test', message: 'Happy birthday!' });
    expect(card.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(card).toMatchObject({ currency: 'EUR', initialMinor: 10_000, balanceMinor: 10_000, status: 'active', expiresAt: null, recipientName: 'Mia Gift', soldOnline: false });
    expect(card.transactions).toMatchObject([{ kind: 'issue', amountMinor: 10_000, balanceAfterMinor: 10_000, bookingId: null }]);
    expect((await sales({ method: 'GET', url: `/api/gift-cards/${card.id}` })).statusCode).toBe(200);
    // Found by its code in any case, without dashes, or by the recipient.
    const typed = card.code.replaceAll('-', '').toLowerCase();
    const found = (await sales({ method: 'GET', url: `/api/gift-cards?q=${typed}` })).json<{ data: { id: string }[] }>();
    expect(found.data.map((each) => each.id)).toEqual([card.id]);
    expect((await sales({ method: 'GET', url: '/api/gift-cards?q=mia@example' })).json<{ data: { id: string }[] }>().data.map((each) => each.id)).toContain(card.id);
    const codes = new Set(await Promise.all(Array.from({ length: 20 }, async () => (await issue({ currency: 'EUR', amountMinor: 100 })).code)));
    expect(codes.size).toBe(20);
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?action=gift_card.issued&targetId=${card.id}` })).json<{ data: unknown[] }>();
    expect(audit.data).toHaveLength(1);
    expectError(await finance({ method: 'POST', url: '/api/gift-cards', payload: { currency: 'EUR', amountMinor: 0 } }), 400, 'VALIDATION');
  });
});

describe('paying with a card', () => {
  it('debits the card and records the payment in one transaction; the ledger and the booking agree', async () => {
    const card = await issue({ currency: 'EUR', amountMinor: 50_000 });
    const booking = await book(2);
    const paid = await pay(booking, { giftCardCode: card.code.toLowerCase(), amountMinor: 30_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json<Payment>()).toMatchObject({ kind: 'payment', method: 'gift_card', amountMinor: 30_000, giftCardId: card.id, reference: `Gift card …${card.code.slice(-4)}` });
    expect(await bookingNow(booking)).toMatchObject({ paidMinor: 30_000, balanceMinor: 50_000 });
    const now = await cardNow(card);
    expect(now.balanceMinor).toBe(20_000);
    expect(now.transactions.at(-1)).toMatchObject({ kind: 'redeem', amountMinor: -30_000, balanceAfterMinor: 20_000, bookingId: booking.id, bookingReference: booking.reference });

    // Short: refused with nothing moved; then the rest of the card, and the rest by card.
    const short = await pay(booking, { giftCardCode: card.code, amountMinor: 20_001 });
    expectError(short, 409, 'GIFT_CARD_BALANCE');
    expect(short.json<{ message: string }>().message).toBe('This gift card holds €200.00: pay at most that with it, and the rest another way.');
    expect((await cardNow(card)).balanceMinor).toBe(20_000);
    expect((await pay(booking, { giftCardCode: card.code.replaceAll('-', ''), amountMinor: 20_000 })).statusCode).toBe(201);
    expect((await cardNow(card)).status).toBe('used');
    expectError(await pay(booking, { giftCardCode: card.code, amountMinor: 100 }), 409, 'GIFT_CARD_BALANCE');

    // Given back to the card: a refund with refundTo.
    const back = await finance({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'refund', method: 'gift_card', refundTo: 'gift_card', amountMinor: 15_000 } });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json<Payment>()).toMatchObject({ kind: 'refund', method: 'gift_card', giftCardId: card.id, amountMinor: 15_000 });
    expect(await cardNow(card)).toMatchObject({ balanceMinor: 15_000, status: 'active' });
    expect(await bookingNow(booking)).toMatchObject({ paidMinor: 35_000 });
    const tooMuch = await finance({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'refund', method: 'gift_card', refundTo: 'gift_card', amountMinor: 35_001 } });
    expectError(tooMuch, 400, 'VALIDATION');
  });

  it('refuses an unknown, void, expired or foreign card with GIFT_CARD_INVALID and moves nothing', async () => {
    const booking = await book();
    const voided = await issue({ currency: 'EUR', amountMinor: 5_000 });
    const off = await finance({ method: 'POST', url: `/api/gift-cards/${voided.id}/void`, payload: { note: 'Reported stolen' } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<GiftCardWithTransactions>()).toMatchObject({ status: 'void', balanceMinor: 0 });
    const krona = await issue({ currency: 'ISK', amountMinor: 500_000 });
    const soon = await issue({ currency: 'EUR', amountMinor: 5_000, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    t.clock.time = Date.now() + 120_000;
    const cases: [string, string][] = [
      ['0000-0000-0000-0000', 'There is no gift card with this code.'],
      [voided.code, 'This gift card is void.'],
      [soon.code, 'This gift card has expired.'],
      [krona.code, 'This gift card is in ISK: it pays only for bookings in ISK.'],
    ];
    for (const [code, message] of cases) {
      const refused = await pay(booking, { giftCardCode: code, amountMinor: 1_000 });
      expectError(refused, 409, 'GIFT_CARD_INVALID');
      expect(refused.json<{ message: string }>().message).toBe(message);
    }
    t.clock.time = Date.now();
    expect(await bookingNow(booking)).toMatchObject({ paidMinor: 0 });
    expect((await cardNow(krona)).balanceMinor).toBe(500_000);
  });

  it('takes a card once for one Idempotency-Key: the same payment sent again answers the first, the card is debited once', async () => {
    const card = await issue({ currency: 'EUR', amountMinor: 50_000 });
    const booking = await book();
    const send = () =>
      finance({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, headers: { 'idempotency-key': `card-replay-${card.id}` }, payload: { kind: 'payment', method: 'gift_card', giftCardCode: card.code, amountMinor: 12_000 } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json<Payment>().id).toBe(first.json<Payment>().id);
    expect(await cardNow(card)).toMatchObject({ balanceMinor: 38_000 });
    expect((await cardNow(card)).transactions.filter((entry) => entry.kind === 'redeem')).toHaveLength(1);
    expect(await bookingNow(booking)).toMatchObject({ paidMinor: 12_000 });
  });

  it('gives a refund back over two cards, the latest first, each at most what it paid; more than they paid is refused', async () => {
    const older = await issue({ currency: 'EUR', amountMinor: 10_000 });
    const newer = await issue({ currency: 'EUR', amountMinor: 10_000 });
    const booking = await book();
    expect((await pay(booking, { giftCardCode: older.code, amountMinor: 10_000 })).statusCode).toBe(201);
    expect((await pay(booking, { giftCardCode: newer.code, amountMinor: 6_000 })).statusCode).toBe(201);
    const refund = (amountMinor: number) => finance({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'refund', method: 'gift_card', refundTo: 'gift_card', amountMinor } });
    expectError(await refund(16_001), 400, 'VALIDATION');
    const back = await refund(9_000);
    expect(back.statusCode, back.body).toBe(201);
    // The newer card takes back what it paid (6,000), the older the rest (3,000).
    expect([(await cardNow(newer)).balanceMinor, (await cardNow(older)).balanceMinor]).toEqual([10_000, 3_000]);
    expect(await bookingNow(booking)).toMatchObject({ paidMinor: 7_000 });
    const payments = (await staff({ method: 'GET', url: `/api/bookings/${booking.id}/payments` })).json<{ data: Payment[] }>().data;
    expect(payments.filter((payment) => payment.kind === 'refund').map((payment) => [payment.giftCardId, payment.amountMinor]).sort()).toEqual([[newer.id, 6_000], [older.id, 3_000]].sort());
  });

  it('adjusts with a note, never below 0; audited', async () => {
    const card = await issue({ currency: 'EUR', amountMinor: 2_000 });
    const up = await finance({ method: 'POST', url: `/api/gift-cards/${card.id}/adjust`, payload: { amountMinor: 500, note: 'Goodwill after the late pick-up' } });
    expect(up.json<GiftCardWithTransactions>()).toMatchObject({ balanceMinor: 2_500 });
    expectError(await finance({ method: 'POST', url: `/api/gift-cards/${card.id}/adjust`, payload: { amountMinor: -2_501, note: 'Too much' } }), 409, 'GIFT_CARD_BALANCE');
    expectError(await sales({ method: 'POST', url: `/api/gift-cards/${card.id}/adjust`, payload: { amountMinor: 1, note: 'Not mine to do' } }), 403, 'FORBIDDEN');
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?action=gift_card.adjusted&targetId=${card.id}` })).json<{ data: { details: Record<string, unknown> }[] }>();
    expect(audit.data[0]?.details).toMatchObject({ amountMinor: 500, balanceBefore: 2_000, balanceAfter: 2_500, note: 'Goodwill after the late pick-up' });
  });

  it('never goes below 0 when ten bookings pay from one card at once', async () => {
    const card = await issue({ currency: 'EUR', amountMinor: 100_000 });
    const bookings = await Promise.all(Array.from({ length: 10 }, () => book()));
    // Ten payments of €300.00 from a card of €1,000.00: three can be paid.
    const answers = await Promise.all(bookings.map((booking) => pay(booking, { giftCardCode: card.code, amountMinor: 30_000 })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.json<{ code: string }>().code)).toEqual(Array(7).fill('GIFT_CARD_BALANCE'));
    const now = await cardNow(card);
    expect(now.balanceMinor).toBe(10_000);
    expect(now.transactions.filter((entry) => entry.kind === 'redeem')).toHaveLength(3);
    const paid = (await Promise.all(bookings.map(bookingNow))).reduce((sum, booking) => sum + booking.paidMinor, 0);
    expect(paid).toBe(90_000);
  });
});

describe('the summary', () => {
  it('says what cards sold and paid in the last 30 days and what active cards still hold; a card’s payment is not money collected again', async () => {
    type Summary = { giftCards: { currency: string; soldLast30DaysMinor: number; redeemedLast30DaysMinor: number; outstandingMinor: number }[]; money: { currency: string; collectedLast30DaysMinor: number }[] };
    const summary = async () => (await staff({ method: 'GET', url: '/api/reports/summary' })).json<Summary>();
    const read = async () => (await summary()).giftCards.find((row) => row.currency === 'EUR')!;
    const collected = async () => (await summary()).money.find((row) => row.currency === 'EUR')?.collectedLast30DaysMinor ?? 0;
    const before = await read();
    const collectedBefore = await collected();
    const card = await issue({ currency: 'EUR', amountMinor: 7_000 });
    const booking = await book();
    expect((await pay(booking, { giftCardCode: card.code, amountMinor: 2_500 })).statusCode).toBe(201);
    const after = await read();
    expect([after.soldLast30DaysMinor - before.soldLast30DaysMinor, after.redeemedLast30DaysMinor - before.redeemedLast30DaysMinor, after.outstandingMinor - before.outstandingMinor]).toEqual([7_000, 2_500, 4_500]);
    expect(await collected()).toBe(collectedBefore);
    // Cash taken for the rest is money collected; its refund back to the card is not.
    expect((await finance({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', method: 'cash', amountMinor: 1_000 } })).statusCode).toBe(201);
    expect(await collected()).toBe(collectedBefore + 1_000);
    expect((await finance({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'refund', method: 'gift_card', refundTo: 'gift_card', amountMinor: 500 } })).statusCode).toBe(201);
    expect(await collected()).toBe(collectedBefore + 1_000);
  });
});
