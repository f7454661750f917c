/**
 * The dashboard's reports: answered from totals the database
 * keeps per day, month and currency in the business's time zone, never by reading the bookings.
 * Money is per currency and never added across currencies.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, MoneyMinorSchema, UuidSchema } from './common.js';
import { COST_BASES } from './tour-rules.js';

/** A sum of payments less refunds may be below zero (more refunded than received in the period). */
const CurrencySchema = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217' });
const CountSchema = Type.Integer({ minimum: 0 });

export const REPORT_BASES = ['booking', 'departure'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
/** How far ahead the summary looks for departures and balances due. */
export const UPCOMING_DAYS = 14;
export const UPCOMING_DEPARTURES_LIMIT = 20;

export const UpcomingDepartureSchema = Type.Object(
  {
    id: UuidSchema,
    tourTitle: Type.String(),
    startsAt: IsoDateTimeSchema,
    timeZone: Type.String({ description: 'The tour’s IANA time zone: the departure’s local time is startsAt in it' }),
    capacity: CountSchema,
    seatsConfirmed: CountSchema,
    seatsHeld: CountSchema,
    minPax: CountSchema,
    guaranteed: Type.Boolean({ description: 'seatsConfirmed ≥ minPax' }),
    hasGuide: Type.Boolean({ description: 'A guide is assigned (false: nobody leads it yet)' }),
  },
  { title: 'UpcomingDeparture' },
);

export const SummarySchema = Type.Object(
  {
    asOf: IsoDateTimeSchema,
    timeZone: Type.String({ description: 'The business’s IANA time zone: the days are counted in it' }),
    bookings: Type.Object(
      {
        today: CountSchema,
        last7Days: CountSchema,
        last30Days: CountSchema,
        online: Type.Object(
          { today: CountSchema, last7Days: CountSchema, last30Days: CountSchema },
          { description: 'Of the bookings made in the period, those sold in the operator’s own shop and confirmed (paid, or booked to pay later); open carts are not counted' },
        ),
      },
      { description: 'Bookings made in the period that are not cancelled or expired' },
    ),
    travellers: Type.Object({ last30Days: CountSchema }),
    money: Type.Array(
      Type.Object({
        currency: CurrencySchema,
        bookedLast30DaysMinor: MoneyMinorSchema,
        collectedLast30DaysMinor: Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, description: 'Payments less refunds received in the last 30 days, by every method but gift cards: a card’s payment was money collected when the card was sold (giftCards says what cards sold and redeemed); may be negative' }),
        outstandingMinor: MoneyMinorSchema,
        outstandingConfirmedMinor: Type.Integer({ minimum: 0, description: 'The part of outstandingMinor owed on confirmed bookings' }),
        outstandingHeldMinor: Type.Integer({ minimum: 0, description: 'The part of outstandingMinor on bookings not confirmed yet (held, or on the waitlist): owed only if they are confirmed' }),
        refundDueMinor: MoneyMinorSchema,
        owedByResellersMinor: Type.Integer({
          minimum: 0,
          description: 'What resellers owe for their confirmed bookings at net (the total less their commission), less what they paid; their customers owe nothing and are not in outstandingMinor',
        }),
      }),
      { description: 'One row per currency, sorted by currency' },
    ),
    discounts: Type.Array(
      Type.Object({
        currency: CurrencySchema,
        amountMinor: MoneyMinorSchema,
        promoCodesMinor: Type.Integer({ minimum: 0, description: 'The part of amountMinor promo codes gave (the rest the tours’ price rules)' }),
      }),
      { description: 'What price rules and promo codes took off the list prices of the bookings made in the last 30 days that are not cancelled or expired, per currency' },
    ),
    giftCards: Type.Array(
      Type.Object({
        currency: CurrencySchema,
        soldLast30DaysMinor: MoneyMinorSchema,
        redeemedLast30DaysMinor: Type.Integer({ description: 'What cards paid in the last 30 days, less what went back to them' }),
        outstandingMinor: MoneyMinorSchema,
      }),
      { description: 'Gift cards per currency: issued (sold) and redeemed in the last 30 days, and what active cards still hold (the liability: money held for customers, not revenue)' },
    ),
    upcomingDepartures: Type.Array(UpcomingDepartureSchema, { description: `Departures that are not cancelled in the next ${UPCOMING_DAYS} days, soonest first, at most ${UPCOMING_DEPARTURES_LIMIT}` }),
    balancesDueNext14Days: Type.Object(
      {
      count: CountSchema,
      from: Type.String({ description: 'First departure date counted (YYYY-MM-DD, today in the business’s zone)' }),
      to: Type.String({ description: 'Last departure date counted (YYYY-MM-DD)' }),
      money: Type.Array(Type.Object({ currency: CurrencySchema, amountMinor: MoneyMinorSchema })),
      confirmed: Type.Object({ count: CountSchema, money: Type.Array(Type.Object({ currency: CurrencySchema, amountMinor: MoneyMinorSchema })) }, { description: 'Of these, the confirmed bookings' }),
      held: Type.Object({ count: CountSchema, money: Type.Array(Type.Object({ currency: CurrencySchema, amountMinor: MoneyMinorSchema })) }, { description: 'Of these, the bookings not confirmed yet (held, or on the waitlist)' }),
      },
      { description: 'Bookings with a balance above 0 (an unpaid cancellation fee too) whose departure date is in the next 14 days: what the bookings list finds with balanceDue=true, from and to' },
    ),
    overdue: Type.Object(
      { count: CountSchema, money: Type.Array(Type.Object({ currency: CurrencySchema, amountMinor: MoneyMinorSchema })) },
      { description: 'Active bookings with a balance to pay after their balance due date (in each tour’s zone): what the bookings list finds with overdue=true' },
    ),
  },
  { title: 'ReportSummary' },
);
export type ReportSummary = Static<typeof SummarySchema>;
export type UpcomingDeparture = Static<typeof UpcomingDepartureSchema>;

export const MonthlyQuerySchema = Type.Object({
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2999, description: 'Default: this year in the business’s time zone' })),
  basis: Type.Optional(Type.Enum([...REPORT_BASES], { default: 'booking', description: 'The month the booking was made, or the month it departs' })),
});
export type MonthlyQuery = Static<typeof MonthlyQuerySchema>;

export const MonthlyRowSchema = Type.Object(
  { month: Type.String({ description: 'YYYY-MM' }), currency: CurrencySchema, bookings: CountSchema, travellers: CountSchema, bookedMinor: MoneyMinorSchema },
  { title: 'MonthlyRow' },
);
export const MonthlySchema = Type.Object(
  {
    year: Type.Integer(),
    basis: Type.Enum([...REPORT_BASES]),
    timeZone: Type.String(),
    data: Type.Array(MonthlyRowSchema, { description: 'The year asked for and the one before it, by month then currency; months without bookings are left out' }),
  },
  { title: 'MonthlyReport' },
);
export type MonthlyRow = Static<typeof MonthlyRowSchema>;
export type MonthlyReport = Static<typeof MonthlySchema>;

/**
 * Margins: what a departure made. Revenue is the totals of its held and confirmed bookings less
 * resellers' commissions (a reseller's booking counts at its net); cost counts each included
 * component for every traveller who takes a seat (infants do not), by its cost basis, and each
 * optional one for the quantities booked. In the tour's currency; never added across currencies.
 */
export const MarginLineSchema = Type.Object({
  componentId: UuidSchema,
  name: Type.String(),
  basis: Type.Enum([...COST_BASES]),
  units: Type.Integer({ description: 'per_traveller: travellers who take a seat (or the quantity booked, optional); per_departure: 1; per_night: those travellers × the component’s nights' }),
  costMinor: Type.Integer({ description: 'units × the component’s costMinor (none given: 0)' }),
});

export const DepartureMarginSchema = Type.Object(
  {
    departureId: UuidSchema,
    currency: Type.String(),
    revenueMinor: Type.Integer(),
    costMinor: Type.Integer(),
    marginMinor: Type.Integer({ description: 'revenueMinor − costMinor' }),
    marginPercent: Type.Union([Type.Number(), Type.Null()], { description: 'marginMinor ÷ revenueMinor × 100, one decimal; null without revenue' }),
    lines: Type.Array(MarginLineSchema),
  },
  { title: 'DepartureMargin' },
);

export const MARGIN_SORT_FIELDS = ['startDate', 'marginMinor', 'marginPercent', 'revenueMinor'] as const;

export const MarginsQuerySchema = Type.Object(
  {
    from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'First departure date, YYYY-MM-DD' }),
    to: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Last departure date (at most 366 days after from)' }),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
    sort: Type.Optional(Type.Enum([...MARGIN_SORT_FIELDS], { default: 'startDate' })),
    order: Type.Optional(Type.Enum(['ASC', 'DESC'], { default: 'ASC' })),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  },
  { additionalProperties: false },
);

export const MarginRowSchema = Type.Object({
  departureId: UuidSchema,
  tourId: UuidSchema,
  tourCode: Type.String(),
  tourTitle: Type.String(),
  startDate: Type.String(),
  startTime: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  seats: Type.Integer({ description: 'Seats taken by held and confirmed bookings' }),
  revenueMinor: Type.Integer(),
  costMinor: Type.Integer(),
  marginMinor: Type.Integer(),
  marginPercent: Type.Union([Type.Number(), Type.Null()]),
});

export const MarginsSchema = Type.Object(
  {
    data: Type.Array(MarginRowSchema),
    total: Type.Integer(),
    totals: Type.Array(
      Type.Object({ currency: Type.String(), departures: Type.Integer(), revenueMinor: Type.Integer(), costMinor: Type.Integer(), marginMinor: Type.Integer() }),
      { description: 'Per currency over every departure of the range (not only this page)' },
    ),
  },
  { title: 'Margins' },
);

export type DepartureMargin = Static<typeof DepartureMarginSchema>;
export type MarginsQuery = Static<typeof MarginsQuerySchema>;
export type Margins = Static<typeof MarginsSchema>;
