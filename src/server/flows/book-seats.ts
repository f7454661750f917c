/**
 * Book seats: a new booking takes its seats in the transaction that writes it. The departure with
 * its tour's terms (one read) says whether it still sells and at what price; the departure's row
 * gives the seats (or a place on its waitlist); the booking is written last, so a refused sale
 * leaves nothing behind.
 */
import type { Kysely } from 'kysely';
import type { Booking, NewBooking } from '../../shared/contract/bookings.js';
import { auditOrigin, type RequestOrigin } from '../audit/audit-log.js';
import { checkNewBooking, closedBecause, priceSale, seatsOf, type ResellerSale } from '../bookings/rules.js';
import type { Database } from '../db/schema.js';
import { departureErrors } from '../departures/errors.js';
import { addToWaitlist, freeSeats, lockDepartureRow } from '../departures/seats.js';
import { httpErrors } from '../http/errors.js';
import type { FlowContext } from './context.js';
import { takeSeatsFreeingLapsed } from './seats.js';

/** Runs in the booking's transaction once it is written (the Idempotency-Key's answer is stored with it). */
export type OnBooked = (trx: Kysely<Database>, booking: Booking) => Promise<void>;

export async function bookSeats(ctx: FlowContext, input: NewBooking, origin: RequestOrigin, onBooked?: OnBooked, reseller?: ResellerSale, online = false): Promise<Booking> {
  checkNewBooking(input);
  // Past the cut-off only for staff allowed to, with a reason; never a reseller's or the shop's sale.
  if (input.cutoffOverride && (reseller || !origin.permissions?.has('bookings.override_cutoff'))) {
    throw httpErrors.forbidden('Booking past the cut-off needs the permission “Book a departure past its booking cut-off”.');
  }
  if (input.cutoffOverride && input.cutoffOverride.reason.trim().length < 3) throw httpErrors.validation({ 'cutoffOverride.reason': 'must say why the booking is taken after the cut-off' });
  const seats = seatsOf(input.travellers);
  return ctx.db.transaction().execute(async (trx) => {
    const at = new Date(ctx.now());
    const departure = await ctx.departures.forSale(trx, input.departureId);
    if (!departure || (reseller && departure.tour_id !== reseller.tourId)) throw httpErrors.validation({ departureId: reseller ? 'must be a departure of the product' : 'must be an existing departure' });
    const closed = closedBecause(departure, at, { pastCutoff: Boolean(input.cutoffOverride) });
    if (closed) throw departureErrors.departureClosed(closed);
    const overridden = input.cutoffOverride !== undefined && closedBecause(departure, at) !== null;
    const components = await ctx.tours.componentsForSale(
      trx,
      departure.tour_id,
      (input.extras ?? []).map((extra) => extra.componentId),
    );
    // The promo code's row is locked before the departure's, in every sale: its last use is taken once.
    const promo =
      input.promoCode === undefined
        ? null
        : await ctx.promoCodes.claimIn(trx, input.promoCode, {
            tourId: departure.tour_id,
            currency: departure.currency,
            startDate: departure.start_date,
            timeZone: departure.time_zone,
            travellers: input.travellers.length,
            channel: reseller ? 'reseller' : online ? 'online' : 'office',
            at,
          });
    const price = priceSale(input, departure, components, promo?.terms);

    // The seats: one conditional change of the departure's row.
    const wanted = input.status ?? 'held';
    let status: 'held' | 'confirmed' | 'waitlisted' = wanted;
    if (!(await takeSeatsFreeingLapsed(ctx, trx, departure.id, seats, wanted, { at, requireOpen: true }))) {
      const now = await lockDepartureRow(trx, departure.id);
      if (now.status !== 'open') throw departureErrors.departureClosed(now.status === 'cancelled' ? 'This departure is cancelled.' : 'This departure is closed to new bookings.');
      if (!input.waitlist) throw departureErrors.soldOut(freeSeats(now));
      await addToWaitlist(trx, departure.id, seats, at);
      status = 'waitlisted';
    }

    const booking = await ctx.bookings.insert(trx, { input, departure, tourCode: departure.tour_code, currency: departure.currency, status, seats, price, at, reseller, online, ...(promo && { promoCodeId: promo.id }) }, origin);
    if (overridden) {
      await ctx.audit.record(
        {
          action: 'booking.cutoff_overridden',
          ...auditOrigin(origin),
          targetType: 'booking',
          targetId: booking.id,
          details: { reference: booking.reference, reason: input.cutoffOverride!.reason.trim(), cutoffHours: departure.booking_cutoff_hours, startsAt: departure.starts_at.toISOString() },
        },
        trx,
      );
    }
    await onBooked?.(trx, booking);
    return booking;
  });
}
