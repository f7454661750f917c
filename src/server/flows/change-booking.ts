/**
 * Change a booking: move it to another departure (of the same tour or another), and/or change its
 * travellers (add, remove, change their categories). The price is taken again from the departure
 * and the components as they are now; the reference, payments and history stay. In one
 * transaction, seats are given back on the old departure and taken on the new one by the same
 * conditional change as any sale, or nothing changes: without seats the booking stays exactly as
 * it was. Departures' rows are locked in the order of their ids, then the booking's row, so two
 * changes in opposite directions cannot deadlock.
 */
import type { Kysely } from 'kysely';
import type { Booking } from '../../shared/contract/bookings.js';
import type { Database } from '../db/schema.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { changeableFrom, checkNewBooking, closedBecause, priceSale, seatsOf, type ChangedSale } from '../bookings/rules.js';
import { departureErrors } from '../departures/errors.js';
import { freeSeats, lockDepartureRow, moveSeats } from '../departures/seats.js';
import { formatMinor } from '../../shared/money.js';
import { toMoney } from '../db/query-helpers.js';
import { httpErrors } from '../http/errors.js';
import type { FlowContext } from './context.js';
import { takeSeatsFreeingLapsed } from './seats.js';
import { travellerCounts } from '../messages/service.js';

export interface BookingChangeRequest {
  /** Another departure to move the booking to. */
  departureId?: string;
  /** The travellers as they are to be, in order; an `id` keeps that traveller (and their names unless given). */
  travellers?: (Omit<ChangedSale['travellers'][number], 'firstName' | 'lastName'> & { firstName?: string; lastName?: string })[];
  /** Answer the booking as the change would make it, and change nothing. */
  preview?: boolean;
  /**
   * A new total below what was paid is allowed: the caller asks for the difference back to the
   * card in the same transaction (a customer's own change). Without it, the difference is
   * refunded first (409).
   */
  refundAfter?: boolean;
  /** The booking must move to another departure: already on it (a move sent twice at once), 409. */
  mustMove?: boolean;
}

export const changeErrors = {
  alreadyThere: () => httpErrors.conflict('Your booking is already on this date.'),
};

/** Thrown to roll a preview's transaction back, carrying what it would have made. */
export class PreviewOnly extends Error {
  constructor(readonly booking: Booking) {
    super('preview');
  }
}

export async function changeBooking(ctx: FlowContext, id: string, change: BookingChangeRequest, origin: RequestOrigin): Promise<Booking> {
  try {
    return await changeInTransaction(ctx, id, change, origin);
  } catch (error) {
    if (error instanceof PreviewOnly) return error.booking;
    throw error;
  }
}

async function changeInTransaction(ctx: FlowContext, id: string, change: BookingChangeRequest, origin: RequestOrigin): Promise<Booking> {
  return ctx.db.transaction().execute((trx) => changeWithin(ctx, trx, id, change, origin));
}

/** The change in the caller's transaction; a preview throws PreviewOnly (changeBooking answers it). */
export async function changeWithin(ctx: FlowContext, trx: Kysely<Database>, id: string, change: BookingChangeRequest, origin: RequestOrigin): Promise<Booking> {
  const at = new Date(ctx.now());
  const fromDepartureId = await ctx.bookings.departureOf(trx, id);
  const toDepartureId = change.departureId ?? fromDepartureId;
  for (const departureId of [...new Set([fromDepartureId, toDepartureId])].sort()) await lockDepartureRow(trx, departureId);
  const booking = await ctx.bookings.lockForChange(trx, id);
  // Read again under the locks: a move sent twice at once finds the booking moved by the first.
  if (change.mustMove && booking.departure_id === toDepartureId) throw changeErrors.alreadyThere();
  const state = changeableFrom(booking, at);
  const lines = await ctx.bookings.linesForChange(trx, id);

  const known = new Map(lines.travellers.map((traveller) => [traveller.id, traveller]));
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  // A kept traveller keeps the names not given; a new one needs them (unless the booking is a reseller's, whose names may come later).
  const travellers: ChangedSale['travellers'] = (change.travellers ?? lines.travellers).map((traveller, index) => {
    const before = traveller.id === undefined ? undefined : known.get(traveller.id);
    if (traveller.id !== undefined && !before) problems[`travellers.${index}.id`] = 'must be a traveller of this booking';
    if (traveller.id !== undefined && seen.has(traveller.id)) problems[`travellers.${index}.id`] = 'is listed twice';
    if (traveller.id !== undefined) seen.add(traveller.id);
    const firstName = traveller.firstName ?? before?.firstName ?? '';
    const lastName = traveller.lastName ?? before?.lastName ?? '';
    if (!before && lines.commissionBp === null) {
      if (firstName.trim() === '') problems[`travellers.${index}.firstName`] = 'is required for a new traveller';
      if (lastName.trim() === '') problems[`travellers.${index}.lastName`] = 'is required for a new traveller';
    }
    return { ...traveller, firstName, lastName, dateOfBirth: traveller.dateOfBirth !== undefined ? traveller.dateOfBirth : (before?.dateOfBirth ?? null), notes: traveller.notes ?? before?.notes ?? '' };
  });
  if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
  const singleRooms = Math.min(lines.singleRooms, travellers.filter((traveller) => traveller.category === 'ADULT').length);
  const request = { departureId: toDepartureId, contact: { name: '-', email: '-' }, travellers, extras: lines.extras, singleRooms };
  checkNewBooking(request);

  const departure = await ctx.departures.forSale(trx, toDepartureId);
  if (!departure) throw httpErrors.validation({ departureId: 'must be an existing departure' });
  const seats = seatsOf(travellers);
  const moving = toDepartureId !== fromDepartureId;
  // A departure that no longer sells takes no new seats: neither a booking moved onto it nor more travellers.
  if (moving || seats > booking.seats) {
    const closed = closedBecause(departure, at);
    if (closed) throw departureErrors.departureClosed(closed);
  }
  // Money stays in one currency: a booking with money taken moves only to a tour sold in the same one.
  if (departure.currency !== booking.currency && toMoney(booking.paid_minor) !== 0) {
    throw httpErrors.validation({ departureId: `is sold in ${departure.currency}, and this booking has payments in ${booking.currency}: refund them first, or cancel and book again` });
  }
  const components = await ctx.tours.componentsForSale(trx, departure.tour_id, lines.extras.map((extra) => extra.componentId));
  // The booking's promo code goes with it, on the terms it was sold with; an amount in another currency cannot.
  const promo = booking.promo_code && (booking.promo_code.currency === null || booking.promo_code.currency === departure.currency) ? booking.promo_code : null;
  const price = priceSale(request, departure, components, promo);
  // An active booking never holds more money than it costs: the difference is refunded first.
  const paid = toMoney(booking.paid_minor)!;
  if (price.totalMinor < paid && !change.refundAfter) {
    throw httpErrors.conflict(`${formatMinor(paid, booking.currency)} has been paid and the new total would be ${formatMinor(price.totalMinor, departure.currency)}: refund ${formatMinor(paid - price.totalMinor, booking.currency)} first.`);
  }

  if (moving) {
    await moveSeats(trx, fromDepartureId, booking.seats, state, null, at);
    if (!(await takeSeatsFreeingLapsed(ctx, trx, toDepartureId, seats, state, { at, requireOpen: true }))) {
      throw departureErrors.soldOut(freeSeats(await lockDepartureRow(trx, toDepartureId)));
    }
  } else if (seats > booking.seats) {
    if (!(await takeSeatsFreeingLapsed(ctx, trx, toDepartureId, seats - booking.seats, state, { at, requireOpen: true }))) {
      throw departureErrors.soldOut(freeSeats(await lockDepartureRow(trx, toDepartureId)));
    }
  } else if (seats < booking.seats) {
    await moveSeats(trx, toDepartureId, booking.seats - seats, state, null, at);
  }
  // What the customer is told changed: the booking's start, travellers and price before the change.
  const wasOn = moving ? await ctx.departures.forSale(trx, fromDepartureId) : departure;
  const totalBefore = await ctx.bookings.totalOf(trx, id);
  const changed = await ctx.bookings.rewrite(trx, booking, { departure, travellers, price, seats, at }, origin);
  if (change.preview) throw new PreviewOnly(changed);
  await ctx.webhooks.enqueue(trx, [changed], origin);
  if (wasOn) {
    await ctx.messages.queueChange(trx, changed, {
      startsAt: wasOn.starts_at.toISOString(),
      timeZone: wasOn.time_zone,
      travellers: travellerCounts(lines.travellers),
      totalMinor: totalBefore,
    });
  }
  return changed;
}
