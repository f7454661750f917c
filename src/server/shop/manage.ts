/**
 * A customer's own booking as their link opens it: what was booked, paid and is due, and what they
 * may do now without the office (pay the balance, cancel, move to another date), each refused with
 * its reason when not. The rules are the tour's `selfService` (until `untilHours` before the
 * departure starts) and the booking's standing; staff can always do more.
 */
import type { Booking, CancellationQuote } from '../../shared/contract/bookings.js';
import type { ManagedBooking, MANAGE_REFUSALS } from '../../shared/contract/shop.js';
import type { Tour } from '../../shared/contract/tours.js';
import { AppError, httpErrors } from '../http/errors.js';

type Refusal = (typeof MANAGE_REFUSALS)[number];

export const manageErrors = {
  notFound: () => new AppError(404, 'NOT_FOUND', 'This link does not open a booking: use the link from your latest e-mail, or ask for it again.'),
  expired: () => new AppError(404, 'NOT_FOUND', 'This link to your booking has run out (30 days after the trip): please contact us.'),
  /** Why the customer may not pay here now. */
  cannotPay: (why: Refusal | null) =>
    new AppError(
      409,
      'CONFLICT',
      why === 'nothing_to_pay'
        ? 'Nothing is left to pay on this booking.'
        : why === 'no_card_payments'
          ? 'Card payments are not set up here: please pay as agreed with us.'
          : 'This booking is not confirmed: there is nothing to pay here.',
    ),
  /** Why the customer may not cancel here now, naming the rule. */
  cannotCancel: (why: Refusal | null, untilHours: number) =>
    new AppError(
      409,
      'CONFLICT',
      why === 'too_late'
        ? `Cancelling here is possible until ${untilHours} hours before the departure: please contact us.`
        : why === 'started'
          ? 'The trip has started: it cannot be cancelled here. Please contact us.'
          : why === 'not_offered'
            ? 'This tour’s bookings are not cancelled here: please contact us.'
            : 'This booking is not confirmed: there is nothing to cancel here.',
    ),
  /** Why the customer may not move their booking here now, naming the rule. */
  cannotChange: (why: Refusal | null, untilHours: number) =>
    new AppError(
      409,
      'CONFLICT',
      why === 'too_late'
        ? `Changes here are possible until ${untilHours} hours before the departure: please contact us.`
        : why === 'started'
          ? 'The trip has started: it cannot be moved here. Please contact us.'
          : why === 'not_offered'
            ? 'This tour’s bookings are not moved to other dates here: please contact us.'
            : 'This booking is not confirmed: it cannot be moved here.',
    ),
  otherTour: () => new AppError(400, 'VALIDATION', 'That is not one of this tour’s dates: choose one from the list.', { departureId: 'must be a date of the same tour' }),
  sameDeparture: () => httpErrors.conflict('Your booking is already on this date.'),
};

/** What the customer may do now, and why not where they may not. */
export function manageRules(booking: Booking, tour: Pick<Tour, 'selfService'>, at: number, cardPayments: boolean): { can: ManagedBooking['can']; why: ManagedBooking['why'] } {
  const started = Date.parse(booking.startsAt) <= at;
  const hoursLeft = (Date.parse(booking.startsAt) - at) / 3_600_000;
  const confirmed = booking.status === 'confirmed';
  const pay: Refusal | null = !confirmed ? 'not_confirmed' : booking.balanceMinor <= 0 ? 'nothing_to_pay' : !cardPayments ? 'no_card_payments' : null;
  const selfService = (allowed: boolean): Refusal | null =>
    !confirmed ? 'not_confirmed' : !allowed ? 'not_offered' : started ? 'started' : hoursLeft < tour.selfService.untilHours ? 'too_late' : null;
  const why = { pay, cancel: selfService(tour.selfService.cancel), change: selfService(tour.selfService.change) };
  return { can: { pay: why.pay === null, cancel: why.cancel === null, change: why.change === null }, why };
}

/** The booking as its customer sees it: nothing staff-only (no notes, no audit, no costs). */
export function managedAnswer(
  booking: Booking,
  tour: Pick<Tour, 'selfService'>,
  rules: ReturnType<typeof manageRules>,
  extra: { voucherUrl: string | null; cancellationQuote: CancellationQuote | null; refundingMinor: number },
): ManagedBooking {
  return {
    reference: booking.reference,
    status: booking.status,
    tour: { code: booking.tourCode, title: booking.tourTitle },
    departure: { departureId: booking.departureId, date: booking.startDate, startTime: booking.startTime, startsAt: booking.startsAt, timeZone: booking.timeZone },
    travellers: booking.travellers.map((traveller) => ({ category: traveller.category, firstName: traveller.firstName, lastName: traveller.lastName })),
    extras: booking.extras.map((one) => ({ componentId: one.componentId, name: one.name, quantity: one.quantity, unitPriceMinor: one.unitPriceMinor })),
    currency: booking.currency,
    totalMinor: booking.totalMinor,
    paidMinor: booking.paidMinor,
    balanceMinor: booking.balanceMinor,
    balanceDueDate: booking.balanceDueDate,
    voucherUrl: extra.voucherUrl,
    can: rules.can,
    why: rules.why,
    selfService: tour.selfService,
    cancellationQuote: extra.cancellationQuote,
    refundedMinor: booking.refundedMinor,
    refundingMinor: extra.refundingMinor,
  };
}
