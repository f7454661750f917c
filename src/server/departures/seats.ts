/**
 * A departure's seats, changed only here. Every change is one UPDATE of the departure's row whose
 * condition says what must still be true (open, enough seats free), so two requests can never both
 * take the last seat: the second waits for the first's row lock, then finds the condition false.
 * The row's check constraint (migration 0009) would refuse an oversold row in any case.
 *
 * Lock order, everywhere: the departure's row, then its bookings' rows. The flows that book,
 * confirm and cancel, the departure's cancel and the sweep of lapsed holds all follow it
 * (server/flows), so they cannot deadlock.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';

export type SeatState = 'held' | 'confirmed' | 'waitlisted';
const COUNTER = { held: 'seats_held', confirmed: 'seats_confirmed', waitlisted: 'waitlisted' } as const;

/** The departure's row, locked for the rest of the transaction; 404 when there is none. */
export async function lockDepartureRow(trx: Kysely<Database>, departureId: string) {
  const row = await trx
    .selectFrom('departures')
    .select(['id', 'status', 'capacity', 'seats_held', 'seats_confirmed', 'waitlisted'])
    .where('id', '=', departureId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw httpErrors.notFound('No departure with this id.');
  return row;
}

/**
 * The row of the departure `departureId` names (an expression: the departure of a booking, read in
 * the same statement), locked; null when there is none. One round trip where a read and a lock were two.
 */
export async function lockDepartureRowOf(trx: Kysely<Database>, departureId: RawBuilder<string>) {
  return (
    (await trx
      .selectFrom('departures')
      .select(['id', 'status', 'capacity', 'seats_held', 'seats_confirmed', 'waitlisted'])
      .where('id', '=', departureId)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

/** Locks the departure's row; false when another transaction holds it now (the sweep skips it this round). */
export async function lockDepartureUnlessBusy(trx: Kysely<Database>, departureId: string): Promise<boolean> {
  return (await trx.selectFrom('departures').select('id').where('id', '=', departureId).forUpdate().skipLocked().executeTakeFirst()) !== undefined;
}

/** Seats free on a locked departure row (lapsed holds not yet given back count as taken). */
export function freeSeats(row: { capacity: number; seats_held: number; seats_confirmed: number }): number {
  return Math.max(0, row.capacity - row.seats_held - row.seats_confirmed);
}

/**
 * Takes `seats` on the departure as `state` ('held' or 'confirmed'), moving them from `from` when
 * given (a waitlisted booking confirmed). Answers false when they are not free. `requireOpen`:
 * new bookings need an open departure; otherwise any that is not cancelled.
 */
export async function takeSeats(
  trx: Kysely<Database>,
  departureId: string,
  seats: number,
  state: 'held' | 'confirmed',
  options: { at: Date; from?: 'waitlisted'; requireOpen: boolean },
): Promise<boolean> {
  const result = await takeSeatsQuery(trx, departureId, seats, state, options).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** takeSeats' change as a statement of its own, for a flow that writes more in the same statement (it answers the departure's id when the seats were taken). */
export function takeSeatsQuery(
  db: Kysely<Database>,
  departureId: string,
  seats: number,
  state: 'held' | 'confirmed',
  options: { at: Date; from?: 'waitlisted'; requireOpen: boolean },
) {
  const counter = sql.ref(COUNTER[state]);
  return db
    .updateTable('departures')
    .set({
      [COUNTER[state]]: sql`${counter} + ${seats}`,
      ...(options.from && { waitlisted: sql`waitlisted - ${seats}` }),
      updated_at: options.at,
    })
    .where('id', '=', departureId)
    .where('status', options.requireOpen ? '=' : '<>', options.requireOpen ? 'open' : 'cancelled')
    .where(sql<boolean>`seats_held + seats_confirmed + ${seats} <= capacity`);
}

/** Moves `seats` between the departure's counters, or gives them back (`to` null). Never fails for want of seats: it only frees or shifts them. */
export async function moveSeats(trx: Kysely<Database>, departureId: string, seats: number, from: SeatState, to: SeatState | null, at: Date): Promise<void> {
  await moveSeatsQuery(trx, departureId, seats, from, to, at).execute();
}

/** moveSeats' change as a statement of its own, for a flow that makes it part of a larger one. */
export function moveSeatsQuery(db: Kysely<Database>, departureId: string, seats: number, from: SeatState, to: SeatState | null, at: Date) {
  return db
    .updateTable('departures')
    .set({
      [COUNTER[from]]: sql`${sql.ref(COUNTER[from])} - ${seats}`,
      ...(to && { [COUNTER[to]]: sql`${sql.ref(COUNTER[to])} + ${seats}` }),
      updated_at: at,
    })
    .where('id', '=', departureId);
}

/** The departure's row locked, as a query of its own (a flow locks it first in a statement that then changes its bookings). */
export function lockDepartureQuery(db: Kysely<Database>, departureId: string) {
  return db.selectFrom('departures').select('id').where('id', '=', departureId).forUpdate();
}

/** Adds a waitlisted booking's seats (adults and children) to the departure's waitlist count. */
export async function addToWaitlist(trx: Kysely<Database>, departureId: string, seats: number, at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('departures')
    .set({ waitlisted: sql`waitlisted + ${seats}`, updated_at: at })
    .where('id', '=', departureId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every seat of a cancelled departure given back: its counters go to zero. */
export async function clearSeats(trx: Kysely<Database>, departureId: string, at: Date): Promise<void> {
  await trx.updateTable('departures').set({ seats_held: 0, seats_confirmed: 0, waitlisted: 0, updated_at: at }).where('id', '=', departureId).execute();
}
