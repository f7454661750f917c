/**
 * The shop's carts (/api/shop/carts): a customer holds seats, gives the names and contact, keeps
 * the seats a little longer or gives them up. No session: the cart's key is the only key. Every
 * change goes through the flows the office and the resellers sell through.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NewBooking } from '../../shared/contract/bookings.js';
import { CART_RULES, type NewCart } from '../../shared/contract/shop.js';
import { SHOP_CUSTOMER_LABEL } from '../../shared/domains/shop.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { httpErrors } from '../http/errors.js';
import { answerLanguageOf } from './language.js';
import { cartAnswer, cartErrors, newCartKey, type CartRow } from './carts.js';
import { checkoutCartSchema, createCartSchema, deleteCartSchema, extendCartSchema, getCartSchema, patchCartSchema } from './schemas.js';

const HOUR_MS = 3_600_000;
/** Stripe's shortest Checkout Session is 30 minutes; a minute more for the clocks' difference. */
const SHORTEST_SESSION_MS = 31 * 60_000;
const CATEGORIES = ['ADULT', 'CHILD', 'INFANT'] as const;
/** A cart's own fields when it is made. */
const NEW_CART = { id: '', extensions: 0, marketing_consent: false, checkout_at: null, paid_at: null, released_at: null } as const;
/** What a customer's note to the office starts with, so staff tell it from their own. */
const CUSTOMER_NOTE = 'From the customer (online shop):';

/** What a customer does in the shop: no user acts; the audit log names the customer. */
export function shopOrigin(request: FastifyRequest): RequestOrigin {
  return { actorId: null, actorLabel: SHOP_CUSTOMER_LABEL, permissions: null, ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/** Whole years from a date of birth to a day (YYYY-MM-DD both): a birthday on the day counts. */
function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Why a date of birth does not fit the category it was held as, by the tour's age bands on the departure's day; null when it does. */
function categoryRefusedBecause(category: 'ADULT' | 'CHILD' | 'INFANT', dateOfBirth: string, startDate: string, bands: { infantAgeUnder: number; childAgeUnder: number }): string | null {
  if (dateOfBirth > startDate) return 'must be before the day of the trip';
  const age = ageOn(dateOfBirth, startDate);
  if (category === 'ADULT' && age < bands.childAgeUnder) return `is of someone under ${bands.childAgeUnder} on the day: book them as a child or an infant`;
  if (category === 'CHILD' && age >= bands.childAgeUnder) return `is of someone ${bands.childAgeUnder} or older on the day: book them as an adult`;
  if (category === 'CHILD' && age < bands.infantAgeUnder) return `is of someone under ${bands.infantAgeUnder} on the day: book them as an infant`;
  if (category === 'INFANT' && age >= bands.infantAgeUnder) return `is of someone ${bands.infantAgeUnder} or older on the day: book them as a child`;
  return null;
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

export const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (key: string, cart: CartRow) => {
    const booking = await app.bookings.get(cart.booking_id);
    if (!booking) throw cartErrors.notFound();
    return app.shop.manageLinks.onCart(cartAnswer(key, cart, booking, app.now()), booking.id, cart.language);
  };

  /** The cart and its booking, when it is still open (409 naming why not). */
  const openCart = async (key: string) => {
    const cart = await app.shop.carts.byKey(key);
    if (!cart) throw cartErrors.notFound();
    const booking = await app.bookings.get(cart.booking_id);
    if (!booking) throw cartErrors.notFound();
    const now = cartAnswer(key, cart, booking, app.now());
    if (now.status !== 'open') throw cartErrors.notOpen(now.status);
    return { cart, booking };
  };

  app.post('/carts', { schema: createCartSchema }, async (request, reply) => {
    noStore(reply);
    const settings = await app.shop.settings.current();
    if (!settings.enabled) throw httpErrors.notFound('The online shop is closed.');
    const body: NewCart = request.body;
    const counts = { ADULT: body.travellers.ADULT ?? 0, CHILD: body.travellers.CHILD ?? 0, INFANT: body.travellers.INFANT ?? 0 };
    const travellers = counts.ADULT + counts.CHILD + counts.INFANT;
    if (travellers === 0) throw httpErrors.validation({ travellers: 'must count at least one traveller' });
    if (counts.ADULT === 0) throw httpErrors.validation({ 'travellers.ADULT': 'must be at least 1: children and infants travel with an adult' });
    // An extra is had at most once by each traveller: a robot's thousand picnics are no order.
    const problems: Record<string, string> = {};
    (body.extras ?? []).forEach((extra, index) => {
      if (extra.quantity > travellers) problems[`extras.${index}.quantity`] = `must be at most ${travellers}: one for each traveller`;
    });
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);

    // This address's carts made this hour (shared by the instances through the counters' store):
    // looked at first, counted once the cart is made, so refused tries (sold out) cost nothing.
    const hourKey = `shop-cart:${request.ip}`;
    const { count, resetAt } = await app.counters.peek(hourKey);
    if (count >= app.shop.limits.cartsPerHour) throw cartErrors.tooMany(Math.max(1, Math.ceil((resetAt - app.now()) / 1000)));

    const language = body.language ?? answerLanguageOf(request);
    const key = newCartKey();
    const input: NewBooking = {
      departureId: body.departureId,
      // Names and contact come with the cart's next step; the seats are held now.
      contact: { name: '', email: '', phone: null, language },
      travellers: CATEGORIES.flatMap((category) => Array.from({ length: counts[category] }, () => ({ category, firstName: '', lastName: '' }))),
      extras: body.extras,
      holdMinutes: settings.holdMinutes,
      ...(body.promoCode !== undefined && { promoCode: body.promoCode }),
    };
    const { limits } = app.shop;
    // The departure, its tour and its terms are read by the flow: a departure the shop does not sell is 404 there.
    const booking = await app.flows.openCart(input, shopOrigin(request), { hash: key.hash, client: request.ip, language, maxOpen: limits.maxOpenCarts, maxSeats: limits.maxHeldSeats });
    await app.counters.hit(hourKey, HOUR_MS);
    reply.code(201);
    // The cart as just written (nothing else can have changed it yet): answered without reading it again.
    return cartAnswer(key.key, { ...NEW_CART, booking_id: booking.id, client: request.ip, language, created_at: new Date(app.now()) }, booking, app.now());
  });

  app.get('/carts/:cartId', { schema: getCartSchema }, async (request, reply) => {
    noStore(reply);
    const cart = await app.shop.carts.byKey(request.params.cartId);
    if (!cart) throw cartErrors.notFound();
    return answer(request.params.cartId, cart);
  });

  app.patch('/carts/:cartId', { schema: patchCartSchema }, async (request, reply) => {
    noStore(reply);
    const { cart, booking } = await openCart(request.params.cartId);
    const patch = request.body;
    // The travellers given, matched to the held ones category by category, in the order given.
    const problems: Record<string, string> = {};
    const held = CATEGORIES.map((category) => booking.travellers.filter((traveller) => traveller.category === category));
    const given = CATEGORIES.map((category) => patch.travellers.filter((traveller) => traveller.category === category));
    const [adults, children, infants] = held.map((travellers) => travellers.length);
    if (CATEGORIES.some((_category, index) => held[index]!.length !== given[index]!.length)) {
      problems.travellers = `must be the travellers held: ${adults} adults, ${children} children and ${infants} infants`;
    }
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    // A date of birth given must fit the category held: a child's price is not an adult's (the tour's bands, on the day it starts).
    if (patch.travellers.some((traveller) => traveller.dateOfBirth)) {
      const tour = await app.tours.get(booking.tourId);
      if (tour) {
        patch.travellers.forEach((traveller, index) => {
          const problem = traveller.dateOfBirth ? categoryRefusedBecause(traveller.category, traveller.dateOfBirth, booking.startDate, tour) : null;
          if (problem) problems[`travellers.${index}.dateOfBirth`] = problem;
        });
        if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
      }
    }
    const names = CATEGORIES.flatMap((_, index) =>
      given[index]!.map((traveller, position) => ({
        id: held[index]![position]!.id,
        firstName: traveller.firstName,
        lastName: traveller.lastName,
        ...(traveller.dateOfBirth !== undefined && { dateOfBirth: traveller.dateOfBirth }),
      })),
    );
    const { contact } = patch;
    const amendment = {
      contact: { name: contact.name, email: contact.email, phone: contact.phone ?? null, ...(contact.language !== undefined && { language: contact.language }) },
      travellers: names,
      // The customer's words, marked as theirs among the office's notes.
      ...(patch.notes !== undefined && { notes: patch.notes.trim() === '' ? '' : `${CUSTOMER_NOTE} ${patch.notes.trim()}` }),
    };
    // One statement while the booking is as read above; changed meanwhile, amended as the office amends it.
    const amended = (await app.bookings.amendAsRead(app.db, booking, amendment, shopOrigin(request))) ?? (await app.flows.amendBooking(booking.id, amendment, shopOrigin(request)));
    await app.shop.carts.setCustomerChoices(cart.id, { ...(patch.marketingConsent !== undefined && { marketingConsent: patch.marketingConsent }), ...(contact.language !== undefined && { language: contact.language }) });
    // The booking as amended; the cart's own fields the answer reads (its extensions, its release) as read above.
    return cartAnswer(request.params.cartId, cart, amended, app.now());
  });

  app.post('/carts/:cartId/extend', { schema: extendCartSchema }, async (request, reply) => {
    noStore(reply);
    const { cart, booking } = await openCart(request.params.cartId);
    if (!(await app.shop.carts.takeExtension(cart.id))) throw cartErrors.noExtensionLeft();
    try {
      await app.bookings.extendHold(booking.id, new Date(Date.parse(booking.holdExpiresAt!) + CART_RULES.extensionMinutes * 60_000), shopOrigin(request));
    } catch (error) {
      await app.shop.carts.giveBackExtension(cart.id);
      throw error;
    }
    return answer(request.params.cartId, (await app.shop.carts.byKey(request.params.cartId))!);
  });

  app.post('/carts/:cartId/checkout', { schema: checkoutCartSchema }, async (request, reply) => {
    noStore(reply);
    const key = request.params.cartId;
    const { cart, booking } = await openCart(key);
    const problems: Record<string, string> = {};
    if (booking.contact.name.trim() === '' || booking.contact.email.trim() === '') problems.contact = 'is needed before paying: a name and an e-mail address';
    booking.travellers.forEach((traveller, index) => {
      if (traveller.firstName.trim() === '' || traveller.lastName.trim() === '') problems[`travellers.${index}`] = 'needs a first and a last name before paying';
    });
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    const origin = shopOrigin(request);
    const language = cart.language ?? answerLanguageOf(request);
    const page = `${app.config.publicUrl}/shop/carts/${encodeURIComponent(key)}?lang=${language}`;
    const { pay, giftCardCode } = request.body;
    let amountMinor = pay === 'deposit' ? Math.min(booking.depositMinor, booking.balanceMinor) : pay === 'full' ? booking.balanceMinor : 0;
    if (pay === 'later' && !(await app.shop.settings.current()).payLater) throw httpErrors.conflict('Paying later is not offered here: pay by card.');
    if (giftCardCode !== undefined && booking.balanceMinor > 0) {
      // The card pays first, as much as it holds of what is asked now (paying later: of the whole price); Stripe the rest.
      const paid = await app.flows.giftCardAtCheckout(booking.id, giftCardCode, pay === 'later' ? booking.balanceMinor : amountMinor, origin);
      amountMinor = Math.max(0, amountMinor - (paid?.amountMinor ?? 0));
    }
    if (pay === 'later' || amountMinor <= 0) {
      // Nothing to pay now (paying later, a deposit of nothing, or a gift card that paid it): booked at once, the rest due by the payment schedule.
      await app.flows.confirmBooking(booking.id, origin);
      // Checked out and booked at once: the funnel counts it as both.
      const at = new Date(app.now());
      await app.shop.carts.markCheckout(app.db, cart.id, at);
      await app.shop.carts.markPaid(app.db, cart.id, at);
      return { url: page };
    }
    if (!app.paymentLinks.configured) throw cartErrors.paymentsNotConfigured();
    // The payment page lives as long as the hold, and at least as long as Stripe's shortest page:
    // the hold is made to last as long, in the statement that keeps the page.
    let holdEnds = Date.parse(booking.holdExpiresAt!);
    const longer = holdEnds < app.now() + SHORTEST_SESSION_MS;
    if (longer) holdEnds = app.now() + SHORTEST_SESSION_MS;
    const url = await app.flows.checkoutCart(
      booking,
      { id: cart.id, checkedOutBefore: cart.checkout_at !== null, holdUntil: longer ? new Date(holdEnds) : null },
      amountMinor,
      // Stripe counts in whole seconds: the page ends with the hold, never before it.
      { successUrl: `${page}&paid=1`, cancelUrl: page, expiresAt: new Date(Math.ceil(holdEnds / 1000) * 1000), metadata: { cartId: key } },
      origin,
    );
    return { url };
  });

  app.delete('/carts/:cartId', { schema: deleteCartSchema }, async (request, reply) => {
    noStore(reply);
    const cart = await app.shop.carts.byKey(request.params.cartId);
    if (!cart) throw cartErrors.notFound();
    const booking = await app.bookings.get(cart.booking_id);
    if (!booking) throw cartErrors.notFound();
    const status = cartAnswer(request.params.cartId, cart, booking, app.now()).status;
    if (status === 'paid') throw cartErrors.notOpen(status);
    if (cart.released_at === null) {
      const unended = await app.flows.releaseCart({ id: cart.id, bookingId: booking.id, departureId: booking.departureId }, shopOrigin(request));
      // The seats went back all the same; a page Stripe kept open is paid, if ever, as a late payment.
      for (const page of unended) {
        request.log.warn({ sessionId: page.sessionId, reason: page.error instanceof Error ? page.error.message : String(page.error) }, 'a given-up cart’s payment page could not be ended at Stripe');
      }
    }
    return reply.code(204).send(null);
  });
};
