/**
 * Check-in on the day: by the voucher's code (every traveller of the booking) or by name (chosen
 * travellers, or marked as no-shows). Only a confirmed booking, and only from its departure's first
 * local day to its last (in the tour's zone): a voucher shown a day early is not yet checked in. Checking in again changes nothing.
 * A code nobody has counts as a failed attempt for the user and for the address, as a wrong
 * password does: past MAX_FAILURES in the window every attempt is refused (429) until it ends, so a
 * code cannot be guessed (65 random bits besides). Answers what a guide needs of the booking and no
 * money: a GUIDE's phone shows no prices.
 */
import { sql, type Kysely } from 'kysely';
import type { CheckInBooking } from '../../shared/contract/bookings.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';
import { rateLimited, type CounterStore } from '../http/rate-limit.js';

/** Unknown codes one user, or one address, may try in a window before every attempt is refused. */
export const CHECK_IN_FAILURES = { max: 10, windowMs: 15 * 60_000 };

/** A code as typed or scanned: any case, spaces and dashes ignored, Crockford's look-alikes read as their digits. */
export function normalCheckInCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

export class CheckIn {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    private readonly counters: CounterStore,
  ) {}

  /** Every traveller of the booking whose voucher carries `code`. */
  async byCode(code: string, origin: RequestOrigin): Promise<CheckInBooking> {
    const keys = [`checkin-failures:user:${origin.actorId ?? 'none'}`, `checkin-failures:ip:${origin.ip ?? 'none'}`];
    for (const key of keys) {
      const { count, resetAt } = await this.counters.peek(key);
      if (count >= CHECK_IN_FAILURES.max) throw rateLimited(Math.max(1, Math.ceil((resetAt - this.now()) / 1000)));
    }
    const normal = normalCheckInCode(code);
    const found = /^[0-9A-HJKMNP-TV-Z]{13}$/.test(normal) ? await this.db.selectFrom('bookings').select('id').where('check_in_code', '=', normal).executeTakeFirst() : undefined;
    if (!found) {
      await Promise.all(keys.map((key) => this.counters.hit(key, CHECK_IN_FAILURES.windowMs)));
      throw httpErrors.notFound('No booking has this check-in code.');
    }
    return this.mark(found.id, null, false, origin);
  }

  /** Chosen travellers of a booking checked in, or marked as no-shows (`noShow`). */
  async travellers(bookingId: string, travellerIds: string[], noShow: boolean, origin: RequestOrigin): Promise<CheckInBooking> {
    return this.mark(bookingId, travellerIds, noShow, origin);
  }

  /** The booking as a guide sees it; null: no such booking. */
  async view(bookingId: string, db: Kysely<Database> = this.db): Promise<CheckInBooking | null> {
    const row = await this.seen(db).where('b.id', '=', bookingId).executeTakeFirst();
    return row ? toCheckInBooking(row) : null;
  }

  /** A departure's confirmed bookings as a guide sees them, by lead name (the list to check in from); null: no such departure. */
  async ofDeparture(departureId: string): Promise<CheckInBooking[] | null> {
    const [departure, rows] = await Promise.all([
      this.db.selectFrom('departures').select('id').where('id', '=', departureId).executeTakeFirst(),
      this.seen(this.db).where('b.departure_id', '=', departureId).where('b.status', '=', 'confirmed').orderBy('b.contact_name').orderBy('b.reference').execute(),
    ]);
    return departure ? rows.map(toCheckInBooking) : null;
  }

  private seen(db: Kysely<Database>) {
    return db
      .selectFrom('bookings as b')
      .innerJoin('tours as t', 't.id', 'b.tour_id')
      .innerJoin('departures as d', 'd.id', 'b.departure_id')
      .select([
        'b.id',
        'b.reference',
        'b.status',
        'b.departure_id',
        't.title as tour_title',
        sql<string>`b.start_date::text`.as('start_date'),
        'd.start_time',
        't.time_zone',
        'b.contact_name',
        sql<SeenTraveller[] | string>`coalesce((select json_agg(json_build_object('id', tr.id, 'category', tr.category, 'first_name', tr.first_name, 'last_name', tr.last_name, 'checked_in_at', tr.checked_in_at, 'no_show', tr.no_show) order by tr.position) from booking_travellers tr where tr.booking_id = b.id), '[]'::json)`.as('travellers'),
      ]);
  }

  /** Checks in (or marks as no-shows) `travellerIds` of the booking, or all of them (null), in one transaction. */
  private async mark(bookingId: string, travellerIds: string[] | null, noShow: boolean, origin: RequestOrigin): Promise<CheckInBooking> {
    const at = new Date(this.now());
    return this.db.transaction().execute(async (trx) => {
      const booking = await trx
        .selectFrom('bookings as b')
        .innerJoin('tours as t', 't.id', 'b.tour_id')
        .select([
          'b.id',
          'b.reference',
          'b.status',
          sql<boolean>`(${at}::timestamptz at time zone t.time_zone)::date >= b.start_date`.as('opened'),
          sql<boolean>`(${at}::timestamptz at time zone t.time_zone)::date <= b.start_date + (t.duration_days - 1)`.as('open'),
        ])
        .where('b.id', '=', bookingId)
        .forUpdate('b')
        .executeTakeFirst();
      if (!booking) throw httpErrors.notFound('No booking with this id.');
      if (booking.status !== 'confirmed') throw httpErrors.conflict(`This booking is ${booking.status}: only a confirmed booking is checked in.`);
      if (!booking.opened) throw httpErrors.conflict('Check-in opens on the departure’s first day.');
      if (!booking.open) throw httpErrors.conflict('This departure is over: check-in has closed.');
      if (travellerIds !== null) {
        const theirs = await trx.selectFrom('booking_travellers').select('id').where('booking_id', '=', bookingId).where('id', 'in', travellerIds).execute();
        if (theirs.length !== new Set(travellerIds).size) throw httpErrors.validation({ travellerIds: 'must all be travellers of this booking' });
      }
      let changes = trx.updateTable('booking_travellers').where('booking_id', '=', bookingId);
      if (travellerIds !== null) changes = changes.where('id', 'in', travellerIds);
      const changed = noShow
        ? await changes.set({ no_show: true, checked_in_at: null }).where((eb) => eb.or([eb('no_show', '=', false), eb('checked_in_at', 'is not', null)])).returning('id').execute()
        : await changes.set({ no_show: false, checked_in_at: at }).where('checked_in_at', 'is', null).returning('id').execute();
      if (changed.length > 0) {
        await this.audit.record(
          { action: 'booking.checked_in', ...auditOrigin(origin), targetType: 'booking', targetId: bookingId, details: { reference: booking.reference, travellers: changed.length, noShow } },
          trx,
        );
      }
      return (await this.view(bookingId, trx))!;
    });
  }
}

interface SeenTraveller {
  id: string;
  category: 'ADULT' | 'CHILD' | 'INFANT';
  first_name: string;
  last_name: string;
  checked_in_at: string | null;
  no_show: boolean;
}

function toCheckInBooking(row: {
  id: string;
  reference: string;
  status: CheckInBooking['status'];
  departure_id: string;
  tour_title: string;
  start_date: string;
  start_time: string;
  time_zone: string;
  contact_name: string;
  travellers: SeenTraveller[] | string;
}): CheckInBooking {
  // The embedded engine answers json as text; the server, parsed.
  const travellers = typeof row.travellers === 'string' ? (JSON.parse(row.travellers) as SeenTraveller[]) : row.travellers;
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    departureId: row.departure_id,
    tourTitle: row.tour_title,
    startDate: row.start_date,
    startTime: row.start_time,
    timeZone: row.time_zone,
    contactName: row.contact_name,
    travellers: travellers.map((one) => ({
      id: one.id,
      category: one.category,
      firstName: one.first_name,
      lastName: one.last_name,
      checkedInAt: one.checked_in_at ? new Date(one.checked_in_at).toISOString() : null,
      noShow: one.no_show,
    })),
  };
}
