/**
 * Departures: dates a tour can be booked on. A departure is entered as
 * a local date and time in its tour's zone; the server derives the instant. The server validates
 * with these schemas and documents them; both sides take their types from them.
 */
import Type, { type Static } from 'typebox';
import { DEPARTURE_RULES, DEPARTURE_SORT_FIELDS, DEPARTURE_STATUSES } from './departure-rules.js';
import { IsoDateTimeSchema, ListAnswerSchema, ListQuerySchema, NullableMoneyMinorSchema, UuidSchema } from './common.js';
import { AssignmentSchema } from './resources.js';
import { AppliedRuleSchema, PriceRuleSchema } from './pricing.js';
import { PricesSchema } from './tours.js';

export * from './departure-rules.js';

const LocalDateSchema = Type.String({ ...DEPARTURE_RULES.date, description: 'A date in the tour’s time zone, YYYY-MM-DD' });
const LocalTimeSchema = Type.String({ ...DEPARTURE_RULES.time, description: 'A time of day in the tour’s time zone, HH:MM' });
const StatusSchema = Type.Enum([...DEPARTURE_STATUSES]);

export const DepartureSchema = Type.Object(
  {
    id: UuidSchema,
    tourId: UuidSchema,
    tourCode: Type.String(),
    tourTitle: Type.String(),
    startDate: Type.String({ description: 'Local to timeZone' }),
    startTime: Type.String({ description: 'Local to timeZone' }),
    timeZone: Type.String({ description: 'The tour’s IANA time zone' }),
    startsAt: IsoDateTimeSchema,
    endDate: Type.String({ description: 'startDate + the tour’s durationDays − 1' }),
    capacity: Type.Integer(),
    seatsHeld: Type.Integer(),
    seatsConfirmed: Type.Integer(),
    seatsAvailable: Type.Integer({ description: 'capacity − seatsHeld − seatsConfirmed, never below 0' }),
    waitlisted: Type.Integer({ description: 'Seats wanted by waitlisted bookings: their adults and children (an infant takes no seat, so it waits for none). Counted in seats, not travellers: seats are what staff weigh against the seats freed.' }),
    minPax: Type.Integer({ description: 'The tour’s minimum group size' }),
    guaranteed: Type.Boolean({ description: 'seatsConfirmed ≥ minPax' }),
    status: StatusSchema,
    prices: PricesSchema,
    pricing: Type.Object(
      {
        own: Type.Boolean({ description: 'Staff priced this departure; else it follows its season, else its tour' }),
        basis: Type.Enum(['departure', 'season', 'tour'], { description: 'Where the list price comes from' }),
        season: Type.Union([Type.String(), Type.Null()], { description: 'The season holding its start date, when the list price is that season’s' }),
        listPrices: PricesSchema,
        rule: AppliedRuleSchema,
        rules: Type.Array(PriceRuleSchema, { description: 'The tour’s active rules, so a form prices a booking of several travellers as the server will (shared/pricing.ts)' }),
      },
      { description: '`prices` is the price found now for one adult: the list price less the rule that applies now (early bird, last minute)' },
    ),
    singleSupplementMinor: NullableMoneyMinorSchema,
    bookingCutoffHours: Type.Integer({ description: 'The tour’s: bookings close this many hours before startsAt' }),
    cancelReason: Type.Union([Type.String(), Type.Null()]),
    createdAt: IsoDateTimeSchema,
    checkedIn: Type.Optional(Type.Integer({ description: 'Travellers of its confirmed bookings checked in on the day (in the office’s answers: the list, one departure, its creation, change and cancel)' })),
    assignments: Type.Optional(
      Type.Array(AssignmentSchema, { description: 'The guides, drivers, vehicles and others assigned to it (in the office’s answers: the list, one departure, its creation, change and cancel; ended ones, of a cancelled departure, last); left out for a reader without resources.read' }),
    ),
  },
  { title: 'Departure' },
);

export const NewDepartureSchema = Type.Object(
  {
    tourId: UuidSchema,
    startDate: LocalDateSchema,
    startTime: LocalTimeSchema,
    capacity: Type.Integer(DEPARTURE_RULES.capacity),
    status: Type.Optional(Type.Enum(['open', 'closed'])),
    prices: Type.Optional(PricesSchema),
    singleSupplementMinor: Type.Optional(NullableMoneyMinorSchema),
  },
  { additionalProperties: false },
);

export const DeparturePatchSchema = Type.Object(
  {
    startDate: Type.Optional(LocalDateSchema),
    startTime: Type.Optional(LocalTimeSchema),
    capacity: Type.Optional(Type.Integer({ ...DEPARTURE_RULES.capacity, description: 'Not below the seats taken (409)' })),
    status: Type.Optional(Type.Enum(['open', 'closed'], { description: 'Cancelling is POST …/cancel' })),
    prices: Type.Optional(Type.Union([PricesSchema, Type.Null()], { description: 'The departure’s own prices; null: it follows its season, else its tour, again' })),
    singleSupplementMinor: Type.Optional(NullableMoneyMinorSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const BulkDeparturesSchema = Type.Object(
  {
    tourId: UuidSchema,
    from: LocalDateSchema,
    to: LocalDateSchema,
    weekdays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true, description: 'ISO weekdays, Monday = 1' }),
    startTime: LocalTimeSchema,
    capacity: Type.Integer(DEPARTURE_RULES.capacity),
  },
  { additionalProperties: false },
);

export const BulkAnswerSchema = Type.Object({
  data: Type.Array(DepartureSchema),
  skipped: Type.Array(Type.String(), { description: 'Dates that have a departure of the tour at that time already, or whose time does not exist that day (clocks going forward)' }),
});

export const CancelDepartureSchema = Type.Object({ reason: Type.String(DEPARTURE_RULES.reason) }, { additionalProperties: false });

export const DepartureListQuerySchema = ListQuerySchema(DEPARTURE_SORT_FIELDS, 'startsAt', {
  tourId: Type.Optional(UuidSchema),
  from: Type.Optional(LocalDateSchema),
  to: Type.Optional(LocalDateSchema),
  status: Type.Optional(StatusSchema),
  hasSeats: Type.Optional(Type.Boolean({ description: 'true: only departures with a free seat' })),
  unassigned: Type.Optional(Type.Enum(['guide', 'vehicle'], { description: 'Open departures with no resource of this kind assigned yet' })),
});

/** A departure as every role that may read departures gets it: a role that sees no money (seesMoney, the GUIDE role) without its prices. */
export const DepartureAnswerSchema = Type.Object(
  { ...DepartureSchema.properties, prices: Type.Optional(PricesSchema), pricing: Type.Optional(DepartureSchema.properties.pricing), singleSupplementMinor: Type.Optional(NullableMoneyMinorSchema) },
  { title: 'DepartureAnswer', description: 'A departure; for a role that sees no money (such as GUIDE) without prices, pricing and singleSupplementMinor' },
);
export const DepartureAnswerListSchema = ListAnswerSchema(DepartureAnswerSchema);
export type DepartureAnswer = Static<typeof DepartureAnswerSchema>;

/** The departure with its prices left out, for a role that sees no money. */
export function departureWithoutMoney(departure: Departure): DepartureAnswer {
  const { prices: _prices, pricing: _pricing, singleSupplementMinor: _supplement, ...rest } = departure;
  return rest;
}

/** A departure for a reader who may not see who or what is assigned (no resources.read). */
export function departureWithoutAssignments<T extends { assignments?: unknown }>(departure: T): Omit<T, 'assignments'> {
  const { assignments: _assignments, ...rest } = departure;
  return rest;
}

export type DepartureStatus = (typeof DEPARTURE_STATUSES)[number];
export type Departure = Static<typeof DepartureSchema>;
export type NewDeparture = Static<typeof NewDepartureSchema>;
export type DeparturePatch = Static<typeof DeparturePatchSchema>;
export type BulkDepartures = Static<typeof BulkDeparturesSchema>;
export type DepartureListQuery = Static<typeof DepartureListQuerySchema>;
