/** The report routes' schemas: the contract's (src/shared/contract/reports.ts) plus what each route may answer. */
import { DepartureMarginSchema, MarginsQuerySchema, MarginsSchema, MonthlyQuerySchema, MonthlySchema, SummarySchema } from '../../shared/contract/reports.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdParamsSchema } from '../http/schemas.js';

const tags = ['reports'];
const security = [{ bearerAuth: [] }];

export const summarySchema = {
  tags,
  security,
  summary: 'The dashboard’s summary',
  description:
    'Needs `reports.read`. Bookings made today, in the last 7 and 30 days (days of the business’s time zone, BUSINESS_TIME_ZONE) that are not ' +
    'cancelled or expired, their travellers; per currency what was booked and collected (payments less refunds received) in the last 30 days, ' +
    'what active bookings still owe and what cancelled or expired bookings owe back; the departures of the next 14 days and the balances due ' +
    'on departures of the next 14 days. Read from kept totals: as quick at a million bookings as at a thousand.',
  response: { 200: SummarySchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const monthlySchema = {
  tags,
  security,
  summary: 'Bookings by month, this year and last',
  description:
    'Needs `reports.read`. Per month and currency of the year asked for and the year before it: the bookings that are not cancelled or ' +
    'expired, their travellers and their totals, by the month the booking was made (`basis=booking`) or the month it departs (`basis=departure`), ' +
    'in the business’s time zone. Read from kept totals.',
  querystring: MonthlyQuerySchema,
  response: { 200: MonthlySchema, ...errorResponses(400, ...AUTHENTICATED_ERRORS) },
};

export const departureMarginSchema = {
  tags,
  security,
  summary: 'A departure’s margin',
  description:
    'Needs `reports.read`. Revenue: the totals of its held and confirmed bookings less resellers’ commissions (a reseller’s booking at its net). Cost: ' +
    'each included component for every traveller who takes a seat (infants excluded) by its cost basis (per traveller; per departure: once; per night: ' +
    'each traveller for each of its days), each optional one for the quantities booked. In the tour’s currency.',
  params: IdParamsSchema,
  response: { 200: DepartureMarginSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const marginsSchema = {
  tags,
  security,
  summary: 'Margins by departure over a range of dates',
  description:
    'Needs `reports.read`. One row per departure (not cancelled) whose first day is `from` to `to` (at most 366 days), sorted by `startDate` (default), ' +
    '`marginMinor` or `revenueMinor` (within each currency, currencies in alphabetical order: amounts in two currencies are never compared), `marginPercent` (departures without revenue last); `currency` keeps one. `totals`: per currency over the whole range, never added across currencies.',
  querystring: MarginsQuerySchema,
  response: { 200: MarginsSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};
