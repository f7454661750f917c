/** The day sheet routes' schemas: the contract's (src/shared/contract/operations.ts) plus what each route may answer. */
import Type from 'typebox';
import { GuideManifestSchema } from '../../shared/contract/manifests.js';
import { DaySheetCsvQuerySchema, DaySheetQuerySchema, DaySheetSchema } from '../../shared/contract/operations.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../http/schemas.js';

const tags = ['operations'];
const security = [{ bearerAuth: [] }];

export const daySheetSchema = {
  tags,
  security,
  summary: 'A date’s day sheet',
  description:
    'Needs `departures.read`. Every departure that runs on that local date (in its tour’s zone; a five-day tour that started two days earlier is on its ' +
    'day 3), by start, with the itinerary day, travellers of held and confirmed bookings by category, single rooms, meals (adults and children for each ' +
    'meal the itinerary day includes), the resources assigned that day and the components active that day with their suppliers and quantities. ' +
    'Cancelled departures and bookings and lapsed holds are not counted.',
  querystring: DaySheetQuerySchema,
  response: { 200: DaySheetSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const daySheetCsvSchema = {
  tags,
  security,
  summary: 'A date’s day sheet as CSV, for suppliers',
  description:
    'Needs `departures.read`. The day sheet as one row per departure and component (a departure without components: one row); with `supplier`, only the rows ' +
    'of that supplier’s components (the sheet to send it). Cells a spreadsheet would read as a formula begin with an apostrophe.',
  querystring: DaySheetCsvQuerySchema,
  produces: ['text/csv'],
  response: { 200: { description: 'text/csv', type: 'string' }, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const dayManifestsSchema = {
  tags,
  security,
  summary: 'The passenger lists of a date’s departures',
  description:
    'Needs `departures.read` and `bookings.read`. GET /api/departures/{id}/manifest for every departure of the date’s day sheet that is not cancelled, by start (those running ' +
    'their first day and those on a later day of a longer tour alike).',
  querystring: DaySheetQuerySchema,
  response: { 200: Type.Object({ date: Type.String(), manifests: Type.Array(GuideManifestSchema) }), ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const dayManifestsPdfSchema = {
  tags,
  security,
  summary: 'The passenger lists of a date’s departures as one PDF',
  description: 'Needs `departures.read` and `bookings.read`. One departure per page (a long list runs on), each headed with its tour and start; the file is named after the date.',
  querystring: DaySheetQuerySchema,
  produces: ['application/pdf'],
  response: { 200: { description: 'application/pdf', type: 'string' }, ...errorResponses(...AUTHENTICATED_ERRORS) },
};
