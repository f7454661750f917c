/**
 * A customer's own booking (/api/shop/manage): read by the token of its link, without a session.
 * The token is the only key (manage-links.ts); what the answer holds is the customer's, never the
 * office's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Booking } from '../../shared/contract/bookings.js';
import type { Tour } from '../../shared/contract/tours.js';
import { manageLinkHolds } from './manage-links.js';
import { manageErrors, managedAnswer, manageRules } from './manage.js';
import { getManagedBookingSchema } from './schemas.js';

export const manageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/manage/:token', { schema: getManagedBookingSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { booking, tour } = await managedBooking(app, request.params.token);
    return managedView(app, booking, tour);
  });
};

type ShopApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** The booking a token opens, with its tour; 404 for a token that opens none, a reseller's booking, or a link run out. */
export async function managedBooking(app: ShopApp, token: string): Promise<{ booking: Booking; tour: Tour }> {
  const bookingId = await app.shop.manageLinks.bookingOf(token);
  const booking = bookingId === null ? null : await app.bookings.get(bookingId);
  if (!booking || booking.resellerId !== null) throw manageErrors.notFound();
  const tour = await app.tours.get(booking.tourId);
  if (!tour) throw manageErrors.notFound();
  if (!manageLinkHolds(booking, tour.durationDays, new Date(app.now()))) throw manageErrors.expired();
  return { booking, tour };
}

/** The customer's answer: the booking, its voucher while confirmed, what they may do, and what cancelling would keep. */
export async function managedView(app: ShopApp, booking: Booking, tour: Tour) {
  const rules = manageRules(booking, tour, app.now(), app.paymentLinks.configured);
  const cancellationQuote = rules.can.cancel ? await app.bookings.cancellationQuote(booking.id) : null;
  const voucherUrl = booking.status === 'confirmed' ? await app.voucherLinks.url(booking.id) : null;
  return managedAnswer(booking, tour, rules, { voucherUrl, cancellationQuote });
}
