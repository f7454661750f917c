/**
 * A departure's seats, changed only here. Every change is one UPDATE of the departure's row whose
 * condition says what must still be true (open, enough seats free), so two requests can never both
 * take the last seat: the second waits for the first's row lock, then finds the condition false.
 * The row's check constraint (migration 0009) would refuse an oversold row in any case.
 *
 * Lock order, everywhere: the departure's row, then its bookings' rows. The booking actions, the
 * departure's cancel and the sweep of lapsed holds all follow it, so they cannot deadlock.
 */
import { sql, type Kysely } from 'kysely';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';

export type SeatState = 'held' | 'confirmed' | 'waitlisted';
const COUNTER = { held: 'seats_held', confirmed: 'seats_confirmed', waitlisted: 'waitlisted' } as const;

/** Seats on held bookings whose hold has lapsed but that the sweep has not recorded yet: free to every read. */
export function lapsedHeldSeats(departureId: ReturnType<typeof sql.ref>, at: Date) {
  return sql<number>`coalesce((select sum(lb.seats) from bookings lb where lb.departure_id = ${departureId} and lb.status = 'held' and lb.hold_expires_at <= ${at}), 0)::int`;
}

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
 * Takes `seats` on the departure as `state` ('held' or 'confirmed'), moving them from `from` when
 * given (a waitlisted booking confirmed). Answers false when they are not free; lapsed holds are
 * released first when that makes the difference. `open` only: new bookings need an open departure.
 */
export async function takeSeats(
  trx: Kysely<Database>,
  departureId: string,
  seats: number,
  state: 'held' | 'confirmed',
  options: { at: Date; from?: 'waitlisted'; requireOpen: boolean; audit: AuditLog },
): Promise<boolean> {
  const attempt = async () => {
    const counter = sql.ref(COUNTER[state]);
    const result = await trx
      .updateTable('departures')
      .set({
        [COUNTER[state]]: sql`${counter} + ${seats}`,
        ...(options.from && { waitlisted: sql`waitlisted - ${seats}` }),
        updated_at: options.at,
      })
      .where('id', '=', departureId)
      .where('status', options.requireOpen ? '=' : '<>', options.requireOpen ? 'open' : 'cancelled')
      .where(sql<boolean>`seats_held + seats_confirmed + ${seats} <= capacity`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };
  if (await attempt()) return true;
  await lockDepartureRow(trx, departureId);
  if ((await expireLapsedHolds(trx, departureId, options.at, options.audit)).seats === 0) return false;
  return attempt();
}

/** Moves `seats` between the departure's counters, or gives them back (`to` null). Never fails for want of seats: it only frees or shifts them. */
export async function moveSeats(trx: Kysely<Database>, departureId: string, seats: number, from: SeatState, to: SeatState | null, at: Date): Promise<void> {
  await trx
    .updateTable('departures')
    .set({
      [COUNTER[from]]: sql`${sql.ref(COUNTER[from])} - ${seats}`,
      ...(to && { [COUNTER[to]]: sql`${sql.ref(COUNTER[to])} + ${seats}` }),
      updated_at: at,
    })
    .where('id', '=', departureId)
    .execute();
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

/**
 * Records the departure's lapsed holds as expired and frees their seats, exactly once: the UPDATE
 * takes only rows still held, so a second sweep (another instance, a booking's retry) finds none.
 * The caller holds the departure's row lock. Answers the seats freed and the bookings expired.
 */
export async function expireLapsedHolds(trx: Kysely<Database>, departureId: string, at: Date, audit: AuditLog): Promise<{ seats: number; bookings: number }> {
  const expired = await trx
    .updateTable('bookings')
    .set({ status: 'expired', updated_at: at })
    .where('departure_id', '=', departureId)
    .where('status', '=', 'held')
    .where('hold_expires_at', '<=', at)
    .returning(['id', 'reference', 'seats', 'hold_expires_at'])
    .execute();
  if (expired.length === 0) return { seats: 0, bookings: 0 };
  const seats = expired.reduce((sum, row) => sum + row.seats, 0);
  await trx
    .updateTable('departures')
    .set({ seats_held: sql`seats_held - ${seats}`, updated_at: at })
    .where('id', '=', departureId)
    .execute();
  for (const row of expired) {
    await audit.record(
      { action: 'booking.expired', targetType: 'booking', targetId: row.id, details: { reference: row.reference, seats: row.seats, holdExpiresAt: row.hold_expires_at?.toISOString() } },
      trx,
    );
  }
  return { seats, bookings: expired.length };
}

/**
 * A departure cancelled: each of its bookings not cancelled or expired is cancelled with the
 * departure's reason and no fee (what was paid becomes refund due); a lapsed hold is recorded
 * as expired. The departure's counters go to zero. The caller holds the departure's row lock.
 */
export async function cancelBookingsOfDeparture(trx: Kysely<Database>, departureId: string, reason: string, at: Date, origin: RequestOrigin, audit: AuditLog): Promise<number> {
  const lapsed = sql<boolean>`status = 'held' and hold_expires_at <= ${at}`;
  const changed = await trx
    .updateTable('bookings')
    .set({
      status: sql`case when ${lapsed} then 'expired' else 'cancelled' end`,
      cancel_reason: sql`case when ${lapsed} then null else ${reason} end`,
      cancelled_at: sql`case when ${lapsed} then null else ${at}::timestamptz end`,
      cancel_fee_minor: sql`case when ${lapsed} then null else 0 end`,
      updated_at: at,
    })
    .where('departure_id', '=', departureId)
    .where('status', 'in', ['held', 'confirmed', 'waitlisted'])
    .returning(['id', 'reference', 'status', 'paid_minor'])
    .execute();
  await trx.updateTable('departures').set({ seats_held: 0, seats_confirmed: 0, waitlisted: 0, updated_at: at }).where('id', '=', departureId).execute();
  for (const row of changed) {
    const cancelled = row.status === 'cancelled';
    await audit.record(
      {
        action: cancelled ? 'booking.cancelled' : 'booking.expired',
        ...(cancelled ? auditOrigin(origin) : {}),
        targetType: 'booking',
        targetId: row.id,
        details: cancelled ? { reference: row.reference, reason, feeMinor: 0, departureCancelled: true, refundDueMinor: Number(row.paid_minor) } : { reference: row.reference },
      },
      trx,
    );
  }
  return changed.filter((row) => row.status === 'cancelled').length;
}
