/**
 * The guide's passenger list of a departure: who travels (by party, with the lead's phone), their
 * categories, the notes for the guide, extras, pick-up and check-in, and the meals of each itinerary
 * day split by adults and children. No money: a guide's phone never shows it.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, NullableIsoDateTimeSchema, UuidSchema } from './common.js';

const Meal = Type.Union([Type.Object({ adults: Type.Integer(), children: Type.Integer() }), Type.Null()], { description: 'null: the day includes no such meal' });

export const GuideManifestSchema = Type.Object(
  {
    departure: Type.Object({
      id: UuidSchema,
      tourCode: Type.String(),
      tourTitle: Type.String(),
      startDate: Type.String({ description: 'Local to the tour’s zone' }),
      startTime: Type.String(),
      endDate: Type.String(),
      timeZone: Type.String(),
      startsAt: IsoDateTimeSchema,
      status: Type.String(),
    }),
    travellers: Type.Object({ ADULT: Type.Integer(), CHILD: Type.Integer(), INFANT: Type.Integer() }),
    checkedIn: Type.Integer(),
    meals: Type.Array(
      Type.Object({ day: Type.Integer(), date: Type.String(), title: Type.String(), breakfast: Meal, lunch: Meal, dinner: Meal }),
      { description: 'Each itinerary day: the adults and children to feed (infants eat from a parent’s plate)' },
    ),
    parties: Type.Array(
      Type.Object({
        bookingId: UuidSchema,
        reference: Type.String(),
        status: Type.String({ description: 'confirmed, or held (not paid for yet)' }),
        leadName: Type.String(),
        leadPhone: Type.Union([Type.String(), Type.Null()]),
        pickup: Type.String(),
        guideNotes: Type.String(),
        extras: Type.Array(Type.Object({ name: Type.String(), quantity: Type.Integer() })),
        travellers: Type.Array(
          Type.Object({
            id: UuidSchema,
            category: Type.String(),
            firstName: Type.String(),
            lastName: Type.String(),
            notes: Type.String(),
            checkedInAt: NullableIsoDateTimeSchema,
            noShow: Type.Boolean(),
          }),
        ),
      }),
      { description: 'The held and confirmed bookings, by the lead’s name' },
    ),
  },
  { title: 'GuideManifest' },
);
export type GuideManifest = Static<typeof GuideManifestSchema>;
