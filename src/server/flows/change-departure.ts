/**
 * Change a departure. A lower capacity must still hold the seats taken (lapsed holds are recorded
 * and given back first, so they do not stand in the way); a new date or time moves its bookings'
 * dates with it (their prices stay as sold).
 */
import type { Departure, DeparturePatch } from '../../shared/contract/departures.js';
import { isCalendarDate } from '../../shared/local-time.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { followDepartureDate } from '../bookings/holds.js';
import { httpErrors } from '../http/errors.js';
import type { FlowContext } from './context.js';
import { releaseLapsedHolds } from './seats.js';

export async function changeDeparture(ctx: FlowContext, id: string, patch: DeparturePatch, origin: RequestOrigin): Promise<Departure> {
  if (patch.startDate !== undefined && !isCalendarDate(patch.startDate)) throw httpErrors.validation({ startDate: 'must be a real date such as 2027-06-01' });
  return ctx.db.transaction().execute(async (trx) => {
    const current = await ctx.departures.lockForChange(trx, id);
    if (current.status === 'cancelled') throw httpErrors.conflict('This departure is cancelled: it cannot change.');
    const at = new Date(ctx.now());
    let taken = current.seats_held + current.seats_confirmed;
    if (patch.capacity !== undefined && patch.capacity < taken) {
      taken -= (await releaseLapsedHolds(ctx, trx, id, at)).seats;
      if (patch.capacity < taken) throw httpErrors.conflict(`${taken} seats are taken on this departure: the capacity cannot go below that.`);
    }
    const moved = await ctx.departures.applyPatch(trx, current, patch, at, origin);
    if (moved) {
      await ctx.webhooks.enqueue(trx, await followDepartureDate(trx, id, moved.startDate, moved.startsAt, at), origin);
      await ctx.resources.followDeparture(trx, id);
    }
    return (await ctx.departures.show(id, trx))!;
  });
}
