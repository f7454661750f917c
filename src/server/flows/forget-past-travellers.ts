/**
 * The retention period (TRAVELLER_RETENTION_MONTHS): the travellers of departures that ended that
 * many months ago are forgotten, a batch of departures at a time. The departures domain picks and
 * marks them (locked: two instances' jobs take different ones), the bookings domain erases their
 * travellers' names, birth dates and notes, and the audit log forgets the values it recorded of
 * those bookings' changes, in one transaction per batch. The customer (the booking's contact),
 * money, seats and references stay, so every report reads the same.
 */
import type { FlowContext } from './context.js';

export const FORGET_BATCH = 50;

/** One batch; answers how many departures it forgot (fewer than FORGET_BATCH: nothing more is due). */
export async function forgetPastTravellers(ctx: FlowContext, months: number): Promise<{ departures: number; bookings: number }> {
  const at = new Date(ctx.now());
  const endedBefore = new Date(at);
  endedBefore.setUTCMonth(endedBefore.getUTCMonth() - months);
  return ctx.db.transaction().execute(async (trx) => {
    const due = await ctx.departures.toForget(trx, endedBefore, FORGET_BATCH);
    if (due.length === 0) return { departures: 0, bookings: 0 };
    const ids = due.map((departure) => departure.id);
    const bookings = await ctx.bookings.forgetTravellers(trx, ids, { firstName: 'Erased', lastName: 'traveller' });
    await ctx.audit.forgetValues(trx, 'booking', bookings);
    await ctx.departures.markTravellersForgotten(trx, ids, at);
    for (const departure of due) {
      await ctx.audit.record(
        { action: 'travellers.forgotten', actorId: null, actorLabel: `Retention (${months} months)`, ip: null, userAgent: null, targetType: 'departure', targetId: departure.id, details: { months, startDate: departure.startDate } },
        trx,
      );
    }
    return { departures: ids.length, bookings: bookings.length };
  });
}
