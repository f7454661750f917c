/** The shop routes' schemas: the contract's (src/shared/contract/shop.ts) plus what each route may answer. */
import Type from 'typebox';
import { GiftCardOrderSchema } from '../../shared/contract/gift-cards.js';
import {
  FunnelQuerySchema,
  FunnelSchema,
  CartCheckoutAnswerSchema,
  CartCheckoutSchema,
  CartParamsSchema,
  CartPatchSchema,
  CartSchema,
  ManagedBookingSchema,
  ManageLookupAnswerSchema,
  ManageLookupSchema,
  ManageParamsSchema,
  ManagePaySchema,
  ManageChangeSchema,
  ManageChangeQuoteSchema,
  ManageChangeDatesSchema,
  NewCartSchema,
  ShopAvailabilityQuerySchema,
  ShopAvailabilitySchema,
  ShopLangQuerySchema,
  ShopSettingsSchema,
  ShopSettingsUpdateSchema,
  ShopTourListSchema,
  ShopTourSchema,
  SHOP_RULES,
} from '../../shared/contract/shop.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../http/schemas.js';

const officeTags = ['shop'];
const publicTags = ['shop'];
const security = [{ bearerAuth: [] }];

export const getShopSettingsSchema = {
  tags: officeTags,
  security,
  summary: 'The online shop’s settings',
  description: 'Needs `shop.manage`. The defaults until the Online sales screen first saves them: enabled, holds of 30 minutes, no paying later, no website allowed to frame the checkout, exact seats shown from 10 left.',
  response: { 200: ShopSettingsSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const updateShopSettingsSchema = {
  tags: officeTags,
  security,
  summary: 'Change the online shop’s settings',
  description:
    'Needs `shop.manage`. Every field is sent. `embedOrigins` are web sites’ origins (`https://www.example.com`, no path; `http://` only for localhost and 127.0.0.1): ' +
    '400 naming each one that is not. Duplicates are kept once. Audited as shop.settings_updated.',
  body: ShopSettingsUpdateSchema,
  response: { 200: ShopSettingsSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

const publicNote =
  'No session, no cookie: anyone may call it. `lang=en|de` (or Accept-Language) picks the language of refusals. With the shop disabled, or for a tour ' +
  'that is not published and bookable online, 404 NOT_FOUND as for a tour that does not exist. Cached by browsers and CDNs (see Cache-Control), with an ETag answering 304.';

export const listShopToursSchema = {
  tags: publicTags,
  security: [],
  summary: 'The tours sold online',
  description: `${publicNote} By title; at most 500.`,
  querystring: ShopLangQuerySchema,
  response: { 200: ShopTourListSchema, ...errorResponses(400, 404) },
};

const CodeParamsSchema = Type.Object({ code: Type.String({ maxLength: 64 }) });

export const getShopTourSchema = {
  tags: publicTags,
  security: [],
  summary: 'A tour sold online',
  description: `${publicNote} Its public fields only: no cost, supplier or staff note. \`extras\` are its optional components with a price.`,
  params: CodeParamsSchema,
  querystring: ShopLangQuerySchema,
  response: { 200: ShopTourSchema, ...errorResponses(400, 404) },
};

export const shopAvailabilitySchema = {
  tags: publicTags,
  security: [],
  summary: 'A tour’s departures and seats',
  description:
    `${publicNote} Departures starting on the local dates \`from\` to \`to\` (at most ${SHOP_RULES.availabilityDays} days: 400 past it) in the tour’s zone, by start; ` +
    'cancelled ones are not listed. CLOSED: past the booking cut-off, started or closed; SOLD_OUT: no seat; LIMITED: at most the shop’s `showSeatsBelow` seats, ' +
    'with `seatsLeft` exact; AVAILABLE: more, `seatsLeft` null. Cached a few seconds.',
  params: CodeParamsSchema,
  querystring: ShopAvailabilityQuerySchema,
  response: { 200: ShopAvailabilitySchema, ...errorResponses(400, 404) },
};

const cartNote =
  'No session: the cart’s key (`cartId`, 256 random bits) is the only key to it; an unknown or malformed one is 404. Answers are `Cache-Control: no-store`.';

export const createCartSchema = {
  tags: publicTags,
  security: [],
  summary: 'Hold seats in a cart',
  description:
    'The seats are held at once as a held booking (channel online) until `expiresAt` (now + the shop’s holdMinutes); they count against the departure as any hold. ' +
    'Prices are the server’s. 409 SOLD_OUT with `available`; 409 DEPARTURE_CLOSED for a departure closed to bookings (past its cut-off, started, closed); 404 for a departure ' +
    'that is not of a tour sold online, or cancelled; 400 for no traveller, more than the tour’s maxPax, a child or infant without an adult, a category not sold, ' +
    'an extra not offered or more of one than there are travellers. One client address may hold SHOP_MAX_OPEN_CARTS carts at once (default 5), with SHOP_MAX_HELD_SEATS seats together (default 12), and make SHOP_CART_RATE carts an hour (default 20; refused tries do not count): past any, 429 RATE_LIMITED with Retry-After.',
  querystring: ShopLangQuerySchema,
  body: NewCartSchema,
  response: { 201: CartSchema, ...errorResponses(400, 404, 409, 429) },
};

export const getCartSchema = {
  tags: publicTags,
  security: [],
  summary: 'A cart',
  description: `${cartNote} status: open (seats held), expired (the hold lapsed), paid (checked out and confirmed: paid in full, by a deposit or to pay later; balanceMinor says what is still owed), released (given up).`,
  params: CartParamsSchema,
  querystring: ShopLangQuerySchema,
  response: { 200: CartSchema, ...errorResponses(400, 404) },
};

export const patchCartSchema = {
  tags: publicTags,
  security: [],
  summary: 'Give a cart’s names and contact',
  description:
    `${cartNote} The contact and every traveller’s names, checked as the office checks them (400 naming the fields); the travellers’ categories must be the held counts, ` +
    'in any order. 409 once the cart is not open.',
  params: CartParamsSchema,
  querystring: ShopLangQuerySchema,
  body: CartPatchSchema,
  response: { 200: CartSchema, ...errorResponses(400, 404, 409) },
};

export const extendCartSchema = {
  tags: publicTags,
  security: [],
  summary: 'Keep a cart’s seats 10 minutes longer',
  description: `${cartNote} At most 3 times (409 past it, and once the cart is not open).`,
  params: CartParamsSchema,
  querystring: ShopLangQuerySchema,
  response: { 200: CartSchema, ...errorResponses(400, 404, 409) },
};

export const deleteCartSchema = {
  tags: publicTags,
  security: [],
  summary: 'Give a cart up',
  description: `${cartNote} Its seats go back at once, and its payment pages still open at Stripe are ended (a page Stripe will not end, or cannot be reached for, stays: a payment made on it is recorded as a late one, confirmed while the seats are free, else due back). A cart already expired or released answers 204 again; a paid one 409.`,
  params: CartParamsSchema,
  querystring: ShopLangQuerySchema,
  response: { 204: Type.Null(), ...errorResponses(400, 404, 409) },
};

export const checkoutCartSchema = {
  tags: publicTags,
  security: [],
  summary: 'Pay a cart',
  description:
    `${cartNote} The contact and every traveller’s names must be given (400 naming what is missing). \`full\` or \`deposit\`: the address of a Stripe Checkout ` +
    'Session for the balance or the deposit, with metadata cartId and bookingId; it expires with the hold, and the hold is extended to at least 30 minutes from now ' +
    '(Stripe’s shortest session) when it would end sooner. Asked again for the same amount while that page is payable, the same page. The paid event confirms the ' +
    'booking once (also when it comes twice, late, or to two instances); paid after the hold lapsed it is confirmed if its seats are still free, else cancelled ' +
    'with the whole payment due back. `later` (only when the shop allows paying later; 409 otherwise) confirms the booking at once with its price due by the ' +
    'payment schedule. Without Stripe: 409 PAYMENTS_NOT_CONFIGURED. 409 once the cart is not open.',
  params: CartParamsSchema,
  querystring: ShopLangQuerySchema,
  body: CartCheckoutSchema,
  response: { 200: CartCheckoutAnswerSchema, ...errorResponses(400, 404, 409, 503) },
};

export const shopFunnelSchema = {
  tags: officeTags,
  security,
  summary: 'The shop’s days: carts, checkouts, paid, lapsed',
  description:
    'Needs `shop.manage`. The last `days` days (default 30, at most 366), today last, each in the business’s time zone: carts made, checkouts begun (first time), ' +
    'carts paid (or booked to pay later), holds that lapsed unpaid, and carts given up (or whose payment page expired), from what the server recorded.',
  querystring: FunnelQuerySchema,
  response: { 200: FunnelSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

const manageNote =
  'No session: the token in the link (from the booking’s confirmation e-mail, or sent again on a lookup) is the only key. It names one booking and opens no other; ' +
  'a reseller’s booking has none. It holds until 30 days after the departure ends; a wrong, unknown or run-out token is 404.';

export const getManagedBookingSchema = {
  tags: publicTags,
  security: [],
  summary: 'A customer’s own booking',
  description:
    `${manageNote} What was booked, paid and is due, the voucher while confirmed, and what the customer may do now without the office (can), with why not for each action not offered ` +
    '(why: not_confirmed, nothing_to_pay, no_card_payments, not_offered by the tour’s selfService, too_late past its untilHours before the start, started). ' +
    'cancellationQuote: what cancelling today keeps and gives back, while the customer may cancel. Nothing staff-only.',
  params: ManageParamsSchema,
  querystring: ShopLangQuerySchema,
  response: { 200: ManagedBookingSchema, ...errorResponses(400, 404) },
};

export const bookingManageLinkSchema = {
  tags: officeTags,
  security,
  summary: 'The customer’s own page of a booking',
  description:
    'Needs `bookings.update`: the link the booking’s confirmation carries, to copy and hand over another way (sending the confirmation again sends it too). ' +
    'It is the same link every time (nothing is stored per booking). 409 for a reseller’s booking (the reseller speaks to its customers), and once the link has run out (30 days after the trip).',
  params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
  response: { 200: Type.Object({ url: Type.String() }, { title: 'ManageLink' }), ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const manageLookupSchema = {
  tags: publicTags,
  security: [],
  summary: 'Ask for the link to one’s own booking again',
  description:
    'No session. 202 with the same answer whether or not such a booking exists, so nothing is learnt of the references: when one does (not a reseller’s, confirmed or cancelled), and the last name is ' +
    'its lead traveller’s or its contact’s (any case, accents ignored), the link is e-mailed to the booking’s contact, never to an address given here. ' +
    'At most 5 lookups per reference and per client address in 15 minutes: past either, 429 RATE_LIMITED with Retry-After.',
  body: ManageLookupSchema,
  querystring: ShopLangQuerySchema,
  response: { 202: ManageLookupAnswerSchema, ...errorResponses(400, 429) },
};

export const managePaySchema = {
  tags: publicTags,
  security: [],
  summary: 'Pay what is still owed on one’s own booking',
  description:
    `${manageNote} → {url} of a Stripe Checkout Session for the balance, or for amountMinor (never more than the balance: 400 naming it), living an hour; the same amount asked again while its page is payable answers the same page. ` +
    'The payment is recorded by Stripe’s event, once, as any card payment (the customer hears of it by e-mail). 409 while the customer may not pay here (why.pay in the booking’s answer), in the customer’s language.',
  params: ManageParamsSchema,
  querystring: ShopLangQuerySchema,
  body: ManagePaySchema,
  response: { 200: CartCheckoutAnswerSchema, ...errorResponses(400, 404, 409, 503) },
};

export const manageCancelSchema = {
  tags: publicTags,
  security: [],
  summary: 'Cancel one’s own booking',
  description:
    `${manageNote} While the tour's selfService allows it (cancel on, and not within untilHours of the start, in the tour's zone; else 409 naming the rule, in the customer's language): ` +
    'the booking is cancelled by the office’s own flow, keeping the fee the tour’s cancellationFees set today (cancellationQuote in the booking’s answer). What was paid beyond it ' +
    'is refunded to the card it was paid with through Stripe’s Refunds API, recorded once on the booking when Stripe says it succeeded (its answer or its refund event, whichever comes first; ' +
    'a refund Stripe did not answer is asked again with the same idempotency key, so never twice). What was paid another way stays owed back by the office (refund_due). ' +
    'The customer is sent the cancellation by e-mail; the history names the customer. Answers the booking as it now is (refundingMinor: still on its way back to the card).',
  params: ManageParamsSchema,
  querystring: ShopLangQuerySchema,
  response: { 200: ManagedBookingSchema, ...errorResponses(400, 404, 409) },
};

export const manageChangeDatesSchema = {
  tags: publicTags,
  security: [],
  summary: 'The dates one’s own booking may move to',
  description: `${manageNote} The tour’s departures in the year ahead that are open, not past their booking cut-off, and have the booking’s seats free; empty while the customer may not change (why.change).`,
  params: ManageParamsSchema,
  querystring: ShopLangQuerySchema,
  response: { 200: ManageChangeDatesSchema, ...errorResponses(400, 404) },
};

export const manageChangeQuoteSchema = {
  tags: publicTags,
  security: [],
  summary: 'What moving one’s own booking would cost',
  description:
    `${manageNote} The booking on another departure of the same tour, priced as the office's change flow prices it (today's prices), nothing changed: the new total and the difference. ` +
    '409 while the customer may not change (why.change), 409 SOLD_OUT without the seats, 400 for a departure of another tour, and 409 for one that no longer sells.',
  params: ManageParamsSchema,
  querystring: ShopLangQuerySchema,
  body: ManageChangeSchema,
  response: { 200: ManageChangeQuoteSchema, ...errorResponses(400, 404, 409) },
};

export const manageChangeSchema = {
  tags: publicTags,
  security: [],
  summary: 'Move one’s own booking to another date',
  description:
    `${manageNote} As change-quote, then the move, in one transaction through the office's change flow: the seats are taken on the new departure and given back on the old, or nothing changes ` +
    '(409 SOLD_OUT). More to pay raises the balance (payable here); less is refunded to the card it was paid with, as a cancellation’s refund is (409 when it was not paid by card here: the office moves it). ' +
    'The customer is sent the change by e-mail; the history names the customer. Answers the booking as it now is.',
  params: ManageParamsSchema,
  querystring: ShopLangQuerySchema,
  body: ManageChangeSchema,
  response: { 200: ManagedBookingSchema, ...errorResponses(400, 404, 409) },
};

export const orderGiftCardSchema = {
  tags: publicTags,
  security: [],
  summary: 'Buy a gift card',
  description:
    'Answers the address of Stripe’s payment page for the card (`url`); the card is issued when the payment arrives, once, and e-mailed with its PDF to the recipient’s address, ' +
    'or to the buyer’s when none is given (the buyer then also gets a receipt without the code). `currency` must be one the shop sells tours in; `amountMinor` at least one whole unit of it. ' +
    '404 when the shop is closed; 409 PAYMENTS_NOT_CONFIGURED without Stripe; one client address may order SHOP_CART_RATE cards an hour (429 RATE_LIMITED with Retry-After). ' +
    'The shop’s own page for this is /shop/gift-cards.',
  querystring: ShopLangQuerySchema,
  body: GiftCardOrderSchema,
  response: { 201: Type.Object({ url: Type.String({ description: 'Stripe’s payment page' }) }), ...errorResponses(400, 404, 409, 429, 503) },
};
