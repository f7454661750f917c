/**
 * Taking seats when lapsed holds may be in the way: a hold that has lapsed still counts on the
 * departure's row until it is recorded as expired, so a sale that finds too few seats records the
 * departure's lapsed holds (bookings), gives their seats back (departures) and tries once more.
 */
import type { Kysely } from 'kysely';
import { expireLapsedHolds } from '../bookings/holds.js';
import type { Database } from '../db/schema.js';
import { lockDepartureRow, moveSeats, takeSeats } from '../departures/seats.js';
import type { FlowContext } from './context.js';

/** Records the departure's lapsed holds and gives their seats back; the departure's row is locked first. Answers what was freed. */
export async function releaseLapsedHolds(ctx: FlowContext, trx: Kysely<Database>, departureId: string, at: Date): Promise<{ seats: number; bookings: number }> {
  const freed = await expireLapsedHolds(trx, departureId, at, ctx.audit);
  if (freed.seats > 0) await moveSeats(trx, departureId, freed.seats, 'held', null, at);
  // A lapsed hold is nobody's call: its reseller always hears of it.
  await ctx.webhooks.enqueue(trx, freed.changed, { resellerId: null });
  return freed;
}

export async function takeSeatsFreeingLapsed(
  ctx: FlowContext,
  trx: Kysely<Database>,
  departureId: string,
  seats: number,
  state: 'held' | 'confirmed',
  options: { at: Date; from?: 'waitlisted'; requireOpen: boolean },
): Promise<boolean> {
  if (await takeSeats(trx, departureId, seats, state, options)) return true;
  await lockDepartureRow(trx, departureId);
  if ((await releaseLapsedHolds(ctx, trx, departureId, options.at)).seats === 0) return false;
  return takeSeats(trx, departureId, seats, state, options);
}
