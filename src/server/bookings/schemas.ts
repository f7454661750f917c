/** The booking and payment routes' schemas: the contract's (src/shared/contract/bookings.ts) plus what each route may answer. */
import { GuideManifestSchema } from '../../shared/contract/manifests.js';
import Type from 'typebox';
import {
  BookingAnswerListSchema,
  BookingAnswerSchema,
  CheckInBookingSchema,
  CheckInByCodeSchema,
  CheckInTravellersSchema,
  BookingListQuerySchema,
  BookingPatchSchema,
  BookingSchema,
  CancelBookingSchema,
  CancellationQuoteSchema,
  ChangeBookingSchema,
  NewBookingSchema,
  NewPaymentSchema,
  PaymentListSchema,
  PaymentSchema,
  TimelineSchema,
} from '../../shared/contract/bookings.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdParamsSchema } from '../http/schemas.js';

const tags = ['bookings'];
const security = [{ bearerAuth: [] }];
const IDEMPOTENCY =
  ' Send an `Idempotency-Key` header (1–255 characters) to make a retry safe: the same key and body from the same user ' +
  'answers the first answer again (kept 24 hours), the same key with another body is 422 `IDEMPOTENCY_KEY_REUSED`, and ' +
  'while the first request is still being handled a second is 409 `CONFLICT`.';
const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Makes a retry safe' })) });

export const listBookingsSchema = {
  tags,
  security,
  summary: 'List bookings',
  description:
    'Needs `bookings.read`. Filters by status, payment status, tour, departure, departure dates (local, inclusive) and balance due; ' +
    '`q` finds a reference, a contact’s name or e-mail, or a traveller’s name. A held booking whose hold has lapsed is `expired`. A role that sees no ' +
    'money (such as GUIDE) gets the bookings without their amounts, payment status and balance due date, and 403 for a filter or sort by them.',
  querystring: BookingListQuerySchema,
  response: { 200: BookingAnswerListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const exportBookingsSchema = {
  tags,
  security,
  summary: 'The bookings as CSV',
  description: 'Needs `bookings.read` and a role that sees money (403 for one that does not, such as GUIDE). The list’s filters and order; every matching booking, streamed (UTF-8, one header line).',
  querystring: BookingListQuerySchema,
  produces: ['text/csv'],
  response: { 200: { description: 'text/csv', type: 'string' }, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getBookingSchema = {
  tags,
  security,
  summary: 'A booking by id or by reference',
  description:
    'Needs `bookings.read`. The path holds the booking’s id or its reference in any case (`/api/bookings/6pc4vlqn`), so an ' +
    'address typed or pasted by staff opens the booking; 404 `NOT_FOUND` “No booking 6PC4VLQN” when none has it. A role that sees no money (such as ' +
    'GUIDE) gets it without its amounts, payment status and balance due date.',
  params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'The booking’s id (UUID) or its reference' }) }),
  response: { 200: BookingAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createBookingSchema = {
  tags,
  security,
  summary: 'Book seats on a departure',
  description:
    'Needs `bookings.create`. The seats are taken in the same transaction, never more than are free: without enough, 409 ' +
    '`SOLD_OUT` with `available`, or a `waitlisted` booking with `waitlist: true`. The departure must be open, its tour ' +
    'published and its booking cut-off not passed (409 `DEPARTURE_CLOSED`). Prices are copied from the departure and the ' +
    'components. Adults and children take a seat; infants do not.' +
    IDEMPOTENCY,
  headers: IdempotencyHeaders,
  body: NewBookingSchema,
  response: { 201: BookingSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 409, 422) },
};

export const updateBookingSchema = {
  tags,
  security,
  summary: 'Amend a booking',
  description: 'Needs `bookings.update`. The contact, notes, and travellers’ names, birth dates and notes; not their number or categories (cancel and book again).',
  params: IdParamsSchema,
  body: BookingPatchSchema,
  response: { 200: BookingSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const confirmBookingSchema = {
  tags,
  security,
  summary: 'Confirm a booking',
  description: 'Needs `bookings.update`. A held booking is confirmed; a waitlisted one only if its seats are free now (409 `SOLD_OUT` otherwise). Expired, cancelled or confirmed already: 409.',
  params: IdParamsSchema,
  response: { 200: BookingSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const changeBookingSchema = {
  tags,
  security,
  summary: 'Move a booking, or change its travellers',
  description:
    'Needs `bookings.update`. Another departure (of this tour or another) and/or the travellers as they are to be (kept ones by id, ' +
    'new ones with their names): the price is taken again from the departure and components as they are now, and the seats move ' +
    'in one transaction: on a departure without the seats, 409 `SOLD_OUT` and nothing changes. The reference, payments and history ' +
    'stay; a total below what was paid is 409 (refund the difference first). Held or confirmed bookings only (409 otherwise); a departure that no longer ' +
    'sells takes no booking and no more travellers (409 `DEPARTURE_CLOSED`). With `preview: true` the answer is the booking as it ' +
    'would be, and nothing changes. A reseller’s booking: the reseller is sent the change.',
  params: IdParamsSchema,
  body: ChangeBookingSchema,
  response: { 200: BookingSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const cancelBookingSchema = {
  tags,
  security,
  summary: 'Cancel a booking',
  description: 'Needs `bookings.cancel`. The seats are released once (a second cancel is 409). `feeMinor` (at most what was paid) is kept; the rest of what was paid becomes refund due.',
  params: IdParamsSchema,
  body: CancelBookingSchema,
  response: { 200: BookingSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const listPaymentsSchema = {
  tags,
  security,
  summary: 'A booking’s payments and refunds',
  description: 'Needs `bookings.read` and a role that sees money (403 for one that does not, such as GUIDE). Oldest first.',
  params: IdParamsSchema,
  response: { 200: PaymentListSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const recordPaymentSchema = {
  tags,
  security,
  summary: 'Record a payment or a refund',
  description:
    'Needs `payments.create`. Never changed or deleted afterwards: a mistake is corrected by a refund. A payment above the ' +
    'balance is 409 `PAYMENT_EXCEEDS_BALANCE`; a refund above what was paid less the cancellation fee is 409 ' +
    '`REFUND_EXCEEDS_PAID`; an expired booking takes no payment (409).' +
    IDEMPOTENCY,
  params: IdParamsSchema,
  headers: IdempotencyHeaders,
  body: NewPaymentSchema,
  response: { 201: PaymentSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409, 422) },
};

export const manifestSchema = {
  tags,
  security,
  summary: 'A departure’s manifest as CSV',
  description: 'Needs `bookings.read`. One row per traveller of its held and confirmed bookings, by last name; cells that a spreadsheet would read as a formula begin with an apostrophe.',
  params: IdParamsSchema,
  produces: ['text/csv'],
  response: { 200: { description: 'text/csv', type: 'string' }, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const guideManifestSchema = {
  tags,
  security,
  summary: 'A departure’s passenger list for its guide',
  description:
    'Needs `bookings.read` (the GUIDE role has it; no money in it). The held and confirmed bookings as parties by the lead’s name: the lead’s phone, pick-up, notes for the guide, ' +
    'extras, each traveller with their category, notes and check-in; and each itinerary day’s meals split by adults and children (infants eat from a parent’s plate).',
  params: IdParamsSchema,
  response: { 200: GuideManifestSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const guideManifestPdfSchema = {
  tags,
  security,
  summary: 'A departure’s passenger list as a PDF',
  description: 'Needs `bookings.read`. The list of GET /api/departures/{id}/manifest on A4, headed with the tour and start, a box to tick per traveller; the file is named after the tour’s code and the date.',
  params: IdParamsSchema,
  produces: ['application/pdf'],
  response: { 200: { description: 'application/pdf', type: 'string' }, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const voucherSchema = {
  tags,
  security,
  summary: 'A booking’s voucher as PDF',
  description:
    'Needs `bookings.read` and a role that sees money (403 for one that does not, such as GUIDE). One page for the customer: the business’s name and contact (BUSINESS_NAME, BUSINESS_EMAIL, ' +
    'BUSINESS_PHONE, BUSINESS_ADDRESS), the reference, the tour, the departure’s local date and time with its zone, the ' +
    'travellers, the total, paid and balance in the booking’s currency, and the date the balance is due when one remains. ' +
    'Confirmed bookings only: 409 `CONFLICT` for a held, waitlisted, expired or cancelled one. No internal note or ' +
    'cancellation reason is ever printed on it.',
  params: IdParamsSchema,
  produces: ['application/pdf'],
  response: { 200: { description: 'application/pdf', type: 'string', format: 'binary' }, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const cancellationQuoteSchema = {
  tags,
  security,
  summary: 'The fee a booking’s cancellation terms propose today',
  description:
    'Needs `bookings.read` and a role that sees money (403 for one that does not, such as GUIDE). By its tour’s `cancellationFees` on today’s date in the tour’s zone: the tier with the most days not above the days ' +
    'left (none: no fee), as a share of the total, never above what was paid; `refundDueMinor` is what would be owed back. What the cancel ' +
    'dialog proposes; staff may cancel with another fee. A cancelled or expired booking: 409.',
  params: IdParamsSchema,
  response: { 200: CancellationQuoteSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const timelineSchema = {
  tags,
  security,
  summary: 'A booking’s history',
  description: 'Needs `bookings.read` and a role that sees money (403 for one that does not, such as GUIDE). What happened to it, oldest first, from the audit log: made, amended, confirmed, paid, refunded, cancelled, expired, and by whom.',
  params: IdParamsSchema,
  response: { 200: TimelineSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const publicVoucherSchema = {
  tags,
  summary: 'A confirmed booking’s voucher by its public link',
  description:
    'No session: the link (given to resellers as the OCTO voucher’s PDF_URL) carries a token signed by the server. It works ' +
    'while the booking is confirmed; for any other status, or a wrong token, 404.',
  params: IdParamsSchema,
  querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }),
  produces: ['application/pdf'],
  response: { 200: { description: 'application/pdf', type: 'string', format: 'binary' }, ...errorResponses(404) },
};

export const checkInByCodeSchema = {
  tags,
  security,
  summary: 'Check in a booking by its voucher’s code',
  description:
    'Needs `checkin.create`. Checks in every traveller of the confirmed booking whose voucher carries the code (as typed or scanned: any case, spaces and ' +
    'dashes ignored). From the day before the departure’s first local day to its last; otherwise, or for a booking that is not confirmed, 409 CONFLICT ' +
    'saying why. Checking in again answers the booking as it is. An unknown code is 404 and counts as a failed attempt for the user and the address: ' +
    'after 10 in 15 minutes every attempt is 429 RATE_LIMITED until the window ends. Answers no money.',
  body: CheckInByCodeSchema,
  response: { 200: CheckInBookingSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409, 429) },
};

export const departureCheckInSchema = {
  tags,
  security,
  summary: 'A departure’s travellers to check in',
  description: 'Needs `checkin.create`. Its confirmed bookings by lead name, each with its travellers and whether they are checked in or did not come. Answers no money.',
  params: IdParamsSchema,
  response: { 200: Type.Object({ data: Type.Array(CheckInBookingSchema) }), ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const checkInTravellersSchema = {
  tags,
  security,
  summary: 'Check in chosen travellers, or mark them as no-shows',
  description: 'Needs `checkin.create`. The same rules as by code; `travellerIds` must all be travellers of this booking (400).',
  params: IdParamsSchema,
  body: CheckInTravellersSchema,
  response: { 200: CheckInBookingSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};
