/** Amend a booking (contact, notes, names, a reseller's reference): the bookings domain's change, and its reseller told of it. */
import type { Booking } from '../../shared/contract/bookings.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { BookingAmendment } from '../bookings/repository.js';
import type { FlowContext } from './context.js';

export async function amendBooking(ctx: FlowContext, id: string, amendment: BookingAmendment, origin: RequestOrigin): Promise<Booking> {
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await ctx.bookings.amend(trx, id, amendment, origin);
    const booking = (await ctx.bookings.get(id, trx))!;
    // Told only when something changed (a save that changed nothing sends nothing).
    if (changed) await ctx.webhooks.enqueue(trx, [booking], origin);
    return booking;
  });
}
