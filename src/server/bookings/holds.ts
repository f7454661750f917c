/**
 * What happens to a departure's bookings as a whole: lapsed holds recorded as expired, every
 * booking cancelled with its departure, their dates kept in step with the departure's. Each works
 * on the bookings' rows only and answers the seats it freed; the flows (server/flows) give those
 * back to the departure, holding its row lock first.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';
import { ACTIVE_BOOKING_STATUSES } from '../../shared/contract/booking-rules.js';

/** A booking a change reached, with its reseller (null: sold by staff), so that the reseller can be told. */
export interface ChangedBooking {
  id: string;
  resellerId: string | null;
}

/** Seats on held bookings whose hold has lapsed but that the sweep has not recorded yet: free to every read of the departure. */
export function lapsedHeldSeats(departureId: RawBuilder<unknown>, at: Date): RawBuilder<number> {
  return sql<number>`coalesce((select sum(lb.seats) from bookings lb where lb.departure_id = ${departureId} and lb.status = 'held' and lb.hold_expires_at <= ${at}), 0)::int`;
}

/** A booking (`b` in the query) that has its seats at `at`: confirmed, or held with its hold still running. */
export function holdsSeatsAt(at: Date): RawBuilder<boolean> {
  return sql<boolean>`b.status in ('held', 'confirmed') and not (b.status = 'held' and b.hold_expires_at <= ${at})`;
}

/**
 * Records the departure's lapsed holds as expired, exactly once: the UPDATE takes only rows still
 * held, so a second sweep (another instance, a booking's retry) finds none. The caller holds the
 * departure's row lock and gives the seats back. Answers the seats freed and the bookings expired.
 */
export async function expireLapsedHolds(trx: Kysely<Database>, departureId: string, at: Date, audit: AuditLog): Promise<{ seats: number; bookings: number; changed: ChangedBooking[] }> {
  const expired = await trx
    .updateTable('bookings')
    .set({ status: 'expired', updated_at: at })
    .where('departure_id', '=', departureId)
    .where('status', '=', 'held')
    .where('hold_expires_at', '<=', at)
    .returning(['id', 'reference', 'seats', 'hold_expires_at', 'reseller_id'])
    .execute();
  for (const row of expired) {
    await audit.record(
      { action: 'booking.expired', targetType: 'booking', targetId: row.id, details: { reference: row.reference, seats: row.seats, holdExpiresAt: row.hold_expires_at?.toISOString() } },
      trx,
    );
  }
  return { seats: expired.reduce((sum, row) => sum + row.seats, 0), bookings: expired.length, changed: expired.map((row) => ({ id: row.id, resellerId: row.reseller_id })) };
}

/** Departures with holds that have lapsed and are not recorded yet, at most `limit`. */
export async function departuresWithLapsedHolds(db: Kysely<Database>, at: Date, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('bookings').select('departure_id').distinct().where('status', '=', 'held').where('hold_expires_at', '<=', at).limit(limit).execute();
  return rows.map((row) => row.departure_id);
}

/**
 * The bookings of a cancelled departure: each not cancelled or expired is cancelled with the
 * departure's reason and no fee (what was paid becomes refund due); a lapsed hold is recorded as
 * expired. The caller holds the departure's row lock and clears its seats. Answers the bookings cancelled.
 */
export async function cancelBookingsOfDeparture(trx: Kysely<Database>, departureId: string, reason: string, at: Date, origin: RequestOrigin, audit: AuditLog): Promise<{ cancelled: number; changed: ChangedBooking[] }> {
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
    .where('status', 'in', ACTIVE_BOOKING_STATUSES)
    .returning(['id', 'reference', 'status', 'paid_minor', 'reseller_id'])
    .execute();
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
  return { cancelled: changed.filter((row) => row.status === 'cancelled').length, changed: changed.map((row) => ({ id: row.id, resellerId: row.reseller_id })) };
}

/** A departure moved to another date or time: its bookings list and sort by the new one (their prices stay as sold). */
export async function followDepartureDate(trx: Kysely<Database>, departureId: string, startDate: string, startsAt: Date, at: Date): Promise<ChangedBooking[]> {
  const moved = await trx.updateTable('bookings').set({ start_date: startDate, starts_at: startsAt, updated_at: at }).where('departure_id', '=', departureId).returning(['id', 'reseller_id', 'status']).execute();
  return moved.filter((row) => (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(row.status)).map((row) => ({ id: row.id, resellerId: row.reseller_id }));
}

/** Whether anyone ever booked the departure (a booking of any status keeps it: history is kept). */
export async function departureHasBookings(db: Kysely<Database>, departureId: string): Promise<boolean> {
  return (await db.selectFrom('bookings').select('id').where('departure_id', '=', departureId).limit(1).executeTakeFirst()) !== undefined;
}

/** Whether a booking bought the component as an extra (its line keeps the name it was sold under). */
export async function componentWasSold(db: Kysely<Database>, componentId: string): Promise<boolean> {
  return (await db.selectFrom('booking_extras').select('booking_id').where('component_id', '=', componentId).limit(1).executeTakeFirst()) !== undefined;
}
