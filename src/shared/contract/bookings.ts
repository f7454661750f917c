/**
 * Bookings and payments: seats sold exactly once, prices
 * copied onto the booking, payments and refunds recorded and never changed. The server validates
 * with these schemas and documents them; both sides take their types from them.
 */
import Type, { type Static } from 'typebox';
import {
  BOOKING_CHANNELS,
  BOOKING_RULES,
  BOOKING_SORT_FIELDS,
  BOOKING_STATUSES,
  STAFF_BOOKING_CHANNELS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from './booking-rules.js';
import { IsoDateTimeSchema, ListAnswerSchema, ListQuerySchema, MoneyMinorSchema, NullableIsoDateTimeSchema, SearchSchema, UuidSchema } from './common.js';
import { DEPARTURE_RULES } from './departure-rules.js';
import { AppliedRuleSchema } from './pricing.js';
import { TRAVELLER_CATEGORIES } from './tour-rules.js';
import { EmailSchema } from './users.js';
import { LanguageSchema } from './customers.js';

export * from './booking-rules.js';

const NameSchema = Type.String(BOOKING_RULES.name);
const NotesSchema = Type.String(BOOKING_RULES.notes);
const LocalDateSchema = Type.String({ ...DEPARTURE_RULES.date, description: 'YYYY-MM-DD' });
const CategorySchema = Type.Enum([...TRAVELLER_CATEGORIES]);
const BookingStatusSchema = Type.Enum([...BOOKING_STATUSES]);
const PaymentStatusSchema = Type.Enum([...PAYMENT_STATUSES]);
const ChannelSchema = Type.Enum([...BOOKING_CHANNELS]);
const StaffChannelSchema = Type.Enum([...STAFF_BOOKING_CHANNELS]);
/** A signed amount in minor units (a balance owed to the customer is negative). */
const SignedMoneySchema = Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, description: 'Minor units; negative: owed to the customer' });

export const ContactSchema = Type.Object(
  {
    name: NameSchema,
    email: EmailSchema,
    phone: Type.Optional(Type.Union([Type.String(BOOKING_RULES.phone), Type.Null()])),
    language: Type.Optional(Type.Union([LanguageSchema, Type.Null()], { description: 'The language to write to them in: a new customer takes it (else DEFAULT_LANGUAGE)' })),
  },
  { additionalProperties: false, title: 'BookingContact' },
);

const BirthDateSchema = Type.Union([LocalDateSchema, Type.Null()], { description: 'YYYY-MM-DD or null' });

export const TravellerSchema = Type.Object(
  {
    id: UuidSchema,
    category: CategorySchema,
    firstName: Type.String(),
    lastName: Type.String(),
    dateOfBirth: Type.Union([Type.String(), Type.Null()]),
    notes: Type.String(),
    unitPriceMinor: MoneyMinorSchema,
    listPriceMinor: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'The list price unitPriceMinor was found from (its season’s, its departure’s or its tour’s), before the booking’s rule' }),
    resellerUnitUuid: Type.Union([Type.String(), Type.Null()], { description: 'A reseller’s booking: the uuid its OCTO unit item gave this traveller, or null' }),
    resellerUnitReference: Type.Union([Type.String(), Type.Null()], { description: 'A reseller’s booking: its own reference for this traveller (a ticket number on its side), or null' }),
    checkedInAt: NullableIsoDateTimeSchema,
    noShow: Type.Boolean({ description: 'Marked as not having come on the day' }),
  },
  { title: 'Traveller' },
);

export const BookingExtraSchema = Type.Object(
  { componentId: UuidSchema, name: Type.String(), quantity: Type.Integer(), unitPriceMinor: MoneyMinorSchema },
  { title: 'BookingExtra' },
);

export const CancellationQuoteSchema = Type.Object(
  {
    feeMinor: MoneyMinorSchema,
    refundDueMinor: MoneyMinorSchema,
    daysBefore: Type.Integer({ description: 'Days from today to the departure’s local start date, in the tour’s zone (0 on the day, negative after it)' }),
    percent: Type.Integer({ description: 'The share of the total the tour’s cancellation terms keep at that many days (0 without terms)' }),
  },
  { title: 'CancellationQuote' },
);
export const CheckInBookingSchema = Type.Object(
  {
    id: UuidSchema,
    reference: Type.String(),
    status: BookingStatusSchema,
    departureId: UuidSchema,
    tourTitle: Type.String(),
    startDate: Type.String(),
    startTime: Type.String(),
    timeZone: Type.String(),
    contactName: Type.String(),
    travellers: Type.Array(
      Type.Object({ id: UuidSchema, category: CategorySchema, firstName: Type.String(), lastName: Type.String(), checkedInAt: NullableIsoDateTimeSchema, noShow: Type.Boolean() }),
    ),
  },
  { title: 'CheckInBooking', description: 'A booking as a guide checking travellers in sees it: who, on which departure, and who is there; no money' },
);

export const CheckInByCodeSchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40, description: 'The voucher’s check-in code, as typed or scanned (any case; spaces and dashes ignored)' }) }, { additionalProperties: false });

export const CheckInTravellersSchema = Type.Object(
  {
    travellerIds: Type.Array(UuidSchema, { minItems: 1, maxItems: 100, uniqueItems: true }),
    noShow: Type.Optional(Type.Boolean({ description: 'true: mark them as not having come (default false: check them in)' })),
  },
  { additionalProperties: false },
);

export type CancellationQuote = Static<typeof CancellationQuoteSchema>;

export const CancellationSchema = Type.Object(
  { at: IsoDateTimeSchema, reason: Type.String(), feeMinor: MoneyMinorSchema },
  { title: 'Cancellation' },
);

export const BookingSchema = Type.Object(
  {
    id: UuidSchema,
    reference: Type.String({ description: 'Eight characters without 0, O, 1 or I' }),
    departureId: UuidSchema,
    tourId: UuidSchema,
    tourCode: Type.String(),
    tourTitle: Type.String(),
    startsAt: IsoDateTimeSchema,
    startDate: Type.String({ description: 'Local to timeZone' }),
    startTime: Type.String({ description: 'Local to timeZone' }),
    timeZone: Type.String(),
    status: BookingStatusSchema,
    paymentStatus: PaymentStatusSchema,
    currency: Type.String(),
    seats: Type.Integer({ description: 'Travellers who take a seat (adults and children)' }),
    totalMinor: MoneyMinorSchema,
    pricing: Type.Object(
      {
        rule: AppliedRuleSchema,
        promoCode: Type.Union([Type.String(), Type.Null()], { description: 'The promo code it was sold with' }),
        promoDiscountMinor: MoneyMinorSchema,
        discountMinor: MoneyMinorSchema,
      },
      {
        description:
          'What it was sold at, kept as sold: the rule applied, the promo code, what the code gave (`promoDiscountMinor`) and what both gave (`discountMinor`: the travellers’ list prices less their charged prices, and a code off the whole booking); a later change of a season, rule or code never alters it',
      },
    ),
    paidMinor: SignedMoneySchema,
    refundedMinor: MoneyMinorSchema,
    balanceMinor: SignedMoneySchema,
    depositMinor: MoneyMinorSchema,
    balanceDueDate: Type.String({ description: 'YYYY-MM-DD: the departure’s local start date less the tour’s balanceDueDays, or the day it was booked (in the tour’s zone) when that is later' }),
    overdue: Type.Boolean({ description: 'Held, confirmed or waitlisted, with a balance to pay after its balanceDueDate (in the tour’s zone); never a reseller’s booking, whose customer paid the reseller' }),
    resellerOwesMinor: Type.Union([MoneyMinorSchema, Type.Null()], {
      description: 'A reseller’s confirmed booking: what the reseller owes the operator, the net (total less its commission) less what it paid; null for any other booking. Its customer owes nothing',
    }),
    holdExpiresAt: NullableIsoDateTimeSchema,
    contact: Type.Object({ name: Type.String(), email: Type.String(), phone: Type.Union([Type.String(), Type.Null()]) }),
    customerId: Type.Union([UuidSchema, Type.Null()], {
      description: 'The customer the booking belongs to: found by the contact’s e-mail when it was made (or its contact given), or made for it; null while a reseller’s hold has no contact yet',
    }),
    travellers: Type.Array(TravellerSchema),
    extras: Type.Array(BookingExtraSchema),
    singleRooms: Type.Integer(),
    singleSupplementMinor: MoneyMinorSchema,
    channel: ChannelSchema,
    resellerId: Type.Union([UuidSchema, Type.Null()], { description: 'The reseller who sold it (channel reseller)' }),
    resellerName: Type.Union([Type.String(), Type.Null()]),
    resellerReference: Type.Union([Type.String(), Type.Null()], { description: 'The reseller’s own reference for it' }),
    octoUuid: Type.Union([UuidSchema, Type.Null()], { description: 'The uuid the reseller gave it over OCTO' }),
    testMode: Type.Boolean({ description: 'Made with a reseller’s test key: holds its seats, counts in no figure, takes no payment, deleted with the reseller’s other test bookings' }),
    netMinor: Type.Union([MoneyMinorSchema, Type.Null()], { description: 'What the reseller owes: the total less its commission' }),
    resellerCommissionPercent: Type.Union([Type.Number(), Type.Null()], { description: 'The reseller’s commission when it sold the booking' }),
    resellerContact: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: 'The contact as the reseller gave it over OCTO' }),
    notes: Type.String({ description: 'The office’s own notes' }),
    pickup: Type.String({ description: 'Where and when the party is picked up (printed on the guide’s passenger list); empty: none' }),
    guideNotes: Type.String({ description: 'Notes for the guide (dietary needs and the like), printed on the passenger list' }),
    cancellation: Type.Union([CancellationSchema, Type.Null()]),
    createdAt: IsoDateTimeSchema,
    createdBy: Type.Union([UuidSchema, Type.Null()]),
    createdByName: Type.Union([Type.String(), Type.Null()], { description: 'The user who made it, as named now' }),
    confirmedAt: NullableIsoDateTimeSchema,
    updatedAt: IsoDateTimeSchema,
    checkInCode: Type.String({ description: 'Printed on the voucher (text and QR code): 13 characters of Crockford base32, 65 random bits; POST /api/check-in takes it' }),
  },
  { title: 'Booking' },
);

export const NewTravellerSchema = Type.Object(
  {
    category: CategorySchema,
    firstName: NameSchema,
    lastName: NameSchema,
    dateOfBirth: Type.Optional(BirthDateSchema),
    notes: Type.Optional(NotesSchema),
  },
  { additionalProperties: false },
);

export const NewBookingSchema = Type.Object(
  {
    departureId: UuidSchema,
    contact: ContactSchema,
    travellers: Type.Array(NewTravellerSchema, BOOKING_RULES.travellers),
    extras: Type.Optional(
      Type.Array(Type.Object({ componentId: UuidSchema, quantity: Type.Integer(BOOKING_RULES.quantity) }, { additionalProperties: false }), BOOKING_RULES.extras),
    ),
    singleRooms: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: 'At most the number of adults' })),
    status: Type.Optional(Type.Enum(['held', 'confirmed'], { default: 'held' })),
    holdMinutes: Type.Optional(Type.Integer({ ...BOOKING_RULES.holdMinutes, description: 'How long a held booking keeps its seats (default 60)' })),
    waitlist: Type.Optional(Type.Boolean({ description: 'Without enough seats: put the booking on the waitlist instead of answering 409 SOLD_OUT' })),
    channel: Type.Optional(StaffChannelSchema),
    promoCode: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, description: 'A promo code (any case), taken off after the tour’s rule; 400 PROMO_CODE_INVALID with the reason when it does not apply to this booking' }),
    ),
    notes: Type.Optional(NotesSchema),
    pickup: Type.Optional(Type.String(BOOKING_RULES.pickup)),
    guideNotes: Type.Optional(Type.String(BOOKING_RULES.guideNotes)),
    cutoffOverride: Type.Optional(
      Type.Object(
        { reason: Type.String({ ...BOOKING_RULES.cutoffReason, description: 'Why this booking is taken after the tour’s booking cut-off (kept in the audit log)' }) },
        {
          additionalProperties: false,
          description:
            'Book a departure past its booking cut-off (never one that has started). Needs `bookings.override_cutoff` (403 without it); audited as booking.cutoff_overridden with the reason. Resellers and the shop never can.',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const TravellerPatchSchema = Type.Object(
  {
    id: UuidSchema,
    firstName: Type.Optional(NameSchema),
    lastName: Type.Optional(NameSchema),
    dateOfBirth: Type.Optional(BirthDateSchema),
    notes: Type.Optional(NotesSchema),
  },
  { additionalProperties: false },
);

export const BookingPatchSchema = Type.Object(
  {
    contact: Type.Optional(ContactSchema),
    notes: Type.Optional(NotesSchema),
    pickup: Type.Optional(Type.String(BOOKING_RULES.pickup)),
    guideNotes: Type.Optional(Type.String(BOOKING_RULES.guideNotes)),
    travellers: Type.Optional(Type.Array(TravellerPatchSchema, { maxItems: BOOKING_RULES.travellers.maxItems, description: 'Names, birth dates and notes of travellers by id; not their number or categories' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ChangeBookingSchema = Type.Object(
  {
    departureId: Type.Optional(Type.Union([UuidSchema], { description: 'Another departure to move the booking to (of this tour or another)' })),
    travellers: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.Optional(Type.Union([UuidSchema], { description: 'A traveller of the booking, kept (with their names unless given); without: a new traveller' })),
            category: CategorySchema,
            firstName: Type.Optional(NameSchema),
            lastName: Type.Optional(NameSchema),
            dateOfBirth: Type.Optional(BirthDateSchema),
            notes: Type.Optional(NotesSchema),
          },
          { additionalProperties: false },
        ),
        { ...BOOKING_RULES.travellers, description: 'The travellers as they are to be, in order' },
      ),
    ),
    preview: Type.Optional(Type.Boolean({ description: 'true: answer the booking as the change would make it (its price, its seats checked) and change nothing' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const CancelBookingSchema = Type.Object(
  {
    reason: Type.String(BOOKING_RULES.reason),
    feeMinor: Type.Optional(MoneyMinorSchema),
  },
  { additionalProperties: false },
);

export const BookingListQuerySchema = ListQuerySchema(BOOKING_SORT_FIELDS, 'createdAt', {
  status: Type.Optional(BookingStatusSchema),
  paymentStatus: Type.Optional(PaymentStatusSchema),
  tourId: Type.Optional(UuidSchema),
  departureId: Type.Optional(UuidSchema),
  resellerId: Type.Optional(UuidSchema),
  customerId: Type.Optional(UuidSchema),
  channel: Type.Optional(Type.Union([ChannelSchema], { description: 'Only bookings taken on this channel (online: the operator’s own shop)' })),
  from: Type.Optional(LocalDateSchema),
  to: Type.Optional(LocalDateSchema),
  balanceDue: Type.Optional(Type.Boolean({ description: 'true: only bookings whose customer has a balance above 0 (never a reseller’s booking: the reseller owes the net)' })),
  overdue: Type.Optional(Type.Boolean({ description: 'true: only active bookings with a balance to pay after their balanceDueDate (in the tour’s zone); false: the others' })),
  bookedFrom: Type.Optional(Type.String({ ...DEPARTURE_RULES.date, description: 'YYYY-MM-DD: booked on or after this day of the business’s time zone (BUSINESS_TIME_ZONE), as the dashboard counts days' })),
  bookedTo: Type.Optional(Type.String({ ...DEPARTURE_RULES.date, description: 'YYYY-MM-DD: booked on or before this day of the business’s time zone' })),
  q: Type.Optional(SearchSchema),
});

/**
 * What a booking answer leaves out for a role that sees no money (seesMoney in permissions.ts, the
 * GUIDE role): every amount, the payment state and when the balance is due. Such a role may not
 * filter or sort the list by them either.
 */
export const BOOKING_MONEY_FIELDS = ['paymentStatus', 'totalMinor', 'pricing', 'paidMinor', 'refundedMinor', 'balanceMinor', 'depositMinor', 'balanceDueDate', 'overdue', 'singleSupplementMinor', 'netMinor', 'resellerCommissionPercent', 'resellerOwesMinor'] as const;
export const BOOKING_MONEY_FILTERS = ['paymentStatus', 'balanceDue', 'overdue'] as const;
/** The office's own notes: left out with the money for a role that sees none (a guide reads the notes for the guide instead). */
export const BOOKING_OFFICE_FIELDS = ['notes'] as const;

const optionalMoney = <T extends Record<string, import('typebox').TSchema>>(properties: T, money: readonly string[]) =>
  Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, money.includes(name) ? Type.Optional(schema) : schema])) as T;

/** A booking as every role that may read bookings gets it: with money (BookingSchema), or without it (BOOKING_MONEY_FIELDS absent). */
export const BookingAnswerSchema = Type.Object(
  {
    ...optionalMoney(BookingSchema.properties, [...BOOKING_MONEY_FIELDS, ...BOOKING_OFFICE_FIELDS]),
    travellers: Type.Array(Type.Object(optionalMoney(TravellerSchema.properties, ['unitPriceMinor', 'listPriceMinor']))),
    extras: Type.Array(Type.Object(optionalMoney(BookingExtraSchema.properties, ['unitPriceMinor']))),
    cancellation: Type.Union([Type.Object(optionalMoney(CancellationSchema.properties, ['feeMinor'])), Type.Null()]),
  },
  { title: 'BookingAnswer', description: 'A booking; for a role that sees no money (such as GUIDE) without its amounts, payment status and balance due date' },
);
export const BookingAnswerListSchema = ListAnswerSchema(BookingAnswerSchema);
export type BookingAnswer = Static<typeof BookingAnswerSchema>;

/** The booking with its money left out, for a role that sees none. */
export function bookingWithoutMoney(booking: Booking): BookingAnswer {
  const answer: Record<string, unknown> = { ...booking };
  for (const field of [...BOOKING_MONEY_FIELDS, ...BOOKING_OFFICE_FIELDS]) delete answer[field];
  answer.travellers = booking.travellers.map(({ unitPriceMinor: _price, listPriceMinor: _list, ...traveller }) => traveller);
  answer.extras = booking.extras.map(({ unitPriceMinor: _price, ...extra }) => extra);
  answer.cancellation = booking.cancellation && { at: booking.cancellation.at, reason: booking.cancellation.reason };
  return answer as BookingAnswer;
}

export const PaymentSchema = Type.Object(
  {
    id: UuidSchema,
    bookingId: UuidSchema,
    kind: Type.Enum([...PAYMENT_KINDS]),
    amountMinor: MoneyMinorSchema,
    currency: Type.String(),
    method: Type.Enum([...PAYMENT_METHODS]),
    reference: Type.String(),
    giftCardId: Type.Union([UuidSchema, Type.Null()], { description: 'Method gift_card: the card it debited, or a refund went back to' }),
    receivedAt: IsoDateTimeSchema,
    recordedBy: Type.Union([UuidSchema, Type.Null()]),
    recordedByName: Type.Union([Type.String(), Type.Null()]),
    createdAt: IsoDateTimeSchema,
  },
  { title: 'Payment' },
);

export const NewPaymentSchema = Type.Object(
  {
    kind: Type.Enum([...PAYMENT_KINDS]),
    amountMinor: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Above 0, in minor units of the booking’s currency' }),
    method: Type.Enum([...PAYMENT_METHODS]),
    reference: Type.Optional(Type.String(BOOKING_RULES.paymentReference)),
    receivedAt: Type.Optional(IsoDateTimeSchema),
    giftCardCode: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, description: 'A payment with method gift_card: the card’s code (any case, with or without dashes), debited in the same transaction' }),
    ),
    refundTo: Type.Optional(Type.Enum(['gift_card'], { description: 'A refund: back to the gift cards that paid the booking (the latest first), instead of out of the business' })),
  },
  { additionalProperties: false },
);

export const PaymentListSchema = Type.Object({ data: Type.Array(PaymentSchema) });

export const TimelineEntrySchema = Type.Object(
  {
    at: IsoDateTimeSchema,
    action: Type.String({ description: 'An audit action: booking.created, booking.confirmed, payment.recorded…' }),
    actorName: Type.Union([Type.String(), Type.Null()], { description: 'Who did it, as named now; null for the system (an expired hold)' }),
    details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  },
  { title: 'BookingTimelineEntry' },
);
export const TimelineSchema = Type.Object({ data: Type.Array(TimelineEntrySchema) });

export type TimelineEntry = Static<typeof TimelineEntrySchema>;
export type BookingStatus = Static<typeof BookingStatusSchema>;
export type PaymentStatus = Static<typeof PaymentStatusSchema>;
export type Booking = Static<typeof BookingSchema>;
export type Traveller = Static<typeof TravellerSchema>;
export type NewBooking = Static<typeof NewBookingSchema>;
export type BookingPatch = Static<typeof BookingPatchSchema>;
export type CancelBooking = Static<typeof CancelBookingSchema>;
export type ChangeBooking = Static<typeof ChangeBookingSchema>;
export type BookingListQuery = Static<typeof BookingListQuerySchema>;
export type Payment = Static<typeof PaymentSchema>;
export type NewPayment = Static<typeof NewPaymentSchema>;
export type CheckInBooking = Static<typeof CheckInBookingSchema>;
