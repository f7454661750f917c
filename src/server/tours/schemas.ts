/** The tour routes' schemas: the contract's (src/shared/contract/tours.ts) plus what each route may answer. */
import Type from 'typebox';
import {
  ComponentListSchema,
  ComponentPatchSchema,
  ComponentSchema,
  DayInputSchema,
  DayNumberParamsSchema,
  DaySchema,
  ItineraryOrderSchema,
  ItinerarySchema,
  MediaListSchema,
  MediaPatchSchema,
  MediaSchema,
  MEDIA_RULES,
  NewMediaFieldsSchema,
  NewComponentSchema,
  NewTourSchema,
  TourListQuerySchema,
  TourListSchema,
  TourPatchSchema,
  TourSchema,
} from '../../shared/contract/tours.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdAnswerSchema, IdParamsSchema, UuidSchema } from '../http/schemas.js';

const tags = ['tours'];
const security = [{ bearerAuth: [] }];
const ComponentParamsSchema = Type.Object({ id: UuidSchema, componentId: UuidSchema });

export const listToursSchema = {
  tags,
  security,
  summary: 'List tours',
  description: 'Needs `tours.read`. Filters by status and by a case-insensitive search over code and title.',
  querystring: TourListQuerySchema,
  response: { 200: TourListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getTourSchema = {
  tags,
  security,
  summary: 'A tour by id',
  description: 'Needs `tours.read`.',
  params: IdParamsSchema,
  response: { 200: TourSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createTourSchema = {
  tags,
  security,
  summary: 'Create a tour',
  description:
    'Needs `tours.create`. Money in minor units of the tour’s currency (non-negative integers). An unknown IANA time zone or ' +
    'ISO 4217 currency is 400; a code in use is 409. The description keeps only safe markup.',
  body: NewTourSchema,
  response: { 201: TourSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 409) },
};

export const updateTourSchema = {
  tags,
  security,
  summary: 'Change a tour',
  description: 'Needs `tours.update`. Shortening a tour below a day its components or itinerary use is 409.',
  params: IdParamsSchema,
  body: TourPatchSchema,
  response: { 200: TourSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const deleteTourSchema = {
  tags,
  security,
  summary: 'Delete a tour',
  description: 'Needs `tours.delete`. Its components, itinerary and pictures go with it.',
  params: IdParamsSchema,
  response: { 200: IdAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const listComponentsSchema = {
  tags,
  security,
  summary: 'A tour’s components, in order',
  description: 'Needs `tours.read`.',
  params: IdParamsSchema,
  response: { 200: ComponentListSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const addComponentSchema = {
  tags,
  security,
  summary: 'Add a component to a tour',
  description: 'Needs `tours.update`. 1 ≤ dayFrom ≤ dayTo ≤ the tour’s durationDays; an optional extra needs its priceMinor.',
  params: IdParamsSchema,
  body: NewComponentSchema,
  response: { 201: ComponentSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const updateComponentSchema = {
  tags,
  security,
  summary: 'Change or move a component',
  description: 'Needs `tours.update`. `position` moves it within the tour’s order.',
  params: ComponentParamsSchema,
  body: ComponentPatchSchema,
  response: { 200: ComponentSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const removeComponentSchema = {
  tags,
  security,
  summary: 'Remove a component',
  description: 'Needs `tours.update`. It is taken off the itinerary’s days too.',
  params: ComponentParamsSchema,
  response: { 200: IdAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const itinerarySchema = {
  tags,
  security,
  summary: 'A tour’s itinerary, day by day',
  description: 'Needs `tours.read`.',
  params: IdParamsSchema,
  response: { 200: ItinerarySchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const saveDaySchema = {
  tags,
  security,
  summary: 'Create or replace an itinerary day',
  description: 'Needs `tours.update`. dayNumber 1–durationDays; componentIds must be this tour’s components.',
  params: DayNumberParamsSchema,
  body: DayInputSchema,
  response: { 200: DaySchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const removeDaySchema = {
  tags,
  security,
  summary: 'Remove an itinerary day',
  description: 'Needs `tours.update`.',
  params: DayNumberParamsSchema,
  response: { 200: Type.Object({ dayNumber: Type.Integer() }), ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const reorderDaysSchema = {
  tags,
  security,
  summary: 'Put the itinerary’s days in a new order',
  description: 'Needs `tours.update`. `order` lists every existing day number once (anything else is 400); the days are renumbered in that order.',
  params: IdParamsSchema,
  body: ItineraryOrderSchema,
  response: { 200: ItinerarySchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

const MediaParamsSchema = Type.Object({ id: UuidSchema, mediaId: UuidSchema });

export const listMediaSchema = {
  tags,
  security,
  summary: 'A tour’s pictures, in order',
  description: 'Needs `tours.read`. Each has the addresses of its sized copies; one of them may be the cover.',
  params: IdParamsSchema,
  response: { 200: MediaListSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const uploadMediaSchema = {
  tags,
  security,
  summary: 'Add a picture to a tour',
  description:
    'Needs `tours.update`. `multipart/form-data` with one `file` part (JPEG, PNG, WebP or AVIF, recognised from its bytes; ' +
    `anything else 415), at most ${MEDIA_RULES.maxBytes / 1024 / 1024} MB (413) and ${MEDIA_RULES.maxPixels / 1_000_000} megapixels (400), ` +
    'plus the text parts `alt` (required), `caption` and `credit`. The server keeps copies 320, 1024 and 2048 px wide (never ' +
    'enlarged) as WebP without metadata. A tour’s first picture becomes its cover.',
  consumes: ['multipart/form-data'],
  documentedBody: Type.Object({
    file: Type.String({ format: 'binary', description: 'The picture' }),
    ...NewMediaFieldsSchema.properties,
  }),
  params: IdParamsSchema,
  response: { 201: MediaSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409, 413, 415) },
};

export const updateMediaSchema = {
  tags,
  security,
  summary: 'Change, move or make the cover of a picture',
  description: 'Needs `tours.update`. `position` moves it within the gallery; `isCover: true` makes it the tour’s one cover.',
  params: MediaParamsSchema,
  body: MediaPatchSchema,
  response: { 200: MediaSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const removeMediaSchema = {
  tags,
  security,
  summary: 'Remove a picture',
  description: 'Needs `tours.update`. Its copies are deleted; if it was the cover, the first remaining picture becomes the cover.',
  params: MediaParamsSchema,
  response: { 200: IdAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};
