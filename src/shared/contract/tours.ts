/**
 * The tour catalogue's contract: tours, their components and their
 * itinerary days. The server validates with these schemas and documents them; both sides take
 * their types from them. Rules no schema can say (a known time zone and currency, day ranges
 * within the tour's length) are checked by the server and named in the descriptions.
 */
import Type, { type Static } from 'typebox';
import { COMPONENT_INCLUSIONS, COMPONENT_KINDS, COST_BASES, MEDIA_RULES, TOUR_RULES, TOUR_SORT_FIELDS, TOUR_STATUSES } from './tour-rules.js';
import {
  IsoDateTimeSchema,
  ListAnswerSchema,
  ListQuerySchema,
  MoneyMinorSchema,
  NullableIsoDateTimeSchema,
  NullableMoneyMinorSchema,
  SearchSchema,
  UuidSchema,
} from './common.js';

export * from './tour-rules.js';

const TourStatusSchema = Type.Enum([...TOUR_STATUSES]);
const TimeZoneSchema = Type.String({ ...TOUR_RULES.timeZone, description: 'IANA time zone, e.g. Europe/Berlin' });
const CurrencySchema = Type.String({ ...TOUR_RULES.currency, description: 'ISO 4217 code the runtime knows, e.g. EUR, ISK' });
const RichTextSchema = Type.String({ ...TOUR_RULES.description, description: 'HTML; only paragraphs, h2–h4, bold, italic, lists, http(s)/mailto links and line breaks are kept' });

export const PricesSchema = Type.Object(
  { ADULT: NullableMoneyMinorSchema, CHILD: NullableMoneyMinorSchema, INFANT: NullableMoneyMinorSchema },
  { additionalProperties: false, description: 'Per traveller, in minor units; null: the category is not sold' },
);

export const MediaUrlsSchema = Type.Object(
  { thumb: Type.String(), medium: Type.String(), large: Type.String() },
  { title: 'MediaUrls', description: 'Paths of the sized copies (320, 1024 and 2048 px wide at most), unguessable and cached for a year' },
);

/** One tier of a tour's cancellation terms: from `daysBefore` days before the departure, `percent` of the price is kept. */
export const CancellationFeeSchema = Type.Object(
  { daysBefore: Type.Integer(TOUR_RULES.cancellationFeeDays), percent: Type.Integer(TOUR_RULES.cancellationFeePercent) },
  { additionalProperties: false, title: 'CancellationFee' },
);
export type CancellationFee = Static<typeof CancellationFeeSchema>;

/** What a customer may do with their own booking without a clerk, until `untilHours` before the departure starts. */
export const SelfServiceSchema = Type.Object(
  {
    cancel: Type.Boolean({ description: 'The customer may cancel under the tour’s cancellation fees' }),
    change: Type.Boolean({ description: 'The customer may move to another open departure of the tour' }),
    untilHours: Type.Integer({ ...TOUR_RULES.selfServiceUntilHours, description: 'Until this many hours before the departure starts (0–720, default 48)' }),
  },
  { additionalProperties: false, title: 'SelfService' },
);
export type SelfService = Static<typeof SelfServiceSchema>;

export const TourSchema = Type.Object(
  {
    id: UuidSchema,
    code: Type.String(),
    title: Type.String(),
    summary: Type.String(),
    description: Type.String({ description: 'Sanitised HTML' }),
    status: TourStatusSchema,
    timeZone: Type.String(),
    currency: Type.String(),
    durationDays: Type.Integer(),
    minPax: Type.Integer(),
    maxPax: Type.Union([Type.Integer(), Type.Null()]),
    bookingCutoffHours: Type.Integer(),
    cancellationCutoffHours: Type.Integer({ description: 'Resellers may cancel or change a booking until this many hours before its departure starts' }),
    depositPercent: Type.Union([Type.Integer(), Type.Null()], { description: 'The deposit taken at booking, a percentage of the price; null: the whole price at booking' }),
    balanceDueDays: Type.Integer({ description: 'The balance is due this many days before the departure’s local start date' }),
    cancellationFees: Type.Array(CancellationFeeSchema, { description: 'Cancellation terms, by days before the departure (the tier with the most days not above the days left applies); empty: no fee proposed' }),
    infantAgeUnder: Type.Integer({ description: 'An infant is under this many years old on the day the departure starts' }),
    childAgeUnder: Type.Integer({ description: 'A child is under this many years old (and not an infant); older travellers are adults' }),
    prices: PricesSchema,
    singleSupplementMinor: NullableMoneyMinorSchema,
    bookableOnline: Type.Boolean({ description: 'Sold in the operator’s own shop (only while published)' }),
    selfService: SelfServiceSchema,
    coverMediaId: Type.Union([UuidSchema, Type.Null()]),
    coverUrls: Type.Union([MediaUrlsSchema, Type.Null()], { description: 'The cover picture’s copies (null: no pictures)' }),
    departureCount: Type.Integer({ description: 'Departures scheduled, in any status' }),
    nextDepartureAt: NullableIsoDateTimeSchema,
    createdAt: IsoDateTimeSchema,
    updatedAt: IsoDateTimeSchema,
  },
  { title: 'Tour' },
);

const tourFields = {
  code: Type.String({ ...TOUR_RULES.code, description: 'Unique; capital letters, digits and hyphens' }),
  title: Type.String(TOUR_RULES.title),
  summary: Type.String(TOUR_RULES.summary),
  description: RichTextSchema,
  status: TourStatusSchema,
  timeZone: TimeZoneSchema,
  currency: CurrencySchema,
  durationDays: Type.Integer(TOUR_RULES.durationDays),
  minPax: Type.Integer(TOUR_RULES.minPax),
  maxPax: Type.Union([Type.Integer(TOUR_RULES.maxPax), Type.Null()]),
  bookingCutoffHours: Type.Integer({ ...TOUR_RULES.bookingCutoffHours, description: 'Bookings close this many hours before a departure starts' }),
  cancellationCutoffHours: Type.Integer({ ...TOUR_RULES.cancellationCutoffHours, description: 'Resellers may cancel or change a booking until this many hours before a departure starts (default 24); staff always may' }),
  depositPercent: Type.Union([Type.Integer(TOUR_RULES.depositPercent), Type.Null()], { description: 'The deposit taken at booking, in percent of the price (0–100); null (the default): the whole price at booking' }),
  balanceDueDays: Type.Integer({ ...TOUR_RULES.balanceDueDays, description: 'The balance is due this many days before the departure (0–365, default 30), or at booking when that is later' }),
  cancellationFees: Type.Array(CancellationFeeSchema, {
    ...TOUR_RULES.cancellationFees,
    description: 'Cancellation terms: each tier applies from `daysBefore` days before the departure (each daysBefore once); for example 30: 0 %, 7: 50 %, 0: 100 %',
  }),
  infantAgeUnder: Type.Integer({ ...TOUR_RULES.infantAgeUnder, description: 'Infants are under this age in years (default 2)' }),
  childAgeUnder: Type.Integer({ ...TOUR_RULES.childAgeUnder, description: 'Children are under this age in years (default 12); above infantAgeUnder' }),
  prices: PricesSchema,
  singleSupplementMinor: NullableMoneyMinorSchema,
  bookableOnline: Type.Boolean({ description: 'Sold in the operator’s own shop (default false); only a published tour is' }),
  selfService: SelfServiceSchema,
};

export const NewTourSchema = Type.Object(
  {
    code: tourFields.code,
    title: tourFields.title,
    summary: Type.Optional(tourFields.summary),
    description: Type.Optional(tourFields.description),
    status: Type.Optional(tourFields.status),
    timeZone: tourFields.timeZone,
    currency: tourFields.currency,
    durationDays: tourFields.durationDays,
    minPax: Type.Optional(tourFields.minPax),
    maxPax: Type.Optional(tourFields.maxPax),
    bookingCutoffHours: Type.Optional(tourFields.bookingCutoffHours),
    cancellationCutoffHours: Type.Optional(tourFields.cancellationCutoffHours),
    depositPercent: Type.Optional(tourFields.depositPercent),
    balanceDueDays: Type.Optional(tourFields.balanceDueDays),
    cancellationFees: Type.Optional(tourFields.cancellationFees),
    infantAgeUnder: Type.Optional(tourFields.infantAgeUnder),
    childAgeUnder: Type.Optional(tourFields.childAgeUnder),
    prices: tourFields.prices,
    singleSupplementMinor: Type.Optional(tourFields.singleSupplementMinor),
    bookableOnline: Type.Optional(tourFields.bookableOnline),
    selfService: Type.Optional(tourFields.selfService),
  },
  { additionalProperties: false },
);

export const TourPatchSchema = Type.Object(
  Object.fromEntries(Object.entries(tourFields).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof typeof tourFields]: ReturnType<typeof Type.Optional<(typeof tourFields)[K]>>;
  },
  { additionalProperties: false, minProperties: 1 },
);

export const TourListQuerySchema = ListQuerySchema(TOUR_SORT_FIELDS, 'createdAt', {
  status: Type.Optional(TourStatusSchema),
  q: Type.Optional(SearchSchema),
});
export const TourListSchema = ListAnswerSchema(TourSchema);

export const ComponentSchema = Type.Object(
  {
    id: UuidSchema,
    tourId: UuidSchema,
    kind: Type.Enum([...COMPONENT_KINDS]),
    name: Type.String(),
    supplier: Type.String(),
    dayFrom: Type.Integer(),
    dayTo: Type.Integer(),
    inclusion: Type.Enum([...COMPONENT_INCLUSIONS]),
    priceMinor: NullableMoneyMinorSchema,
    costMinor: NullableMoneyMinorSchema,
    costBasis: Type.Enum([...COST_BASES]),
    notes: Type.String(),
    position: Type.Integer({ description: 'Order within the tour, from 0' }),
  },
  { title: 'TourComponent' },
);

const componentFields = {
  kind: Type.Enum([...COMPONENT_KINDS]),
  name: Type.String(TOUR_RULES.componentName),
  supplier: Type.String(TOUR_RULES.supplier),
  dayFrom: Type.Integer({ minimum: 1, maximum: 365, description: '1 ≤ dayFrom ≤ dayTo ≤ the tour’s durationDays' }),
  dayTo: Type.Integer({ minimum: 1, maximum: 365 }),
  inclusion: Type.Enum([...COMPONENT_INCLUSIONS], { description: 'included in the tour’s price, or an optional extra at priceMinor per unit' }),
  priceMinor: Type.Union([MoneyMinorSchema, Type.Null()], { description: 'Price per unit of an optional extra (required for optional components)' }),
  costMinor: Type.Union([MoneyMinorSchema, Type.Null()], { description: 'What the operator pays the supplier, in the tour’s currency, per costBasis' }),
  costBasis: Type.Enum([...COST_BASES], {
    description: 'per_traveller (default): each traveller who takes a seat (infants do not); per_departure: once for the departure; per_night: each such traveller for each night of the component’s days',
  }),
  notes: Type.String(TOUR_RULES.notes),
};

export const NewComponentSchema = Type.Object(
  {
    kind: componentFields.kind,
    name: componentFields.name,
    supplier: Type.Optional(componentFields.supplier),
    dayFrom: componentFields.dayFrom,
    dayTo: componentFields.dayTo,
    inclusion: componentFields.inclusion,
    priceMinor: Type.Optional(componentFields.priceMinor),
    costMinor: Type.Optional(componentFields.costMinor),
    costBasis: Type.Optional(componentFields.costBasis),
    notes: Type.Optional(componentFields.notes),
  },
  { additionalProperties: false },
);

export const ComponentPatchSchema = Type.Object(
  {
    ...Object.fromEntries(Object.entries(componentFields).map(([key, schema]) => [key, Type.Optional(schema)])),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, description: 'Move to this place in the tour’s order' })),
  } as { [K in keyof typeof componentFields]: ReturnType<typeof Type.Optional<(typeof componentFields)[K]>> } & {
    position: ReturnType<typeof Type.Optional<ReturnType<typeof Type.Integer>>>;
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ComponentListSchema = Type.Object({ data: Type.Array(ComponentSchema) });

const MealsSchema = Type.Object(
  { breakfast: Type.Boolean(), lunch: Type.Boolean(), dinner: Type.Boolean() },
  { additionalProperties: false },
);

export const DaySchema = Type.Object(
  {
    dayNumber: Type.Integer(),
    title: Type.String(),
    description: Type.String({ description: 'Sanitised HTML' }),
    overnight: Type.String({ description: 'Where the night is spent; empty on the last day or a night travelling' }),
    meals: MealsSchema,
    componentIds: Type.Array(UuidSchema),
  },
  { title: 'ItineraryDay' },
);

export const DayInputSchema = Type.Object(
  {
    title: Type.String(TOUR_RULES.dayTitle),
    description: Type.Optional(RichTextSchema),
    overnight: Type.Optional(Type.String(TOUR_RULES.overnight)),
    meals: Type.Optional(MealsSchema),
    componentIds: Type.Optional(Type.Array(UuidSchema, { ...TOUR_RULES.componentsPerDay, description: 'Components of this tour used on the day' })),
  },
  { additionalProperties: false },
);

export const DayNumberParamsSchema = Type.Object({ id: UuidSchema, dayNumber: Type.Integer({ minimum: 1, maximum: 365 }) });
export const ItineraryOrderSchema = Type.Object(
  { order: Type.Array(Type.Integer({ minimum: 1, maximum: 365 }), { minItems: 1, maxItems: 365, description: 'Every existing day number once, in the new order' }) },
  { additionalProperties: false },
);
export const ItinerarySchema = Type.Object({ data: Type.Array(DaySchema) });

export const MediaSchema = Type.Object(
  {
    id: UuidSchema,
    tourId: UuidSchema,
    alt: Type.String({ description: 'What a screen reader says' }),
    caption: Type.String(),
    credit: Type.String(),
    width: Type.Integer({ description: 'Of the picture as uploaded (upright)' }),
    height: Type.Integer(),
    position: Type.Integer({ description: 'Order within the gallery, from 0' }),
    isCover: Type.Boolean(),
    urls: MediaUrlsSchema,
    createdAt: IsoDateTimeSchema,
  },
  { title: 'Media' },
);

const mediaFields = {
  alt: Type.String({ ...MEDIA_RULES.alt, description: 'Required: what a screen reader says' }),
  caption: Type.String(MEDIA_RULES.caption),
  credit: Type.String(MEDIA_RULES.credit),
};

/** The text parts of an upload (the `file` part is checked from its bytes). */
export const NewMediaFieldsSchema = Type.Object(
  { alt: mediaFields.alt, caption: Type.Optional(mediaFields.caption), credit: Type.Optional(mediaFields.credit) },
  { additionalProperties: false },
);

export const MediaPatchSchema = Type.Object(
  {
    alt: Type.Optional(mediaFields.alt),
    caption: Type.Optional(mediaFields.caption),
    credit: Type.Optional(mediaFields.credit),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, description: 'Move to this place in the gallery' })),
    isCover: Type.Optional(Type.Boolean({ description: 'true: this becomes the tour’s one cover; false on the cover: the tour has none' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const MediaListSchema = Type.Object({ data: Type.Array(MediaSchema) });

export type TourStatus = (typeof TOUR_STATUSES)[number];
export type TourSortField = (typeof TOUR_SORT_FIELDS)[number];
export type ComponentKind = (typeof COMPONENT_KINDS)[number];
export type Prices = Static<typeof PricesSchema>;
export type Tour = Static<typeof TourSchema>;
export type NewTour = Static<typeof NewTourSchema>;
export type TourPatch = Static<typeof TourPatchSchema>;
export type TourListQuery = Static<typeof TourListQuerySchema>;
export type TourComponent = Static<typeof ComponentSchema>;
export type NewComponent = Static<typeof NewComponentSchema>;
export type ComponentPatch = Static<typeof ComponentPatchSchema>;
export type ItineraryDay = Static<typeof DaySchema>;
export type DayInput = Static<typeof DayInputSchema>;
export type MediaUrls = Static<typeof MediaUrlsSchema>;
export type Media = Static<typeof MediaSchema>;
export type NewMediaFields = Static<typeof NewMediaFieldsSchema>;
export type MediaPatch = Static<typeof MediaPatchSchema>;
