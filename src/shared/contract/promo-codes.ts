/**
 * Promo codes: a campaign's code a booking may carry, one per booking, taken off after the tour's
 * price rule (shared/pricing.ts). A code says what it gives (a percent or an amount, per traveller
 * or off the whole booking), where it holds (tours, booking and travel dates, channels, travellers)
 * and how often (`maxUses`). The server validates with these schemas and documents them.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, ListAnswerSchema, ListQuerySchema, MoneyMinorSchema, SearchSchema, UuidSchema } from './common.js';
import { DEPARTURE_RULES } from './departure-rules.js';
import { PROMO_CHANNELS, PROMO_CODE_RULES, PROMO_SORT_FIELDS } from './promo-code-rules.js';
import { TOUR_RULES } from './tour-rules.js';

export { PROMO_CHANNELS, PROMO_CODE_RULES, PROMO_REFUSALS, PROMO_SORT_FIELDS, type PromoChannel, type PromoRefusal } from './promo-code-rules.js';

const LocalDate = (description: string) => Type.String({ ...DEPARTURE_RULES.date, description });
/** A booking window's end: a date (the whole day in the tour's zone) or an instant. */
const BookingBound = (description: string) =>
  Type.Union([Type.String({ ...DEPARTURE_RULES.date }), Type.String({ format: 'date-time' })], {
    description: `${description}: YYYY-MM-DD (the whole day, in the tour’s time zone) or an ISO 8601 instant`,
  });

const promoFields = {
  code: Type.String({ ...PROMO_CODE_RULES.code, description: '4–32 of A–Z, 0–9 and -; unique without regard to case, and taken in any case' }),
  kind: Type.Enum(['percent', 'amount'], { description: 'percent: `value` per cent off; amount: `value` minor units of `currency` off' }),
  value: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'A percent (1–100) or an amount in minor units' }),
  currency: Type.Union([Type.String(TOUR_RULES.currency), Type.Null()], { description: 'Required for an amount (which applies only to tours of that currency); null for a percent' }),
  appliesTo: Type.Enum(['booking', 'traveller'], { description: 'traveller: off each paying traveller’s price; booking: off the booking’s whole amount (travellers, extras and single rooms), once' }),
  tourIds: Type.Union([Type.Array(UuidSchema, { maxItems: PROMO_CODE_RULES.maxTours, uniqueItems: true }), Type.Null()], { description: 'The tours it is for; null: every tour' }),
  bookingFrom: Type.Union([BookingBound('Booked from'), Type.Null()]),
  bookingTo: Type.Union([BookingBound('Booked until (inclusive)'), Type.Null()]),
  travelFrom: Type.Union([LocalDate('Departures starting (local date) on or after'), Type.Null()]),
  travelTo: Type.Union([LocalDate('Departures starting (local date) on or before'), Type.Null()]),
  minTravellers: Type.Union([Type.Integer({ minimum: 1, maximum: 1000, description: 'At least this many travellers in the booking' }), Type.Null()]),
  maxUses: Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'At most this many bookings hold it at once (a cancelled or expired one gives its use back)' }), Type.Null()]),
  channels: Type.Array(Type.Enum([...PROMO_CHANNELS]), { minItems: 1, uniqueItems: true, description: 'office: staff’s bookings; online: the shop; reseller: OCTO' }),
  active: Type.Boolean({ description: 'An inactive code is refused; the bookings made with it keep it' }),
};

export const PromoCodeSchema = Type.Object(
  {
    id: UuidSchema,
    ...promoFields,
    uses: Type.Integer({ minimum: 0, description: 'Bookings holding it that are not cancelled or expired' }),
    given: Type.Array(Type.Object({ currency: Type.String(), amountMinor: MoneyMinorSchema }), { description: 'What it took off the bookings holding it, per currency' }),
    createdAt: IsoDateTimeSchema,
    updatedAt: IsoDateTimeSchema,
  },
  { title: 'PromoCode' },
);
export type PromoCode = Static<typeof PromoCodeSchema>;

export const NewPromoCodeSchema = Type.Object(
  {
    code: promoFields.code,
    kind: promoFields.kind,
    value: promoFields.value,
    currency: Type.Optional(promoFields.currency),
    appliesTo: Type.Optional({ ...promoFields.appliesTo, default: 'booking' }),
    tourIds: Type.Optional(promoFields.tourIds),
    bookingFrom: Type.Optional(promoFields.bookingFrom),
    bookingTo: Type.Optional(promoFields.bookingTo),
    travelFrom: Type.Optional(promoFields.travelFrom),
    travelTo: Type.Optional(promoFields.travelTo),
    minTravellers: Type.Optional(promoFields.minTravellers),
    maxUses: Type.Optional(promoFields.maxUses),
    channels: Type.Optional(Type.Array(Type.Enum([...PROMO_CHANNELS]), { minItems: 1, uniqueItems: true, description: 'office: staff’s bookings; online: the shop; reseller: OCTO; every channel when left out' })),
    active: Type.Optional({ ...promoFields.active, default: true }),
  },
  { additionalProperties: false, title: 'NewPromoCode' },
);
export type NewPromoCode = Static<typeof NewPromoCodeSchema>;

export const PromoCodePatchSchema = Type.Object(
  Object.fromEntries(Object.entries(promoFields).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof typeof promoFields]: ReturnType<typeof Type.Optional<(typeof promoFields)[K]>>;
  },
  { additionalProperties: false, minProperties: 1, title: 'PromoCodePatch' },
);
export type PromoCodePatch = Static<typeof PromoCodePatchSchema>;

export const PromoCodeListQuerySchema = ListQuerySchema(PROMO_SORT_FIELDS, 'createdAt', {
  q: Type.Optional(SearchSchema),
  active: Type.Optional(Type.Boolean()),
  tourId: Type.Optional(UuidSchema),
});
export type PromoCodeListQuery = Static<typeof PromoCodeListQuerySchema>;
export const PromoCodeListSchema = ListAnswerSchema(PromoCodeSchema);

export const PromoCodeBookingSchema = Type.Object(
  {
    id: UuidSchema,
    reference: Type.String(),
    status: Type.String(),
    channel: Type.String(),
    tourCode: Type.String(),
    startDate: Type.String(),
    contactName: Type.String(),
    currency: Type.String(),
    totalMinor: MoneyMinorSchema,
    promoDiscountMinor: MoneyMinorSchema,
    createdAt: IsoDateTimeSchema,
  },
  { title: 'PromoCodeBooking' },
);
export const PromoCodeBookingsSchema = ListAnswerSchema(PromoCodeBookingSchema);

/** What a booking keeps of the code it was sold with: its terms as they were, so a later change of the code never alters it. */
export const PromoTermsSchema = Type.Object(
  { code: Type.String(), kind: promoFields.kind, value: Type.Integer(), appliesTo: promoFields.appliesTo, currency: Type.Union([Type.String(), Type.Null()]) },
  { title: 'PromoTerms' },
);
export type PromoTerms = Static<typeof PromoTermsSchema>;
