/**
 * Cancel a departure with its bookings: no new bookings, ever; each booking still running is
 * cancelled with the departure's reason and no fee (what was paid becomes refund due), a lapsed
 * hold is recorded as expired, and the departure's seats go to zero. One transaction.
 */
import type { Departure } from '../../shared/contract/departures.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { cancelBookingsOfDeparture } from '../bookings/holds.js';
import { clearSeats } from '../departures/seats.js';
import { httpErrors } from '../http/errors.js';
import type { FlowContext } from './context.js';

export async function cancelDeparture(ctx: FlowContext, id: string, reason: string, origin: RequestOrigin): Promise<Departure> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await ctx.departures.lockForChange(trx, id);
    if (current.status === 'cancelled') throw httpErrors.conflict('This departure is cancelled already.');
    const at = new Date(ctx.now());
    const why = reason.trim();
    await ctx.departures.markCancelled(trx, id, why, at);
    const bookings = await cancelBookingsOfDeparture(trx, id, why, at, origin, ctx.audit);
    await clearSeats(trx, id, at);
    await ctx.resources.endForDeparture(trx, id, at);
    await ctx.webhooks.enqueue(trx, bookings.changed, origin);
    await ctx.departures.record(trx, origin, 'departure.cancelled', 'departure', id, { startDate: current.start_date, reason: why, bookingsCancelled: bookings.cancelled });
    return (await ctx.departures.show(id, trx))!;
  });
}
