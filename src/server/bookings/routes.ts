/** /api/bookings…, a booking's payments, and the documents: thin routes over app.bookings. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { originOf, principalOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import { fileNamePart } from '../http/file-names.js';
import { bookingsCsvStream, manifestCsv } from './documents.js';
import { bookingKey } from '../../shared/contract/booking-rules.js';
import { BOOKING_MONEY_FIELDS, BOOKING_MONEY_FILTERS, bookingWithoutMoney } from '../../shared/contract/bookings.js';
import { seesMoney } from '../../shared/permissions.js';
import { idempotencyKeyOf, type IdempotencyKeys } from './idempotency.js';
import {
  checkInByCodeSchema,
  departureCheckInSchema,
  checkInTravellersSchema,
  cancelBookingSchema,
  changeBookingSchema,
  confirmBookingSchema,
  createBookingSchema,
  exportBookingsSchema,
  getBookingSchema,
  listBookingsSchema,
  listPaymentsSchema,
  manifestSchema,
  guideManifestSchema,
  guideManifestPdfSchema,
  recordPaymentSchema,
  timelineSchema,
  cancellationQuoteSchema,
  updateBookingSchema,
  voucherSchema,
  publicVoucherSchema,
} from './schemas.js';

export const bookingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/check-in', { schema: checkInByCodeSchema, onRequest: requireUser('checkin.create') }, async (request) => app.checkIn.byCode(request.body.code, originOf(request)));

  app.post('/bookings/:id/check-in', { schema: checkInTravellersSchema, onRequest: requireUser('checkin.create') }, async (request) =>
    app.checkIn.travellers(request.params.id, request.body.travellerIds, request.body.noShow ?? false, originOf(request)),
  );

  app.get('/departures/:id/check-in', { schema: departureCheckInSchema, onRequest: requireUser('checkin.create') }, async (request, reply) => {
    const bookings = await app.checkIn.ofDeparture(request.params.id);
    if (!bookings) throw httpErrors.notFound('No departure with this id.');
    reply.header('cache-control', 'no-store');
    return { data: bookings };
  });

  // A role that sees no money (a guide's) reads bookings without their amounts, and may not find them by money.
  app.get('/bookings', { schema: listBookingsSchema, onRequest: requireUser('bookings.read') }, async (request) => {
    if (seesMoney(principalOf(request).permissions)) return app.bookings.list(request.query);
    const query = request.query as Record<string, unknown>;
    if (BOOKING_MONEY_FILTERS.some((filter) => query[filter] !== undefined) || (BOOKING_MONEY_FIELDS as readonly unknown[]).includes(query.sort)) {
      throw httpErrors.forbidden('Your role sees no money: the bookings cannot be filtered or sorted by it.');
    }
    const page = await app.bookings.list(request.query);
    return { ...page, data: page.data.map(bookingWithoutMoney) };
  });

  app.get('/bookings.csv', { schema: exportBookingsSchema, onRequest: requireUser('bookings.read', { money: true }) }, async (request, reply) => {
    // The first page is read before the answer starts, so a refused query is still a JSON error.
    const stream = bookingsCsvStream(app.bookings, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bookings-${new Date(app.now()).toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.get('/bookings/:id', { schema: getBookingSchema, onRequest: requireUser('bookings.read') }, async (request) => {
    const key = bookingKey(request.params.id);
    const booking = key === null ? null : 'id' in key ? await app.bookings.get(key.id) : await app.bookings.byReference(key.reference);
    // The reference is echoed only in its own shape (eight letters and digits), never whatever the path held.
    if (!booking) throw httpErrors.notFound(key !== null && 'reference' in key ? `No booking ${key.reference}.` : 'No booking with this id or reference.');
    return seesMoney(principalOf(request).permissions) ? booking : bookingWithoutMoney(booking);
  });

  app.post('/bookings', { schema: createBookingSchema, onRequest: requireUser('bookings.create') }, async (request, reply) => {
    return idempotent(app.idempotencyKeys, reply, request.headers['idempotency-key'], principalOf(request).userId, 'bookings', request.body, (onDone) =>
      app.flows.bookSeats(request.body, originOf(request), onDone),
    );
  });

  app.patch('/bookings/:id', { schema: updateBookingSchema, onRequest: requireUser('bookings.update') }, async (request) => {
    return app.flows.amendBooking(request.params.id, request.body, originOf(request));
  });

  app.post('/bookings/:id/confirm', { schema: confirmBookingSchema, onRequest: requireUser('bookings.update') }, async (request) => {
    return app.flows.confirmBooking(request.params.id, originOf(request));
  });

  app.post('/bookings/:id/change', { schema: changeBookingSchema, onRequest: requireUser('bookings.update') }, async (request) => {
    const { departureId, travellers, preview } = request.body;
    return app.flows.changeBooking(request.params.id, { departureId, travellers, preview }, originOf(request));
  });

  app.post('/bookings/:id/cancel', { schema: cancelBookingSchema, onRequest: requireUser('bookings.cancel') }, async (request) => {
    return app.flows.cancelBooking(request.params.id, request.body, originOf(request));
  });

  app.get('/bookings/:id/payments', { schema: listPaymentsSchema, onRequest: requireUser('bookings.read', { money: true }) }, async (request) => {
    const payments = await app.bookings.payments(request.params.id);
    if (!payments) throw httpErrors.notFound('No booking with this id.');
    return { data: payments };
  });

  app.post('/bookings/:id/payments', { schema: recordPaymentSchema, onRequest: requireUser('payments.create') }, async (request, reply) => {
    const { id } = request.params;
    const body = request.body;
    const giftCard = body.method === 'gift_card' || body.refundTo === 'gift_card' || body.giftCardCode !== undefined;
    if (giftCard && body.method !== 'gift_card') throw httpErrors.validation({ method: 'must be gift_card with a gift card’s code or a refund to gift cards' });
    return idempotent(app.idempotencyKeys, reply, request.headers['idempotency-key'], principalOf(request).userId, `payments:${id}`, body, (onDone) =>
      giftCard ? app.flows.giftCardPayment(id, body, originOf(request), onDone) : app.bookings.recordPayment(id, body, originOf(request), onDone),
    );
  });

  app.get('/bookings/:id/cancellation-quote', { schema: cancellationQuoteSchema, onRequest: requireUser('bookings.read', { money: true }) }, async (request) => {
    const quote = await app.bookings.cancellationQuote(request.params.id);
    if (!quote) throw httpErrors.notFound('No booking with this id.');
    return quote;
  });

  app.get('/bookings/:id/timeline', { schema: timelineSchema, onRequest: requireUser('bookings.read', { money: true }) }, async (request) => {
    const timeline = await app.bookings.timeline(request.params.id);
    if (!timeline) throw httpErrors.notFound('No booking with this id.');
    return { data: timeline };
  });

  app.get('/departures/:id/manifest', { schema: guideManifestSchema, onRequest: requireUser('bookings.read') }, async (request, reply) => {
    const manifest = await app.bookings.guideManifest(request.params.id);
    if (!manifest) throw httpErrors.notFound('No departure with this id.');
    reply.header('cache-control', 'no-store');
    return manifest;
  });

  app.get('/departures/:id/manifest.pdf', { schema: guideManifestPdfSchema, onRequest: requireUser('bookings.read') }, async (request, reply) => {
    const manifest = await app.bookings.guideManifest(request.params.id);
    if (!manifest) throw httpErrors.notFound('No departure with this id.');
    const pdf = await app.manifestsPdf([manifest]);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${manifestFileName(manifest.departure.tourCode, manifest.departure.startDate)}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.get('/departures/:id/manifest.csv', { schema: manifestSchema, onRequest: requireUser('bookings.read') }, async (request, reply) => {
    const rows = await app.bookings.manifest(request.params.id);
    if (!rows) throw httpErrors.notFound('No departure with this id.');
    const named = await app.bookings.manifestName(request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${named ? manifestFileName(named.code, named.date) : `manifest-${request.params.id}`}.csv"`)
      .header('cache-control', 'no-store')
      .send(manifestCsv(rows));
  });

  app.get('/bookings/:id/voucher.pdf', { schema: voucherSchema, onRequest: requireUser('bookings.read', { money: true }) }, async (request, reply) => {
    const booking = await app.bookings.get(request.params.id);
    if (!booking) throw httpErrors.notFound('No booking with this id.');
    // A voucher is what the customer shows at the start: only a confirmed booking has one.
    if (booking.status !== 'confirmed') throw httpErrors.conflict(`A voucher is issued for confirmed bookings only; this one is ${booking.status}.`);
    const pdf = await app.voucherOf(booking);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="voucher-${booking.reference}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  // The voucher's public link (voucher-links.ts), which a reseller gives its customer: no session, a signed token.
  app.get('/vouchers/:id', { schema: publicVoucherSchema }, async (request, reply) => {
    const gone = () => httpErrors.notFound('This voucher link is not valid, or the booking is no longer confirmed.');
    if (!(await app.voucherLinks.verify(request.params.id, request.query.token))) throw gone();
    const booking = await app.bookings.get(request.params.id);
    if (!booking || booking.status !== 'confirmed') throw gone();
    const pdf = await app.voucherOf(booking);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="voucher-${booking.reference}.pdf"`)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(pdf);
  });
};

/**
 * Runs `work` once per Idempotency-Key: the first request does it and its answer is kept with
 * its change (in the same transaction, through the hook `work` is given); a repeat is answered
 * from what was kept. Without a key, `work` simply runs.
 */
async function idempotent<T>(
  keys: IdempotencyKeys,
  reply: FastifyReply,
  header: string | string[] | undefined,
  userId: string,
  scope: string,
  body: unknown,
  work: (onDone?: (trx: Parameters<IdempotencyKeys['complete']>[0], answer: T) => Promise<void>) => Promise<T>,
) {
  const key = idempotencyKeyOf(header);
  if (key === undefined) return reply.code(201).send(await work());
  const claimed = await keys.claim(userId, scope, key, body);
  if (claimed.kind === 'replay') return reply.code(claimed.statusCode).header('idempotent-replayed', 'true').send(claimed.body);
  try {
    const answer = await work((trx, done) => keys.complete(trx, claimed.claim, 201, done));
    return reply.code(201).send(answer);
  } catch (error) {
    await keys.release(claimed.claim).catch(() => undefined);
    throw error;
  }
}

/** A passenger list's file name: the tour's code (letters, digits and dashes of it) and the departure's date. */
export function manifestFileName(tourCode: string, date: string): string {
  return `manifest-${fileNamePart(tourCode, 'tour')}-${date}`;
}
