/**
 * The operator's own shop: its settings (the office's) and what its public API answers. The
 * public shapes carry nothing private: no cost, supplier, margin, staff note or commission.
 */
import Type, { type Static } from 'typebox';
import { BOOKING_RULES, BOOKING_STATUSES } from './booking-rules.js';
import { NullableIsoDateTimeSchema } from './common.js';
import { EmailSchema } from './users.js';
import { CancellationFeeSchema, SelfServiceSchema } from './tours.js';
import { CancellationQuoteSchema } from './bookings.js';

export const SHOP_RULES = {
  holdMinutes: { minimum: 30, maximum: 120, default: 30 },
  showSeatsBelow: { minimum: 0, maximum: 100, default: 10 },
  embedOrigins: { maxItems: 20 },
  embedOrigin: { maxLength: 200 },
  /** Days one availability answer may span. */
  availabilityDays: 92,
} as const;

export const ShopSettingsSchema = Type.Object(
  {
    enabled: Type.Boolean({ description: 'The shop sells (default true: nothing is sold until a tour is bookable online)' }),
    holdMinutes: Type.Integer({ ...SHOP_RULES.holdMinutes, description: 'How long a cart holds its seats (30–120, default 30)' }),
    payLater: Type.Boolean({ description: 'A customer may book without paying, the whole price due by the payment schedule (default false)' }),
    embedOrigins: Type.Array(Type.String({ ...SHOP_RULES.embedOrigin }), {
      ...SHOP_RULES.embedOrigins,
      description: 'The https:// origins allowed to frame the checkout (http:// only on loopback, for development)',
    }),
    showSeatsBelow: Type.Integer({ ...SHOP_RULES.showSeatsBelow, description: 'The exact seats left are shown at or below this many (0–100, default 10)' }),
    updatedAt: NullableIsoDateTimeSchema,
  },
  { title: 'ShopSettings' },
);
export type ShopSettings = Static<typeof ShopSettingsSchema>;

export const ShopSettingsUpdateSchema = Type.Object(
  {
    enabled: ShopSettingsSchema.properties.enabled,
    holdMinutes: ShopSettingsSchema.properties.holdMinutes,
    payLater: ShopSettingsSchema.properties.payLater,
    embedOrigins: ShopSettingsSchema.properties.embedOrigins,
    showSeatsBelow: ShopSettingsSchema.properties.showSeatsBelow,
  },
  { additionalProperties: false },
);
export type ShopSettingsUpdate = Static<typeof ShopSettingsUpdateSchema>;

const NullableMinor = Type.Union([Type.Integer(), Type.Null()]);
const PublicPricesSchema = Type.Object({ ADULT: NullableMinor, CHILD: NullableMinor, INFANT: NullableMinor }, { description: 'Per traveller, in minor units; null: not sold' });
const PictureSchema = Type.Object({ url: Type.String(), alt: Type.String(), width: Type.Integer(), height: Type.Integer() }, { title: 'ShopPicture' });

export const ShopTourSummarySchema = Type.Object(
  {
    code: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    durationDays: Type.Integer(),
    currency: Type.String(),
    fromPriceMinor: Type.Union([Type.Integer(), Type.Null()], { description: 'The lowest adult price of its open departures to come (the tour’s own when it has none); null: no adult price' }),
    cover: Type.Union([PictureSchema, Type.Null()]),
    nextDeparture: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'The local date of its next departure that can still be booked' }),
  },
  { title: 'ShopTourSummary' },
);
export type ShopTourSummary = Static<typeof ShopTourSummarySchema>;

export const ShopTourListSchema = Type.Object({ data: Type.Array(ShopTourSummarySchema) }, { title: 'ShopTourList' });

export const ShopTourSchema = Type.Object(
  {
    code: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    description: Type.String({ description: 'Sanitised HTML' }),
    durationDays: Type.Integer(),
    timeZone: Type.String(),
    currency: Type.String(),
    prices: PublicPricesSchema,
    ages: Type.Object({ infantAgeUnder: Type.Integer(), childAgeUnder: Type.Integer() }),
    minPax: Type.Integer(),
    maxPax: Type.Union([Type.Integer(), Type.Null()]),
    itinerary: Type.Array(Type.Object({ day: Type.Integer(), title: Type.String(), description: Type.String({ description: 'Sanitised HTML' }) })),
    gallery: Type.Array(PictureSchema),
    extras: Type.Array(Type.Object({ componentId: Type.String({ format: 'uuid' }), name: Type.String(), priceMinor: Type.Integer() })),
    deposit: Type.Union([Type.Object({ percent: Type.Integer() }), Type.Null()]),
    cancellationFees: Type.Array(CancellationFeeSchema),
    selfService: SelfServiceSchema,
  },
  { title: 'ShopTour' },
);
export type ShopTour = Static<typeof ShopTourSchema>;

export const SHOP_AVAILABILITY_STATUSES = ['AVAILABLE', 'LIMITED', 'SOLD_OUT', 'CLOSED'] as const;

export const ShopDepartureSchema = Type.Object(
  {
    departureId: Type.String({ format: 'uuid' }),
    date: Type.String({ format: 'date', description: 'Local date in the tour’s zone' }),
    startTime: Type.String({ description: 'Local start time, HH:MM' }),
    startsAt: Type.String({ format: 'date-time' }),
    status: Type.Enum([...SHOP_AVAILABILITY_STATUSES]),
    seatsLeft: Type.Union([Type.Integer(), Type.Null()], { description: 'Exact only at or below the shop’s showSeatsBelow (and when sold out); null otherwise' }),
    prices: PublicPricesSchema,
  },
  { title: 'ShopDeparture' },
);
export type ShopDeparture = Static<typeof ShopDepartureSchema>;

export const ShopAvailabilitySchema = Type.Object({ data: Type.Array(ShopDepartureSchema) }, { title: 'ShopAvailability' });

export const ShopAvailabilityQuerySchema = Type.Object(
  {
    from: Type.String({ format: 'date', description: 'First local date (YYYY-MM-DD)' }),
    to: Type.String({ format: 'date', description: `Last local date, at most ${SHOP_RULES.availabilityDays} days after from` }),
    lang: Type.Optional(Type.Enum(['en', 'de'])),
  },
  { additionalProperties: false },
);

export const ShopLangQuerySchema = Type.Object({ lang: Type.Optional(Type.Enum(['en', 'de'])) }, { additionalProperties: false });

export const CART_STATUSES = ['open', 'expired', 'paid', 'released'] as const;

export const CART_RULES = {
  /** Minutes each extension adds, and how many a cart may have. */
  extensionMinutes: 10,
  maxExtensions: 3,
  travellersPerCategory: { minimum: 0, maximum: 50 },
  idLength: 43,
} as const;

const CountSchema = Type.Integer({ ...CART_RULES.travellersPerCategory });

export const NewCartSchema = Type.Object(
  {
    departureId: Type.String({ format: 'uuid' }),
    travellers: Type.Object(
      { ADULT: Type.Optional(CountSchema), CHILD: Type.Optional(CountSchema), INFANT: Type.Optional(CountSchema) },
      { additionalProperties: false, description: 'How many travellers of each category' },
    ),
    extras: Type.Optional(
      Type.Array(Type.Object({ componentId: Type.String({ format: 'uuid' }), quantity: Type.Integer({ minimum: 1, maximum: 100 }) }, { additionalProperties: false }), { maxItems: 20 }),
    ),
    language: Type.Optional(Type.Enum(['en', 'de'], { description: 'The customer’s language (default: the page’s)' })),
    promoCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'A promo code (any case) for the online channel; one that does not apply is 400 PROMO_CODE_INVALID with `reason`, and no seats are held' })),
  },
  { additionalProperties: false },
);
export type NewCart = Static<typeof NewCartSchema>;

export const CartSchema = Type.Object(
  {
    cartId: Type.String({ description: 'The cart’s secret key (256 random bits): the only key to it' }),
    status: Type.Enum([...CART_STATUSES], {
      description:
        'open: seats held, to pay; paid: the checkout is done and the booking confirmed (paid in full, by a deposit, or to pay later: balanceMinor says what is still owed); expired: the hold lapsed unpaid; released: given up',
    }),
    expiresAt: Type.String({ format: 'date-time', description: 'When its seats are released unless paid' }),
    extensionsLeft: Type.Integer(),
    reference: Type.String({ description: 'The booking’s reference' }),
    tourCode: Type.String(),
    tourTitle: Type.String(),
    departure: Type.Object({ departureId: Type.String({ format: 'uuid' }), date: Type.String(), startTime: Type.String(), startsAt: Type.String({ format: 'date-time' }), timeZone: Type.String() }),
    lines: Type.Array(Type.Object({ category: Type.Enum(['ADULT', 'CHILD', 'INFANT']), quantity: Type.Integer(), unitPriceMinor: Type.Integer() })),
    extras: Type.Array(Type.Object({ componentId: Type.String({ format: 'uuid' }), name: Type.String(), quantity: Type.Integer(), unitPriceMinor: Type.Integer() })),
    currency: Type.String(),
    promoCode: Type.Union([Type.String(), Type.Null()], { description: 'The promo code the cart was made with' }),
    discountMinor: Type.Integer({ description: 'What the tour’s rule and the code took off the list prices' }),
    promoDiscountMinor: Type.Integer({ description: 'What the code took off' }),
    totalMinor: Type.Integer(),
    depositMinor: Type.Integer({ description: 'What paying the deposit takes now (the total when the tour asks no deposit)' }),
    paidMinor: Type.Integer({ description: 'What the customer has paid so far' }),
    balanceMinor: Type.Integer({ description: 'What is still to pay: after a deposit or with pay later, the rest, due by balanceDueDate' }),
    balanceDueDate: Type.String({ description: 'YYYY-MM-DD in the tour’s zone: when the balance is due' }),
    contact: Type.Union([Type.Object({ name: Type.String(), email: Type.String(), phone: Type.Union([Type.String(), Type.Null()]) }), Type.Null()], { description: 'Null until given' }),
    travellers: Type.Array(Type.Object({ category: Type.Enum(['ADULT', 'CHILD', 'INFANT']), firstName: Type.String(), lastName: Type.String() })),
    manageUrl: Type.Union([Type.String(), Type.Null()], { description: 'The customer’s own page, once paid' }),
  },
  { title: 'ShopCart' },
);
export type Cart = Static<typeof CartSchema>;

export const CartPatchSchema = Type.Object(
  {
    contact: Type.Object(
      {
        name: Type.String(BOOKING_RULES.name),
        email: EmailSchema,
        phone: Type.Optional(Type.Union([Type.String(BOOKING_RULES.phone), Type.Null()])),
        language: Type.Optional(Type.Enum(['en', 'de'])),
      },
      { additionalProperties: false },
    ),
    travellers: Type.Array(
      Type.Object(
        {
          category: Type.Enum(['ADULT', 'CHILD', 'INFANT']),
          firstName: Type.String(BOOKING_RULES.name),
          lastName: Type.String(BOOKING_RULES.name),
          dateOfBirth: Type.Optional(Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' }), Type.Null()])),
        },
        { additionalProperties: false },
      ),
      { maxItems: 150 },
    ),
    notes: Type.Optional(Type.String(BOOKING_RULES.notes)),
    marketingConsent: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CartPatch = Static<typeof CartPatchSchema>;

/** Any length: a key that cannot be one is no cart (404), as an unknown one. */
export const CartParamsSchema = Type.Object({ cartId: Type.String({ minLength: 1 }) });

export const CartCheckoutSchema = Type.Object(
  {
    pay: Type.Enum(['full', 'deposit', 'later'], {
      description: 'full: the whole price now; deposit: the tour’s deposit now (the whole price when it asks none); later: no payment now, when the shop allows it',
    }),
    giftCardCode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description: 'A gift card pays first, as much as it holds of what is asked now (with later: of the whole price); Stripe the rest. Covering all of it, the booking is confirmed with no Stripe at all',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CartCheckout = Static<typeof CartCheckoutSchema>;

export const CartCheckoutAnswerSchema = Type.Object(
  { url: Type.String({ description: 'Where the customer goes next: the card payment page, or (paying later) the cart’s own page, confirmed' }) },
  { title: 'ShopCheckout' },
);

export const FunnelQuerySchema = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: 30 })) }, { additionalProperties: false });

export const FunnelDaySchema = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'A day in the business’s time zone (BUSINESS_TIME_ZONE)' }),
    carts: Type.Integer({ description: 'Carts made (seats held)' }),
    checkouts: Type.Integer({ description: 'Carts whose customer first went to the payment page' }),
    paid: Type.Integer({ description: 'Carts paid (or booked to pay later)' }),
    lapsed: Type.Integer({ description: 'Holds that lapsed unpaid (not given up by the customer)' }),
    released: Type.Integer({ description: 'Carts the customer gave up, or whose payment page expired' }),
  },
  { title: 'ShopFunnelDay' },
);
export type FunnelDay = Static<typeof FunnelDaySchema>;
export const FunnelSchema = Type.Object({ data: Type.Array(FunnelDaySchema, { description: 'Oldest first, every day of the range, today last' }) }, { title: 'ShopFunnel' });

/** Why an action on a customer's own booking is not offered now (null: it is). */
export const MANAGE_REFUSALS = ['not_confirmed', 'nothing_to_pay', 'no_card_payments', 'not_offered', 'too_late', 'started'] as const;

export const ManagedBookingSchema = Type.Object(
  {
    reference: Type.String(),
    status: Type.Enum([...BOOKING_STATUSES]),
    tour: Type.Object({ code: Type.String(), title: Type.String() }),
    departure: Type.Object({ departureId: Type.String({ format: 'uuid' }), date: Type.String(), startTime: Type.String(), startsAt: Type.String({ format: 'date-time' }), timeZone: Type.String() }),
    travellers: Type.Array(Type.Object({ category: Type.Enum(['ADULT', 'CHILD', 'INFANT']), firstName: Type.String(), lastName: Type.String() })),
    extras: Type.Array(Type.Object({ componentId: Type.String({ format: 'uuid' }), name: Type.String(), quantity: Type.Integer(), unitPriceMinor: Type.Integer() })),
    currency: Type.String(),
    totalMinor: Type.Integer(),
    paidMinor: Type.Integer({ description: 'Paid less refunded' }),
    balanceMinor: Type.Integer({ description: 'Still to pay (negative: owed back to the customer)' }),
    balanceDueDate: Type.String({ description: 'YYYY-MM-DD in the tour’s zone' }),
    voucherUrl: Type.Union([Type.String(), Type.Null()], { description: 'The voucher (PDF) while the booking is confirmed' }),
    can: Type.Object({ pay: Type.Boolean(), cancel: Type.Boolean(), change: Type.Boolean() }, { description: 'What the customer may do now without the office' }),
    why: Type.Object(
      {
        pay: Type.Union([Type.Enum([...MANAGE_REFUSALS]), Type.Null()]),
        cancel: Type.Union([Type.Enum([...MANAGE_REFUSALS]), Type.Null()]),
        change: Type.Union([Type.Enum([...MANAGE_REFUSALS]), Type.Null()]),
      },
      { description: 'For each action not offered, why (null where it is)' },
    ),
    selfService: SelfServiceSchema,
    cancellationQuote: Type.Union([CancellationQuoteSchema, Type.Null()], { description: 'What cancelling today keeps and gives back, while the customer may cancel' }),
    refundedMinor: Type.Integer({ description: 'Refunded so far (already taken off paidMinor)' }),
    refundingMinor: Type.Integer({ description: 'Asked back to the customer’s card and not yet settled at Stripe; what is owed back beyond it, the office pays back' }),
  },
  { title: 'ManagedBooking' },
);
export type ManagedBooking = Static<typeof ManagedBookingSchema>;

export const ManageParamsSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const MANAGE_LOOKUP_RULES = {
  reference: { minLength: 1, maxLength: 20 },
  lastName: { minLength: 1, maxLength: 100 },
  /** Lookups allowed per reference, and per client address, in each window. */
  perWindow: 5,
  windowMinutes: 15,
} as const;

export const ManageLookupSchema = Type.Object(
  {
    reference: Type.String({ ...MANAGE_LOOKUP_RULES.reference, description: 'The booking’s reference, as on its confirmation (any case, spaces ignored)' }),
    lastName: Type.String({ ...MANAGE_LOOKUP_RULES.lastName, description: 'The lead traveller’s or the contact’s last name (any case, accents ignored)' }),
  },
  { additionalProperties: false },
);
export type ManageLookup = Static<typeof ManageLookupSchema>;

export const ManageLookupAnswerSchema = Type.Object({ message: Type.String() }, { title: 'ManageLookupAnswer' });

export const ManagePaySchema = Type.Object(
  { amountMinor: Type.Optional(Type.Integer({ minimum: 1, description: 'What to pay now, in minor units: at most the balance (default: the whole balance)' })) },
  { additionalProperties: false },
);
export type ManagePay = Static<typeof ManagePaySchema>;

export const ManageChangeSchema = Type.Object({ departureId: Type.String({ format: 'uuid', description: 'Another departure of the same tour' }) }, { additionalProperties: false });
export type ManageChange = Static<typeof ManageChangeSchema>;

export const ManageChangeQuoteSchema = Type.Object(
  {
    departure: Type.Object({ departureId: Type.String({ format: 'uuid' }), date: Type.String(), startTime: Type.String(), startsAt: Type.String({ format: 'date-time' }), timeZone: Type.String() }),
    currency: Type.String(),
    newTotalMinor: Type.Integer({ description: 'The booking’s price on that departure, by today’s prices' }),
    differenceMinor: Type.Integer({ description: 'New total less the present one: above zero, more to pay; below zero, refunded to the card' }),
    newBalanceMinor: Type.Integer({ description: 'What would be left to pay (below zero: what would go back to the card)' }),
  },
  { title: 'ManageChangeQuote' },
);
export type ManageChangeQuote = Static<typeof ManageChangeQuoteSchema>;

/** A date the customer may move to: open, with the booking's seats free, in the months ahead. */
export const ManageChangeDatesSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object({
        departureId: Type.String({ format: 'uuid' }),
        date: Type.String(),
        startTime: Type.String(),
        startsAt: Type.String({ format: 'date-time' }),
        adultPriceMinor: Type.Union([Type.Integer(), Type.Null()], { description: 'An adult’s price on that date (the move’s own price: change-quote)' }),
      }),
    ),
  },
  { title: 'ManageChangeDates' },
);
export type ManageChangeDates = Static<typeof ManageChangeDatesSchema>;

/** How far ahead a customer may move their booking on their own. */
export const MANAGE_CHANGE_DAYS = 365;
