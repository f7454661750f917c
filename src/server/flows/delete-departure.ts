/** Delete a departure: only one nobody ever booked. History is kept, so one with bookings is cancelled instead. */
import type { RequestOrigin } from '../audit/audit-log.js';
import { httpErrors } from '../http/errors.js';
import type { FlowContext } from './context.js';

export async function deleteDeparture(ctx: FlowContext, id: string, origin: RequestOrigin): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await ctx.departures.lockForChange(trx, id);
    if ((await ctx.bookings.departureHasBookings(trx, id)) || current.seats_held + current.seats_confirmed + current.waitlisted > 0) {
      throw httpErrors.conflict('This departure has bookings: cancel it instead.');
    }
    await ctx.departures.remove(trx, current, origin);
  });
}
