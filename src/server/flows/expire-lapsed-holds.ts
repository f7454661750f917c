/**
 * The sweep: records lapsed holds as expired and gives their seats back, one departure at a time
 * under its row lock. A departure another instance is sweeping (or booking) right now is skipped
 * this round (SKIP LOCKED); its holds read as expired meanwhile. Answers the bookings expired.
 */
import { departuresWithLapsedHolds } from '../bookings/holds.js';
import { lockDepartureUnlessBusy } from '../departures/seats.js';
import type { FlowContext } from './context.js';
import { releaseLapsedHolds } from './seats.js';

export async function expireLapsedHolds(ctx: FlowContext, limit = 200): Promise<number> {
  const at = new Date(ctx.now());
  let expired = 0;
  for (const departureId of await departuresWithLapsedHolds(ctx.db, at, limit)) {
    expired += await ctx.db.transaction().execute(async (trx) => {
      if (!(await lockDepartureUnlessBusy(trx, departureId))) return 0;
      return (await releaseLapsedHolds(ctx, trx, departureId, at)).bookings;
    });
  }
  return expired;
}
