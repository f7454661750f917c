/**
 * The day of the tour: a date's day sheet, every departure running that local date (a five-day
 * tour that started two days earlier is on its day 3) with its travellers, rooms, meals, resources
 * and the components suppliers must provide. The server validates with these schemas and documents
 * them; both sides take their types from them.
 */
import Type, { type Static } from 'typebox';
import { DEPARTURE_RULES } from './departure-rules.js';
import { AssignmentSchema } from './resources.js';
import { COMPONENT_INCLUSIONS, COMPONENT_KINDS, COST_BASES } from './tour-rules.js';
import { UuidSchema } from './common.js';

const DateQuery = Type.String({ ...DEPARTURE_RULES.date, description: 'The local date, YYYY-MM-DD (each departure’s in its tour’s zone)' });

export const DaySheetQuerySchema = Type.Object({ date: DateQuery }, { additionalProperties: false });

export const DaySheetCsvQuerySchema = Type.Object(
  {
    date: DateQuery,
    supplier: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only this supplier’s components (any case): the sheet to send it' })),
  },
  { additionalProperties: false },
);

const CountsSchema = Type.Object({ ADULT: Type.Integer(), CHILD: Type.Integer(), INFANT: Type.Integer() });

export const DaySheetDepartureSchema = Type.Object(
  {
    departureId: UuidSchema,
    tourId: UuidSchema,
    tourCode: Type.String(),
    tourTitle: Type.String(),
    timeZone: Type.String(),
    startDate: Type.String(),
    startTime: Type.String(),
    endDate: Type.String(),
    status: Type.String({ description: 'open or closed (cancelled departures are not on a day sheet)' }),
    dayNumber: Type.Integer({ description: 'This date’s day of the departure, from 1' }),
    dayTitle: Type.Union([Type.String(), Type.Null()], { description: 'The itinerary day’s title (null: no itinerary for this day)' }),
    overnight: Type.Union([Type.String(), Type.Null()], { description: 'Where the travellers sleep that night' }),
    travellers: Type.Object(CountsSchema.properties, { description: 'Travellers of held and confirmed bookings, by category (lapsed holds not counted)' }),
    singleRooms: Type.Integer(),
    meals: Type.Object(
      { breakfast: Type.Integer(), lunch: Type.Integer(), dinner: Type.Integer() },
      { description: 'Adults and children for each meal the itinerary day includes; 0 for one it does not' },
    ),
    assignments: Type.Optional(Type.Array(AssignmentSchema, { description: 'Resources assigned for this day; left out for a reader without resources.read' })),
    components: Type.Array(
      Type.Object({
        componentId: UuidSchema,
        name: Type.String(),
        kind: Type.Enum([...COMPONENT_KINDS]),
        supplier: Type.String(),
        inclusion: Type.Enum([...COMPONENT_INCLUSIONS]),
        costBasis: Type.Enum([...COST_BASES]),
        quantity: Type.Integer({ description: 'Included per traveller or per night: the travellers who take a seat; per departure: 1; optional: the quantity booked' }),
      }),
      { description: 'The tour’s components active this day' },
    ),
  },
  { title: 'DaySheetDeparture' },
);

export const DaySheetSchema = Type.Object({ date: Type.String(), departures: Type.Array(DaySheetDepartureSchema) }, { title: 'DaySheet' });

export type DaySheet = Static<typeof DaySheetSchema>;
export type DaySheetDeparture = Static<typeof DaySheetDepartureSchema>;
