/**
 * Prices that move: a tour's seasons and price rules, and the price quote every channel's price
 * agrees with (shared/pricing.ts finds it).
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, MoneyMinorSchema, UuidSchema } from './common.js';
import { DEPARTURE_RULES } from './departure-rules.js';
import { PROMO_CHANNELS, PromoTermsSchema } from './promo-codes.js';
import { PricesSchema } from './tours.js';

export const PRICING_RULES = {
  maxSeasons: 50,
  seasonName: { minLength: 1, maxLength: 80 },
  percent: { minimum: 1, maximum: 90 },
} as const;

const LocalDateSchema = Type.String({ ...DEPARTURE_RULES.date, description: 'A date in the tour’s time zone, YYYY-MM-DD' });

export const SeasonSchema = Type.Object(
  {
    name: Type.String({ ...PRICING_RULES.seasonName, description: 'What staff call it (High season, Christmas)' }),
    from: LocalDateSchema,
    to: Type.String({ ...DEPARTURE_RULES.date, description: 'The last travel date of the season, inclusive' }),
    prices: PricesSchema,
  },
  { title: 'Season', additionalProperties: false, description: 'Departures starting (local date) from `from` to `to` inclusive are listed at these prices, unless staff priced the departure itself' },
);
export type Season = Static<typeof SeasonSchema>;

export const SeasonsSchema = Type.Array(SeasonSchema, { maxItems: PRICING_RULES.maxSeasons, title: 'Seasons', description: `At most ${PRICING_RULES.maxSeasons}; no two overlapping` });

const Percent = Type.Integer({ ...PRICING_RULES.percent, description: 'Off the list price, 1–90' });
export const PriceRuleSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('early_bird'), daysBefore: Type.Integer({ minimum: 1, maximum: 730, description: 'Booked at least this many days before the start' }), percent: Percent, active: Type.Boolean() }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('last_minute'), hoursBefore: Type.Integer({ minimum: 1, maximum: 8760, description: 'Booked at most this many hours before the start' }), percent: Percent, active: Type.Boolean() }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('group'), minTravellers: Type.Integer({ minimum: 2, maximum: 1000, description: 'At least this many paying travellers in the booking' }), percent: Percent, active: Type.Boolean() }, { additionalProperties: false }),
  ],
  { title: 'PriceRule' },
);
export type PriceRuleInput = Static<typeof PriceRuleSchema>;
export const PriceRulesSchema = Type.Array(PriceRuleSchema, { maxItems: 30, title: 'PriceRules', description: 'At most one active rule of each kind; the largest discount that applies is given, never two' });

export const AppliedRuleSchema = Type.Union([Type.Object({ kind: Type.Enum(['early_bird', 'last_minute', 'group']), percent: Type.Integer() }), Type.Null()], {
  description: 'The rule a price was found with (null: none applied)',
});

export const PriceQuoteRequestSchema = Type.Object(
  {
    departureId: UuidSchema,
    travellers: Type.Object(
      { ADULT: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })), CHILD: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })), INFANT: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })) },
      { additionalProperties: false },
    ),
    bookedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the booking would be made, an ISO 8601 instant; now when left out' })),
    promoCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'A promo code to take off after the rule (checked as a booking checks it, no use taken); 400 PROMO_CODE_INVALID with the reason when it does not apply' })),
    channel: Type.Optional(Type.Enum([...PROMO_CHANNELS], { default: 'office', description: 'The channel the code is checked for (default office)' })),
  },
  { additionalProperties: false, title: 'PriceQuoteRequest' },
);
export type PriceQuoteRequest = Static<typeof PriceQuoteRequestSchema>;

export const PriceQuoteSchema = Type.Object(
  {
    departureId: UuidSchema,
    currency: Type.String(),
    bookedAt: IsoDateTimeSchema,
    basis: Type.Enum(['departure', 'season', 'tour'], { description: 'Where the list price came from' }),
    season: Type.Union([Type.String(), Type.Null()]),
    rule: AppliedRuleSchema,
    promoCode: Type.Union([PromoTermsSchema, Type.Null()], { description: 'The code taken off, with its terms' }),
    lines: Type.Array(
      Type.Object({
        category: Type.Enum(['ADULT', 'CHILD', 'INFANT']),
        quantity: Type.Integer({ minimum: 1 }),
        listPriceMinor: MoneyMinorSchema,
        unitPriceMinor: MoneyMinorSchema,
        discountMinor: Type.Integer({ minimum: 0, description: 'Per traveller: the list price less the price charged (the rule, and a code per traveller)' }),
        amountMinor: MoneyMinorSchema,
      }),
    ),
    listTotalMinor: MoneyMinorSchema,
    promoDiscountMinor: MoneyMinorSchema,
    discountMinor: MoneyMinorSchema,
    totalMinor: MoneyMinorSchema,
  },
  { title: 'PriceQuote', description: 'The lines as a booking of these travellers would be priced at `bookedAt`' },
);
export type PriceQuote = Static<typeof PriceQuoteSchema>;
