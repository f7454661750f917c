/**
 * Delete a reseller's test bookings (made with a test key): their seats free again, their pending
 * webhook deliveries dropped, an audit entry on the reseller naming them. One transaction per
 * departure (its audit entry in it), each taking the departure's row lock before its bookings'
 * rows, as every flow does.
 */
import { auditOrigin, type RequestOrigin } from '../audit/audit-log.js';
import { lockDepartureRow, moveSeats } from '../departures/seats.js';
import type { FlowContext } from './context.js';

export async function deleteTestBookings(ctx: FlowContext, resellerId: string, origin: RequestOrigin): Promise<number> {
  let count = 0;
  for (const departureId of await ctx.bookings.testBookingDepartures(resellerId)) {
    await ctx.db.transaction().execute(async (trx) => {
      await lockDepartureRow(trx, departureId);
      const deleted = await ctx.bookings.deleteTests(trx, resellerId, departureId);
      if (deleted.ids.length === 0) return;
      const at = new Date(ctx.now());
      for (const state of ['held', 'confirmed', 'waitlisted'] as const) {
        if (deleted.seats[state] > 0) await moveSeats(trx, departureId, deleted.seats[state], state, null, at);
      }
      await ctx.webhooks.forget(trx, deleted.ids);
      await ctx.audit.record(
        { ...auditOrigin(origin), action: 'reseller.test_bookings_deleted', targetType: 'reseller', targetId: resellerId, details: { departureId, deleted: deleted.ids.length, references: deleted.references } },
        trx,
      );
      count += deleted.ids.length;
    });
  }
  return count;
}
