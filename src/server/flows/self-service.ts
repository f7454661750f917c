/**
 * What a customer does on their own booking's page, without the office: cancel under the tour's
 * fees, or move to another date of the same tour. Each is the office's own flow (cancel, change),
 * in one transaction that also asks for what is owed back to the customer's card, so that the
 * booking never stands changed without its refund asked for. Stripe is asked once the
 * transaction has committed (card-refunds.ts).
 */
import type { Booking } from '../../shared/contract/bookings.js';
import { formatMinor } from '../../shared/money.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { httpErrors } from '../http/errors.js';
import { cancelWithin } from './cancel-booking.js';
import { changeBooking, changeWithin } from './change-booking.js';
import type { FlowContext } from './context.js';

/** The reason a customer's own cancellation is recorded with (the booking's history shows it). */
export const CUSTOMER_CANCEL_REASON = 'Cancelled by the customer on their booking’s page';

export interface SelfServiceDone {
  booking: Booking;
  /** The card refunds asked for in the transaction, to ask of Stripe now. */
  refundIds: string[];
}

export const selfServiceErrors = {
  /** Less to pay after a move, but the money did not come by card here: the office pays it back, so the office makes the move. */
  refundNotByCard: (owed: number, currency: string) =>
    httpErrors.conflict(`Moving to this date would leave ${formatMinor(owed, currency)} to pay back that was not paid by card here: please contact us to move your booking.`),
};

/** The customer cancels: the fee the tour's terms keep today, the rest asked back to their card (what cards cannot cover stays owed by the office). */
export async function cancelByCustomer(ctx: FlowContext, id: string, feeMinor: number, origin: RequestOrigin): Promise<SelfServiceDone> {
  return ctx.db.transaction().execute(async (trx) => {
    const cancelled = await cancelWithin(ctx, trx, id, { reason: CUSTOMER_CANCEL_REASON, feeMinor }, origin);
    // A cancelled booking's balance is its fee less what was paid: below zero, owed back, less what is already on its way back (an earlier move's refund).
    const owed = -cancelled.balanceMinor - (await ctx.cardRefunds.underwayIn(trx, id));
    const { ids } = owed > 0 ? await ctx.cardRefunds.requestIn(trx, cancelled, owed, 'cancelled', origin) : { ids: [] };
    return { booking: cancelled, refundIds: ids };
  });
}

/** What moving to another departure would cost: the booking as it would be, nothing changed. */
export async function quoteChangeByCustomer(ctx: FlowContext, id: string, departureId: string, origin: RequestOrigin): Promise<Booking> {
  return changeBooking(ctx, id, { departureId, preview: true, refundAfter: true }, origin);
}

/** The customer moves to another departure: more to pay raises the balance; less is asked back to the card they paid with. */
export async function changeByCustomer(ctx: FlowContext, id: string, departureId: string, origin: RequestOrigin): Promise<SelfServiceDone> {
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await changeWithin(ctx, trx, id, { departureId, refundAfter: true, mustMove: true }, origin);
    // Below zero, the balance is owed back: less what is already on its way back (an earlier move's refund, not settled yet).
    const owed = -changed.balanceMinor - (await ctx.cardRefunds.underwayIn(trx, id));
    if (owed <= 0) return { booking: changed, refundIds: [] };
    const { ids, coveredMinor } = await ctx.cardRefunds.requestIn(trx, changed, owed, 'changed', origin);
    // All of it goes back to the card, or the move is undone: an active booking holds more than it costs only while its refund is on its way.
    if (coveredMinor < owed) throw selfServiceErrors.refundNotByCard(owed - coveredMinor, changed.currency);
    return { booking: changed, refundIds: ids };
  });
}
