/**
 * A customer's own booking (/api/shop/manage): read by the token of its link, without a session.
 * The token is the only key (manage-links.ts); what the answer holds is the customer's, never the
 * office's.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MANAGE_CHANGE_DAYS, MANAGE_LOOKUP_RULES, type ManageChangeDates, type ManageChangeQuote } from '../../shared/contract/shop.js';
import { closedFor } from '../../shared/contract/departure-rules.js';
import { addDays, localDateAt } from '../../shared/local-time.js';
import { cancellationQuoteAt } from '../../shared/payment-schedule.js';
import { AppError } from '../http/errors.js';
import { answerLanguageOf, pageLanguageOf } from './language.js';
import type { Booking } from '../../shared/contract/bookings.js';
import type { Tour } from '../../shared/contract/tours.js';
import { manageLinkHolds } from './manage-links.js';
import { manageErrors, managedAnswer, manageRules } from './manage.js';
import { httpErrors } from '../http/errors.js';
import { shopOrigin } from './cart-routes.js';
import { getManagedBookingSchema, manageCancelSchema, manageChangeDatesSchema, manageChangeQuoteSchema, manageChangeSchema, manageLookupSchema, managePaySchema } from './schemas.js';

/** How long a payment page made from the customer's own page lives. */
const PAY_PAGE_MS = 60 * 60_000;

const WINDOW_MS = MANAGE_LOOKUP_RULES.windowMinutes * 60_000;
/** The lookup's one answer, whatever was found: nothing is learnt of the references. */
const LOOKUP_ANSWER = {
  en: 'If a booking matches, the link to it is on its way to the e-mail address it was booked with.',
  de: 'Wenn eine Buchung passt, ist der Link dazu an die E-Mail-Adresse unterwegs, mit der sie gebucht wurde.',
};

/** A name as compared: accents and case ignored, ß as ss (Weiß is typed Weiss on a keyboard without it), spaces folded. */
function folded(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
}

/** Whether a last name given is the lead traveller's or the contact's (the contact's name's last words). */
function lastNameMatches(booking: Booking, lastName: string): boolean {
  const given = folded(lastName);
  if (given === '') return false;
  const lead = booking.travellers[0];
  if (lead && folded(lead.lastName) === given) return true;
  const contact = folded(booking.contact.name);
  return contact === given || contact.endsWith(` ${given}`);
}

export const manageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/manage/:token', { schema: getManagedBookingSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { booking, tour } = await managedBooking(app, request.params.token);
    return managedView(app, booking, tour);
  });

  app.post('/manage/:token/pay', { schema: managePaySchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // The way back from Stripe is a page: its language is the address's.
    const language = pageLanguageOf(request);
    return { url: await payPage(app, request.params.token, request.body.amountMinor, language, shopOrigin(request)) };
  });

  app.post('/manage/:token/cancel', { schema: manageCancelSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { booking } = await cancelOwnBooking(app, request.params.token, shopOrigin(request), (error, id) => request.log.warn({ refundId: id, reason: error instanceof Error ? error.message : String(error) }, 'Stripe did not answer a card refund: it is asked again later'));
    return booking;
  });

  app.get('/manage/:token/dates', { schema: manageChangeDatesSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { booking, tour } = await managedBooking(app, request.params.token);
    return { data: await changeDates(app, booking, tour) };
  });

  app.post('/manage/:token/change-quote', { schema: manageChangeQuoteSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return quoteOwnChange(app, request.params.token, request.body.departureId, shopOrigin(request));
  });

  app.post('/manage/:token/change', { schema: manageChangeSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return changeOwnBooking(app, request.params.token, request.body.departureId, shopOrigin(request), (error, id) =>
      request.log.warn({ refundId: id, reason: error instanceof Error ? error.message : String(error) }, 'Stripe did not answer a card refund: it is asked again later'),
    );
  });

  app.post('/manage/lookup', { schema: manageLookupSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await lookUpBooking(app, request.body.reference, request.body.lastName, request.ip);
    return reply.code(202).send({ message: LOOKUP_ANSWER[answerLanguageOf(request)] });
  });
};

type ShopApp = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * A customer asks for their booking's link again (the API's lookup and the page's form): at most
 * MANAGE_LOOKUP_RULES.perWindow per reference and per address in its window (429 past it); the
 * booking is looked up and its link e-mailed to its own address after the answer, so neither the
 * answer nor its time says whether the reference exists.
 */
export async function lookUpBooking(app: ShopApp, referenceGiven: string, lastName: string, ip: string): Promise<void> {
  const reference = referenceGiven.replace(/\s+/g, '').toUpperCase();
  const keys = [`manage-lookup:ref:${reference}`, `manage-lookup:ip:${ip}`];
  const counts = await Promise.all(keys.map((key) => app.counters.peek(key)));
  const full = counts.find((count) => count.count >= MANAGE_LOOKUP_RULES.perWindow);
  if (full) {
    const retryAfter = Math.max(1, Math.ceil((full.resetAt - app.now()) / 1000));
    throw new AppError(429, 'RATE_LIMITED', `Too many lookups for this booking or from your address: try again in ${Math.ceil(retryAfter / 60)} min.`, undefined, { 'retry-after': String(retryAfter) });
  }
  await Promise.all(keys.map((key) => app.counters.hit(key, WINDOW_MS)));
  app.background.run('send a booking’s link again', async () => {
    const booking = await app.bookings.byReference(reference);
    if (!booking || booking.resellerId !== null || booking.contact.email.trim() === '') return;
    if (booking.status !== 'confirmed' && booking.status !== 'cancelled') return;
    if (!lastNameMatches(booking, lastName)) return;
    await app.db.transaction().execute((trx) => app.messages.queueIn(trx, booking, 'manage_link', `lookup:${randomUUID()}`));
  });
}

/** The lookup's one answer, in a language. */
export function lookupAnswer(language: 'en' | 'de'): string {
  return LOOKUP_ANSWER[language];
}


/** The booking a token opens, with its tour; 404 for a token that opens none, a reseller's booking, or a link run out. */
export async function managedBooking(app: ShopApp, token: string): Promise<{ booking: Booking; tour: Tour }> {
  const bookingId = await app.shop.manageLinks.bookingOf(token);
  const booking = bookingId === null ? null : await app.bookings.get(bookingId);
  if (!booking || booking.resellerId !== null) throw manageErrors.notFound();
  const tour = await app.tours.get(booking.tourId);
  if (!tour) throw manageErrors.notFound();
  if (!manageLinkHolds(booking, tour.durationDays, new Date(app.now()))) throw manageErrors.expired();
  return { booking, tour };
}

/**
 * A payment page for what the customer still owes (or part of it), made from their own page: the
 * same amount asked again while its page is payable answers the same page. Stripe's event records
 * the payment as any card payment's.
 */
export async function payPage(app: ShopApp, token: string, asked: number | undefined, language: 'en' | 'de', origin: ReturnType<typeof shopOrigin>): Promise<string> {
  const { booking, tour } = await managedBooking(app, token);
  const rules = manageRules(booking, tour, app.now(), app.paymentLinks.configured);
  if (!rules.can.pay) throw manageErrors.cannotPay(rules.why.pay);
  const amountMinor = asked ?? booking.balanceMinor;
  if (amountMinor > booking.balanceMinor) throw httpErrors.validation({ amountMinor: `must be at most ${booking.balanceMinor}: what is still to pay` });
  const expiresAt = new Date(app.now() + PAY_PAGE_MS);
  const open = await app.paymentLinks.openFor(booking.id, amountMinor, new Date(app.now() + 10 * 60_000));
  if (open) return open.url;
  const back = `${app.config.publicUrl}/shop/manage/${token}${language === 'de' ? '?lang=de' : ''}`;
  const link = await app.paymentLinks.prepare(booking, { amountMinor, email: false }, { successUrl: back, cancelUrl: back, expiresAt, metadata: {} });
  await app.db.transaction().execute((trx) => app.paymentLinks.store(trx, booking, link, null, origin));
  return link.session.url;
}

/** The customer's answer: the booking, its voucher while confirmed, what they may do, and what cancelling would keep. */
export async function managedView(app: ShopApp, booking: Booking, tour: Tour) {
  const rules = manageRules(booking, tour, app.now(), app.paymentLinks.configured);
  // The booking and its tour's terms are at hand: the quote is worked out from them, not read again.
  const cancellationQuote = rules.can.cancel ? cancellationQuoteAt(tour.cancellationFees, booking, new Date(app.now())) : null;
  const [voucherUrl, refunding] = await Promise.all([booking.status === 'confirmed' ? app.voucherLinks.url(booking.id) : null, app.cardRefunds.underway(booking.id)]);
  return managedAnswer(booking, tour, rules, { voucherUrl, cancellationQuote, refundingMinor: refunding.reduce((sum, refund) => sum + refund.amountMinor, 0) });
}

type RefundLog = (error: unknown, id: string) => void;

/** Stripe is asked for the refunds a change wrote, now; the e-mail its transaction queued goes out. */
async function afterSelfService(app: ShopApp, refundIds: string[], origin: ReturnType<typeof shopOrigin>, log: RefundLog): Promise<void> {
  if (refundIds.length > 0) await app.flows.sendCardRefunds(refundIds, origin, log);
  app.messages.nudge();
}

/**
 * The customer cancels under the tour's terms: the fee today's quote keeps, the rest refunded to
 * their card (asked now; asked again later by the jobs if Stripe does not answer).
 */
export async function cancelOwnBooking(app: ShopApp, token: string, origin: ReturnType<typeof shopOrigin>, log: RefundLog) {
  const { booking, tour } = await managedBooking(app, token);
  const rules = manageRules(booking, tour, app.now(), app.paymentLinks.configured);
  if (!rules.can.cancel) throw manageErrors.cannotCancel(rules.why.cancel, tour.selfService.untilHours);
  const quote = cancellationQuoteAt(tour.cancellationFees, booking, new Date(app.now()));
  const done = await app.flows.cancelByCustomer(booking.id, quote.feeMinor, origin);
  app.log.info({ bookingId: booking.id, reference: booking.reference, feeMinor: quote.feeMinor, refunds: done.refundIds.length }, 'a customer cancelled their booking on its own page');
  await afterSelfService(app, done.refundIds, origin, log);
  return { booking: await managedView(app, (await app.bookings.get(booking.id))!, tour), refundIds: done.refundIds };
}

/** The departure a customer asks to move to, checked against their booking and the tour's rules (the change flow checks the seats and that it still sells). */
async function changeAllowed(app: ShopApp, token: string, departureId: string) {
  const { booking, tour } = await managedBooking(app, token);
  const rules = manageRules(booking, tour, app.now(), app.paymentLinks.configured);
  if (!rules.can.change) throw manageErrors.cannotChange(rules.why.change, tour.selfService.untilHours);
  if (departureId === booking.departureId) throw manageErrors.sameDeparture();
  const departure = await app.departures.get(departureId);
  if (!departure || departure.tourId !== booking.tourId) throw manageErrors.otherTour();
  return { booking, tour, departure };
}

export async function quoteOwnChange(app: ShopApp, token: string, departureId: string, origin: ReturnType<typeof shopOrigin>): Promise<ManageChangeQuote> {
  const { booking, departure } = await changeAllowed(app, token, departureId);
  const moved = await app.flows.quoteChangeByCustomer(booking.id, departureId, origin);
  return {
    departure: { departureId: departure.id, date: departure.startDate, startTime: departure.startTime, startsAt: departure.startsAt, timeZone: departure.timeZone },
    currency: moved.currency,
    newTotalMinor: moved.totalMinor,
    differenceMinor: moved.totalMinor - booking.totalMinor,
    newBalanceMinor: moved.balanceMinor,
  };
}

export async function changeOwnBooking(app: ShopApp, token: string, departureId: string, origin: ReturnType<typeof shopOrigin>, log: RefundLog) {
  const { booking, tour } = await changeAllowed(app, token, departureId);
  const done = await app.flows.changeByCustomer(booking.id, departureId, origin);
  app.log.info({ bookingId: booking.id, reference: booking.reference, from: booking.departureId, to: departureId, refunds: done.refundIds.length }, 'a customer moved their booking on its own page');
  await afterSelfService(app, done.refundIds, origin, log);
  return managedView(app, (await app.bookings.get(booking.id))!, tour);
}

/** The dates a booking may move to: the tour's open departures in the year ahead, not past their cut-off, with its seats free. */
export async function changeDates(app: ShopApp, booking: Booking, tour: Tour): Promise<ManageChangeDates['data']> {
  if (!manageRules(booking, tour, app.now(), app.paymentLinks.configured).can.change) return [];
  const at = new Date(app.now());
  const from = localDateAt(at, tour.timeZone);
  const departures = await app.departures.calendarOf(tour.id, { from, to: addDays(from, MANAGE_CHANGE_DAYS) }, tour.bookingCutoffHours);
  return departures
    .filter((departure) => departure.id !== booking.departureId && departure.seatsAvailable >= booking.seats)
    .filter((departure) => closedFor({ status: departure.status, startsAt: departure.startsAt, bookingCutoffHours: tour.bookingCutoffHours }, at.getTime()) === null)
    .map((departure) => ({ departureId: departure.id, date: departure.startDate, startTime: departure.startTime, startsAt: departure.startsAt, adultPriceMinor: departure.prices.ADULT ?? null }));
}
