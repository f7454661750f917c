/**
 * Webhooks to resellers: `booking.updated` with the booking as the OCTO API answers it, whenever a
 * reseller's booking changes for a reason other than that reseller's own call (staff amend, confirm,
 * move or cancel it, its departure is cancelled or moved, its hold lapses).
 *
 * A delivery is written in the transaction of the change (`enqueue`), so it is never lost; the
 * sender claims due deliveries with a lease under SKIP LOCKED, so two instances never send one at
 * once, and for each booking only its oldest pending delivery, so a reseller hears of one booking's
 * changes in order. Each attempt is recorded; a failure (a timeout, an answer but 2xx) is retried
 * after about 1 min, 5 min, 30 min, 2 h, 6 h and 12 h, then the delivery is marked failed, for
 * staff to send again. At most `CONCURRENCY` requests are in flight per instance, each bounded by
 * WEBHOOK_TIMEOUT. The body is built when it is sent: the booking as it is then.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';
import type { Lookup } from '../security/outbound-address.js';
import { sendWebhook, type SendResult } from './sender.js';
import { signedHeaders } from './signing.js';

export const WEBHOOK_EVENT = 'booking.updated';
/** Seconds to wait after the 1st, 2nd, … failed attempt; after the last, the delivery has failed. */
export const RETRY_DELAYS_S = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600];
const CONCURRENCY = 4;

export interface WebhookDelivery {
  id: string;
  event: string;
  bookingId: string;
  bookingReference: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastAttemptAt: string | null;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

/** A booking whose change a reseller may have to hear of. */
export interface ChangedBooking {
  id: string;
  resellerId: string | null;
}

/** The booking as the OCTO API shows it to its reseller, or null when there is none any more. */
export type BookingPayload = (bookingId: string, resellerId: string) => Promise<unknown>;

export class Webhooks {
  private inFlight = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    private readonly payload: BookingPayload,
    private readonly options: { allowPrivate: boolean; timeoutMs: number; lookup?: Lookup; onFailure?: (final: boolean) => void },
  ) {}

  /** Deliveries waiting to be sent or tried again, counted through the index of pending ones. */
  async pendingCount(): Promise<number> {
    const row = await this.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('count')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * In the transaction of a change: a delivery for each changed booking of a reseller with a
   * webhook URL, unless the change is that reseller's own call.
   */
  async enqueue(trx: Kysely<Database>, changed: readonly ChangedBooking[], origin: Pick<RequestOrigin, 'resellerId'>): Promise<number> {
    const wanted = new Map<string, string>();
    for (const booking of changed) if (booking.resellerId && booking.resellerId !== origin.resellerId) wanted.set(booking.id, booking.resellerId);
    if (wanted.size === 0) return 0;
    const listening = new Set(
      (await trx.selectFrom('resellers').select('id').where('id', 'in', [...new Set(wanted.values())]).where('webhook_url', 'is not', null).execute()).map((row) => row.id),
    );
    const at = new Date(this.now());
    const rows = [...wanted].filter(([, resellerId]) => listening.has(resellerId)).map(([bookingId, resellerId]) => ({ id: randomUUID(), reseller_id: resellerId, booking_id: bookingId, event: WEBHOOK_EVENT, next_attempt_at: at, created_at: at }));
    if (rows.length > 0) await trx.insertInto('webhook_deliveries').values(rows).execute();
    return rows.length;
  }

  /** Pending deliveries about bookings that are gone (a reseller's tests deleted): nothing left to send. */
  async forget(trx: Kysely<Database>, bookingIds: readonly string[]): Promise<void> {
    if (bookingIds.length === 0) return;
    await trx.deleteFrom('webhook_deliveries').where('booking_id', 'in', [...bookingIds]).where('status', '=', 'pending').execute();
  }

  async list(resellerId: string, query: { page?: number; pageSize?: number; status?: WebhookDelivery['status'] }): Promise<{ data: WebhookDelivery[]; total: number }> {
    const pageSize = query.pageSize ?? 25;
    let rows = this.db.selectFrom('webhook_deliveries as w').where('w.reseller_id', '=', resellerId);
    if (query.status) rows = rows.where('w.status', '=', query.status);
    const [data, total] = await Promise.all([
      rows
        .selectAll('w')
        .select(bookingReferenceOf('w').as('booking_reference'))
        .orderBy('w.seq', 'desc')
        .limit(pageSize)
        .offset(((query.page ?? 1) - 1) * pageSize)
        .execute(),
      rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: data.map(toDelivery), total: total.n };
  }

  /** A failed delivery sent again from now, with its attempts counted anew. */
  async retry(resellerId: string, deliveryId: string, origin: RequestOrigin): Promise<WebhookDelivery> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('reseller_id', '=', resellerId).forUpdate().executeTakeFirst();
      if (!row) throw httpErrors.notFound('No delivery with this id for this reseller.');
      if (row.status !== 'failed') throw httpErrors.conflict(row.status === 'pending' ? 'This delivery is still being tried.' : 'This delivery was received: there is nothing to send again.');
      const updated = await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: new Date(this.now()), locked_until: null })
        .where('id', '=', deliveryId)
        .returningAll()
        .returning(bookingReferenceOf('webhook_deliveries').as('booking_reference'))
        .executeTakeFirstOrThrow();
      await this.audit.record({ action: 'reseller.delivery_retried', ...auditOrigin(origin), targetType: 'reseller', targetId: resellerId, details: { deliveryId, bookingId: row.booking_id } }, trx);
      return toDelivery(updated);
    });
  }

  /** Claims and sends the deliveries due now (at most as many as are free to go); answers how many were tried. */
  async deliverDue(): Promise<number> {
    const room = CONCURRENCY - this.inFlight;
    if (room <= 0) return 0;
    const at = new Date(this.now());
    // A sender that has not finished within twice the timeout (and a margin for clocks) is taken for dead.
    const lease = new Date(at.getTime() + 2 * this.options.timeoutMs + 5_000);
    // The oldest pending delivery of each booking, due, not leased by another sender.
    const claimed = await sql<{ id: string; reseller_id: string; booking_id: string; event: string; attempts: number; created_at: Date }>`
      update webhook_deliveries w
      set locked_until = ${lease}, attempts = w.attempts + 1, last_attempt_at = ${at}
      from (
        select d.id from webhook_deliveries d
        where d.status = 'pending' and d.next_attempt_at <= ${at} and (d.locked_until is null or d.locked_until <= ${at})
          and not exists (select 1 from webhook_deliveries e where e.booking_id = d.booking_id and e.status = 'pending' and e.seq < d.seq)
        order by d.seq
        limit ${room}
        for update skip locked
      ) due
      where w.id = due.id
      returning w.id, w.reseller_id, w.booking_id, w.event, w.attempts, w.created_at`.execute(this.db);
    this.inFlight += claimed.rows.length;
    await Promise.all(
      claimed.rows.map(async (delivery) => {
        try {
          await this.attempt(delivery);
        } catch (error) {
          // The body could not be made (the database was away): recorded as a failed attempt, tried again later.
          await this.record(delivery, { status: null, error: error instanceof Error ? `the update could not be prepared: ${error.message.slice(0, 120)}` : 'the update could not be prepared' }).catch(() => undefined);
        } finally {
          this.inFlight -= 1;
        }
      }),
    );
    return claimed.rows.length;
  }

  private async attempt(delivery: { id: string; reseller_id: string; booking_id: string; event: string; attempts: number; created_at: Date }): Promise<void> {
    const reseller = await this.db.selectFrom('resellers').select(['webhook_url', 'webhook_secret']).where('id', '=', delivery.reseller_id).executeTakeFirst();
    let result: SendResult;
    if (!reseller?.webhook_url) result = { status: null, error: 'the reseller has no webhook URL' };
    else if (!reseller.webhook_secret) result = { status: null, error: 'no webhook secret has been made: updates cannot be signed' };
    else {
      const data = await this.payload(delivery.booking_id, delivery.reseller_id);
      const body = JSON.stringify({ type: delivery.event, timestamp: delivery.created_at.toISOString(), data });
      const headers = signedHeaders(reseller.webhook_secret, `msg_${delivery.id}`, Math.floor(this.now() / 1000), body);
      result = await sendWebhook(reseller.webhook_url, body, headers, this.options);
    }
    await this.record(delivery, result);
  }

  private async record(delivery: { id: string; attempts: number }, result: SendResult): Promise<void> {
    const at = new Date(this.now());
    const delivered = result.status !== null && result.status >= 200 && result.status < 300;
    const delay = RETRY_DELAYS_S[delivery.attempts - 1];
    if (!delivered) this.options.onFailure?.(delay === undefined);
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        status: delivered ? 'delivered' : delay === undefined ? 'failed' : 'pending',
        response_status: result.status,
        last_error: delivered ? null : (result.error ?? `answered ${result.status}`),
        locked_until: null,
        ...(delivered && { delivered_at: at }),
        ...(!delivered && delay !== undefined && { next_attempt_at: new Date(at.getTime() + delay * 1000) }),
      })
      .where('id', '=', delivery.id)
      .execute();
  }

  /** Deletes deliveries received more than `keepDays` ago (failed and pending ones stay for staff to see). Answers how many went. */
  async purgeDelivered(keepDays = 30): Promise<number> {
    const result = await this.db
      .deleteFrom('webhook_deliveries')
      .where('status', '=', 'delivered')
      .where('delivered_at', '<', new Date(this.now() - keepDays * 86_400_000))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Looks for due deliveries every `intervalMs`, and at once when nudged (a change was committed), until the returned stop is called. */
  start(intervalMs: number, run: (work: () => Promise<void>) => void): () => void {
    let busy = false;
    const look = () => {
      if (busy) return;
      busy = true;
      run(async () => {
        try {
          while ((await this.deliverDue()) > 0);
        } finally {
          busy = false;
        }
      });
    };
    this.look = look;
    const timer = setInterval(look, intervalMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      this.look = null;
    };
  }

  private look: (() => void) | null = null;

  /** A delivery was just committed or set to go again: look now rather than at the next round. */
  nudge(): void {
    this.look?.();
  }
}

/** The reference of a delivery's booking (`deliveries`: the name its row goes by), which staff know it by. */
function bookingReferenceOf(deliveries: string) {
  return sql<string | null>`(select b.reference from bookings b where b.id = ${sql.ref(`${deliveries}.booking_id`)})`;
}

function toDelivery(row: {
  id: string;
  event: string;
  booking_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_attempt_at: Date | null;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
  booking_reference?: string | null;
}): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    bookingId: row.booking_id,
    bookingReference: row.booking_reference ?? null,
    status: row.status,
    attempts: row.attempts,
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    responseStatus: row.response_status,
    error: row.last_error,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}
