/**
 * Messages to customers: their templates, the reminders job, and the sender.
 *
 * Messages are queued by the database in the transaction of their event (migration 0022) or by
 * the reminders job (`queueReminders`, keyed so each reminder is queued once however often the job
 * runs, on however many instances). The sender claims queued messages with a lease under SKIP
 * LOCKED, so two instances never send one at once; it writes each from the template and the booking
 * as they are when it goes, in the customer's language, and records what went to whom. A failure is
 * tried again after about 1 min, 5 min, 30 min, 2 h and 6 h, then the message is failed, with the
 * reason, for staff to send again.
 *
 * Once: an instance killed between handing a mail over and recording it sent leaves the message
 * queued under its lease; when the lease ends it is sent again with the same id (the SMTP
 * Message-ID, the outbox file's name), which mail systems and the outbox take as the same mail.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Booking, Payment } from '../../shared/contract/bookings.js';
import type { CustomerLanguage } from '../../shared/contract/customers.js';
import {
  fillPlaceholders,
  MESSAGE_KINDS,
  placeholderProblems,
  type Message,
  type MessageKind,
  type MessagePreview,
  type MessageTemplate,
  type MessageTemplateInput,
  type Placeholder,
} from '../../shared/contract/messages.js';
import { formatMinor } from '../../shared/money.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import type { BusinessDetails } from '../config.js';
import type { Database } from '../db/schema.js';
import { httpErrors } from '../http/errors.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { DEFAULT_TEXTS } from './defaults.js';
import type { BookingBeforeChange, GiftCardMessageKind, StoredMessageKind } from './tables.js';
import { changeSentences, dueNowSentence, paymentWhat, refundOf, travellerCount } from '../../shared/i18n/words.js';
import { localDateAt } from '../../shared/local-time.js';
import { dateTimeFormat } from '../../shared/intl-formats.js';

/** Seconds to wait after the 1st, 2nd, … failed attempt; after the last, the message has failed. */
export const MESSAGE_RETRY_DELAYS_S = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600];
const BATCH = 5;
const LOCALES: Record<CustomerLanguage, string> = { en: 'en-GB', de: 'de-DE' };

/** What the messages read of other domains: a booking as the office sees it, its payments, its voucher. */
export interface MessageSources {
  booking(id: string): Promise<Booking | null>;
  payments(bookingId: string): Promise<Payment[] | null>;
  voucher(booking: Booking): Promise<Buffer>;
  /** The business's name and contact details as saved now. */
  business(): Promise<BusinessDetails>;
  /** Card payment links (the payments domain): the one a message carries, made once per message; null when card payments are not set up. */
  paymentLinks: { forMessage(booking: Booking, messageId: string): Promise<PaymentLinkOf | null> } | null;
  /** The link to the customer's own page of a booking (the shop's), in their language. */
  manageLink?: (bookingId: string, language: CustomerLanguage) => Promise<string>;
  /**
   * A gift card's message as it goes now (the gift cards domain writes it, its PDF included), or
   * why it cannot go (the card was voided or is gone): a reason is final, not tried again.
   */
  giftCardMail?: (cardId: string, kind: GiftCardMessageKind, language: CustomerLanguage) => Promise<Omit<MailMessage, 'id'> | { reason: string }>;
  /** Told of each failed attempt (the metrics count them), final when it will not be tried again. */
  onFailure?: (final: boolean) => void;
}

/** What a message says of its payment link. */
export interface PaymentLinkOf {
  url: string;
  amountMinor: number;
}

type MessageRow = {
  id: string;
  booking_id: string | null;
  customer_id: string | null;
  gift_card_id: string | null;
  kind: StoredMessageKind;
  event_key: string;
  language: string;
  to_address: string;
  subject: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  change?: unknown;
};

export class Messages {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly audit: AuditLog,
    private readonly mailer: Mailer,
    private readonly sources: MessageSources,
    /** How long a claimed message is the claimer's: longer than any SMTP exchange takes. */
    private readonly leaseMs = 5 * 60_000,
  ) {}

  async templates(): Promise<MessageTemplate[]> {
    const rows = await this.db.selectFrom('message_templates').selectAll().execute();
    return MESSAGE_KINDS.map((kind) => toTemplate(kind, rows.find((row) => row.kind === kind)));
  }

  async template(kind: MessageKind): Promise<MessageTemplate> {
    return toTemplate(kind, await this.db.selectFrom('message_templates').selectAll().where('kind', '=', kind).executeTakeFirst());
  }

  /** Saves a kind's switch and texts; a placeholder the product does not know is refused on its field. */
  async saveTemplate(kind: MessageKind, input: MessageTemplateInput, origin: RequestOrigin): Promise<MessageTemplate> {
    const problems = Object.assign({}, ...Object.entries(input.texts).map(([language, texts]) => placeholderProblems(texts, `texts.${language}.`))) as Record<string, string>;
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    // Written once for a made-up booking before it is kept: a template that cannot be written is
    // never saved, so no message of its kind is held up by it later.
    const business = await this.sources.business();
    for (const [language, texts] of Object.entries(input.texts) as [CustomerLanguage, { subject: string; body: string }][]) {
      try {
        this.compose(kind, language, business, SAMPLE_BOOKING, null, null, texts);
      } catch {
        throw httpErrors.validation({ [`texts.${language}.body`]: 'cannot be written for a booking: check its placeholders' });
      }
    }
    const at = new Date(this.now());
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('message_templates')
        .values({ kind, enabled: input.enabled, texts: JSON.stringify(input.texts), updated_at: at })
        .onConflict((oc) => oc.column('kind').doUpdateSet({ enabled: input.enabled, texts: JSON.stringify(input.texts), updated_at: at }))
        .execute();
      await this.audit.record({ action: 'message_template.updated', ...auditOrigin(origin), targetType: 'message_template', targetId: kind, details: { enabled: input.enabled } }, trx);
    });
    return this.template(kind);
  }

  /** A kind written for a real booking in a language, as it would go now. */
  async preview(kind: MessageKind, bookingId: string, language: CustomerLanguage, texts?: { subject: string; body: string }): Promise<MessagePreview> {
    const problems = texts ? placeholderProblems(texts, 'texts.') : {};
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    const booking = await this.sources.booking(bookingId);
    if (!booking) throw httpErrors.notFound('No booking with this id.');
    // No payment page is made for a preview: the place of its address is shown instead.
    const link = this.sources.paymentLinks && (kind === 'payment_link' || kind === 'balance_reminder') ? { url: 'https://checkout.stripe.com/c/pay/… (made when the message goes out)', amountMinor: Math.max(0, booking.balanceMinor) } : null;
    return this.compose(kind, language, await this.sources.business(), booking, await this.paymentFor(kind, booking, null), link, texts ?? (await this.template(kind)).texts[language], null, await this.manageLinkOf(booking, language));
  }

  /** The messages of a customer's bookings (as they belong to the customer now, merges included), newest first. */
  async forCustomer(customerId: string): Promise<Message[]> {
    const rows = await this.db
      .selectFrom('messages as m')
      .selectAll('m')
      .where('m.booking_id', 'in', (eb) => eb.selectFrom('bookings').select('id').where('customer_id', '=', customerId))
      .orderBy('m.seq', 'desc')
      .limit(200)
      .execute();
    return rows.map(toMessage);
  }

  async forBooking(bookingId: string): Promise<Message[]> {
    const rows = await this.db.selectFrom('messages').selectAll().where('booking_id', '=', bookingId).orderBy('seq', 'desc').execute();
    return rows.map(toMessage);
  }

  /** A message queued in the caller's transaction (a payment link sent with its making); refused for an erased customer. Answers its id. */
  async queueIn(trx: Kysely<Database>, booking: Booking, kind: MessageKind, eventKey: string): Promise<string> {
    if (!booking.customerId) throw httpErrors.conflict('The booking has no contact yet: nobody to write to.');
    const customer = await trx.selectFrom('customers').select(['erased_at', 'language']).where('id', '=', booking.customerId).executeTakeFirstOrThrow();
    if (customer.erased_at) throw httpErrors.conflict('The customer was erased: nothing is sent to them.');
    const at = new Date(this.now());
    const id = randomUUID();
    await trx.insertInto('messages').values({ id, booking_id: booking.id, customer_id: booking.customerId, kind, event_key: eventKey, language: customer.language, next_attempt_at: at, created_at: at }).execute();
    return id;
  }

  /**
   * A gift card's message queued in the transaction that issued the card: once per card and kind,
   * however often it is asked (the unique index), in the card's language.
   */
  async queueGiftCardIn(trx: Kysely<Database>, cardId: string, kind: GiftCardMessageKind, language: CustomerLanguage): Promise<void> {
    const at = new Date(this.now());
    await sql`
      insert into messages (id, gift_card_id, kind, event_key, language, next_attempt_at, created_at)
      values (${randomUUID()}, ${cardId}, ${kind}, 'issued', ${language}, ${at}, ${at})
      on conflict (gift_card_id, kind) where gift_card_id is not null do nothing`.execute(trx);
  }

  /** A gift card's messages, oldest first (its page shows where the card went and whether it went). */
  async forGiftCard(cardId: string): Promise<Message[]> {
    const rows = await this.db.selectFrom('messages').selectAll().where('gift_card_id', '=', cardId).orderBy('seq').execute();
    return rows.map(toMessage);
  }

  /**
   * A confirmed booking's change (another departure, other travellers, another price) told to its
   * customer: queued in the change's transaction, once per change (keyed by the moment of it), with
   * what the booking was before; nothing for a held booking, a reseller's, one without an e-mail
   * address, an erased customer's, or while the kind is switched off.
   */
  async queueChange(trx: Kysely<Database>, booking: Booking, before: BookingBeforeChange): Promise<void> {
    if (booking.status !== 'confirmed' || booking.resellerId !== null || !booking.customerId || booking.contact.email.trim() === '') return;
    await sql`
      insert into messages (id, booking_id, customer_id, kind, event_key, language, next_attempt_at, created_at, change)
      select ${randomUUID()}, ${booking.id}, cu.id, 'booking_changed', ${`changed:${booking.updatedAt}`}, cu.language, ${new Date(this.now())}, ${new Date(this.now())}, ${JSON.stringify(before)}::jsonb
      from customers cu
      where cu.id = ${booking.customerId} and cu.erased_at is null
        and coalesce((select t.enabled from message_templates t where t.kind = 'booking_changed'), true)
      on conflict (booking_id, kind, event_key) do nothing`.execute(trx);
  }

  /** A kind queued again for a booking now (staff's "send again"); refused where the product would never send it. */
  async resend(booking: Booking, kind: MessageKind, origin: RequestOrigin): Promise<Message> {
    if (booking.resellerId !== null) throw httpErrors.conflict('The reseller speaks to the customers of its bookings: no message is sent for them.');
    if (booking.contact.email.trim() === '') throw httpErrors.conflict('The booking’s contact has no e-mail address.');
    // A change's message says what that change did: sending it again would say nothing true.
    if (kind === 'booking_changed') throw httpErrors.conflict('A change’s message goes with its change: send the confirmation again instead, with the voucher as the booking is now.');
    return this.db.transaction().execute(async (trx) => {
      const id = await this.queueIn(trx, booking, kind, `resend:${randomUUID()}`);
      const row = await trx.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await this.audit.record({ action: 'message.resent', ...auditOrigin(origin), targetType: 'booking', targetId: booking.id, details: { kind, reference: booking.reference } }, trx);
      return toMessage(row);
    });
  }

  /**
   * Queues the reminders due at `at`: a balance reminder 7 days before a confirmed booking's
   * balance is due and one on the day (in the tour's zone; each at most once, whatever the job
   * missed), and a departure reminder for confirmed bookings starting within 3 days. A held
   * booking gets no balance reminder (its hold lapses first, or its confirmation says what is
   * due), nor does a booking made in the last day (its confirmation has just said it); a departure
   * reminder goes only to a booking confirmed more than a day before it (the confirmation said
   * the same a moment ago). Each reads an index of the bookings it looks for, not every booking.
   * Answers how many were queued.
   */
  async queueReminders(at = new Date(this.now())): Promise<number> {
    const day = 86_400_000;
    // Every zone's today lies within a day of UTC's; the exact test per tour is in the query.
    const from = new Date(at.getTime() - 2 * day).toISOString().slice(0, 10);
    const to = new Date(at.getTime() + 9 * day).toISOString().slice(0, 10);
    const [balances, departures] = await Promise.all([
      sql`
        insert into messages (id, booking_id, customer_id, kind, event_key, language, next_attempt_at, created_at)
        select gen_random_uuid(), b.id, b.customer_id, 'balance_reminder',
               case when (${at}::timestamptz at time zone t.time_zone)::date >= b.balance_due_date then 'on-due' else 'before-due' end,
               cu.language, ${at}, ${at}
        from bookings b
        join tours t on t.id = b.tour_id
        join customers cu on cu.id = b.customer_id
        -- The first status test is the partial index's own predicate (bookings_overdue_idx), written out so the planner takes it.
        where b.balance_minor > 0 and b.status in ('held', 'confirmed') and b.status = 'confirmed'
          and b.balance_due_date between ${from}::date and ${to}::date
          and (${at}::timestamptz at time zone t.time_zone)::date between b.balance_due_date - 7 and b.balance_due_date + 1
          and b.created_at <= ${new Date(at.getTime() - day)}
          and b.reseller_id is null and btrim(b.contact_email) <> '' and cu.erased_at is null
          and coalesce((select m.enabled from message_templates m where m.kind = 'balance_reminder'), true)
        on conflict (booking_id, kind, event_key) do nothing`.execute(this.db),
      sql`
        insert into messages (id, booking_id, customer_id, kind, event_key, language, next_attempt_at, created_at)
        select gen_random_uuid(), b.id, b.customer_id, 'departure_reminder', 'departure', cu.language, ${at}, ${at}
        from bookings b
        join customers cu on cu.id = b.customer_id
        where b.status = 'confirmed' and b.reseller_id is null
          and b.starts_at > ${at} and b.starts_at <= ${new Date(at.getTime() + 3 * day)}
          and b.confirmed_at <= ${new Date(at.getTime() - day)}
          and btrim(b.contact_email) <> '' and cu.erased_at is null
          and coalesce((select m.enabled from message_templates m where m.kind = 'departure_reminder'), true)
        -- In the order of the partial index of confirmed bookings by start, which the planner then reads.
        order by b.starts_at
        on conflict (booking_id, kind, event_key) do nothing`.execute(this.db),
    ]);
    return Number(balances.numAffectedRows ?? 0) + Number(departures.numAffectedRows ?? 0);
  }

  /** Erasure: the messages of these bookings keep their kind, status and times, not where they went or what they said; queued ones are not sent. */
  async forget(trx: Kysely<Database>, bookingIds: string[]): Promise<void> {
    if (bookingIds.length === 0) return;
    await trx
      .updateTable('messages')
      .set((eb) => ({ to_address: '', subject: '', status: eb.case().when('status', '=', 'queued').then('failed' as const).else(eb.ref('status')).end(), last_error: eb.case().when('status', '=', 'queued').then('the customer was erased').else(eb.ref('last_error')).end() }))
      .where('booking_id', 'in', bookingIds)
      .execute();
  }

  /** Messages waiting to go out, counted through the index of queued ones. */
  async queuedCount(): Promise<number> {
    const row = await this.db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('count')).where('status', '=', 'queued').executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Claims and sends the messages due now; answers how many were tried. */
  async sendDue(): Promise<number> {
    const at = new Date(this.now());
    const claimed = await sql<MessageRow>`
      update messages m
      set locked_until = ${new Date(at.getTime() + this.leaseMs)}, attempts = m.attempts + 1
      from (
        select id from messages
        where status = 'queued' and next_attempt_at <= ${at} and (locked_until is null or locked_until <= ${at})
        -- A booking's confirmation before the receipt of the payment that confirmed it (queued first by that payment's own row).
        order by next_attempt_at, kind = 'payment_received', seq
        limit ${BATCH}
        for update skip locked
      ) due
      where m.id = due.id
      returning m.*`.execute(this.db);
    for (const row of claimed.rows) {
      try {
        await this.send(row);
      } catch (error) {
        await this.failed(row, error instanceof Error ? error.message : String(error)).catch(() => undefined);
      }
    }
    return claimed.rows.length;
  }

  private async send(row: MessageRow): Promise<void> {
    if (row.gift_card_id !== null) return this.sendGiftCard(row, row.gift_card_id);
    if (row.booking_id === null) return this.failed(row, 'the message names no booking', true);
    // A booking's message (the check above: a gift card's kinds name a card).
    const kind = row.kind as MessageKind;
    const booking = await this.sources.booking(row.booking_id);
    if (!booking) return this.failed(row, 'the booking is gone', true);
    if (booking.contact.email.trim() === '') return this.failed(row, 'the booking’s contact has no e-mail address', true);
    const customer = await this.db.selectFrom('customers').select('erased_at').where('id', '=', booking.customerId).executeTakeFirst();
    if (!customer || customer.erased_at) return this.failed(row, 'the customer was erased', true);
    if (!(await this.template(kind)).enabled) return this.failed(row, 'this kind of message was switched off before it went', true);
    const language = (row.language === 'de' ? 'de' : 'en') as CustomerLanguage;
    let link: PaymentLinkOf | null = null;
    if (kind === 'payment_link' || kind === 'balance_reminder') {
      link = (await this.sources.paymentLinks?.forMessage(booking, row.id)) ?? null;
      if (!link && kind === 'payment_link') return this.failed(row, this.sources.paymentLinks ? 'nothing is owed on the booking any more' : 'card payments are not set up on this server', true);
    }
    const mail = this.compose(
      kind,
      language,
      await this.sources.business(),
      kind === 'booking_cancelled' ? await this.asCancelled(booking) : booking,
      await this.paymentFor(kind, booking, row.event_key),
      link,
      (await this.template(kind)).texts[language],
      changeOf(row.change),
      await this.manageLinkOf(booking, language),
    );
    const message: MailMessage = { to: booking.contact.email.trim(), subject: mail.subject, text: mail.text, html: mail.html, id: { value: row.id, createdAt: row.created_at } };
    // The voucher as the booking is now: with its confirmation, and with a change (the old one no longer holds).
    if ((kind === 'booking_confirmed' || kind === 'booking_changed') && booking.status === 'confirmed') {
      message.attachments = [{ filename: `voucher-${booking.reference}.pdf`, contentType: 'application/pdf', content: await this.sources.voucher(booking) }];
    }
    await this.mailer.send(message);
    await this.db
      .updateTable('messages')
      .set({ status: 'sent', to_address: message.to, subject: message.subject, sent_at: new Date(this.now()), locked_until: null, last_error: null })
      .where('id', '=', row.id)
      .execute();
  }

  /** A gift card's message: written by the gift cards domain as the card is now, sent with the message's own id (once, as every other). */
  private async sendGiftCard(row: MessageRow, cardId: string): Promise<void> {
    if (!this.sources.giftCardMail) return this.failed(row, 'gift card messages cannot be written on this server', true);
    const mail = await this.sources.giftCardMail(cardId, row.kind as GiftCardMessageKind, row.language === 'de' ? 'de' : 'en');
    if ('reason' in mail) return this.failed(row, mail.reason, true);
    await this.mailer.send({ ...mail, id: { value: row.id, createdAt: row.created_at } });
    await this.db
      .updateTable('messages')
      .set({ status: 'sent', to_address: mail.to, subject: mail.subject, sent_at: new Date(this.now()), locked_until: null, last_error: null })
      .where('id', '=', row.id)
      .execute();
  }

  /** A failed attempt: tried again later, or (after the last, or when trying again cannot help) failed. */
  private async failed(row: MessageRow, reason: string, final = false): Promise<void> {
    const delay = final ? undefined : MESSAGE_RETRY_DELAYS_S[row.attempts - 1];
    this.sources.onFailure?.(delay === undefined);
    const at = new Date(this.now());
    await this.db
      .updateTable('messages')
      .set({
        status: delay === undefined ? 'failed' : 'queued',
        last_error: reason.slice(0, 300),
        locked_until: null,
        ...(delay !== undefined && { next_attempt_at: new Date(at.getTime() + delay * 1000) }),
      })
      .where('id', '=', row.id)
      .execute();
  }

  /** A reseller's customer is the reseller's to speak to: their booking has no page of its own. */
  private async manageLinkOf(booking: Booking, language: CustomerLanguage): Promise<string> {
    return booking.resellerId === null && this.sources.manageLink ? this.sources.manageLink(booking.id, language) : '';
  }

  /**
   * A cancelled booking as its cancellation left it: a refund recorded since (a card refund Stripe
   * made at once) still counts in what the cancellation says is to be refunded.
   */
  private async asCancelled(booking: Booking): Promise<Booking> {
    const cancellation = booking.cancellation;
    if (!cancellation) return booking;
    // What was paid when it was cancelled, from the payments alone (one read): the booking's own
    // balance may be read before or after a refund that the payments' read sees otherwise.
    const payments = (await this.sources.payments(booking.id)) ?? [];
    // At the same instant, a payment came before it and a refund (the cancellation's own) after it.
    const before = (payment: Payment) => (payment.kind === 'payment' ? payment.createdAt <= cancellation.at : payment.createdAt < cancellation.at);
    const paidThen = payments.filter(before).reduce((sum, payment) => sum + (payment.kind === 'payment' ? payment.amountMinor : -payment.amountMinor), 0);
    return { ...booking, balanceMinor: cancellation.feeMinor - paidThen };
  }

  private async paymentFor(kind: MessageKind, booking: Booking, eventKey: string | null): Promise<Payment | null> {
    if (kind !== 'payment_received') return null;
    const payments = (await this.sources.payments(booking.id)) ?? [];
    return payments.find((payment) => payment.id === eventKey) ?? payments.at(-1) ?? null;
  }

  private compose(
    kind: MessageKind,
    language: CustomerLanguage,
    business: BusinessDetails,
    booking: PlaceholderBooking,
    payment: Payment | null,
    link: PaymentLinkOf | null,
    texts: { subject: string; body: string },
    /** A change message's booking before the change; null where there is none (a preview). */
    before: BookingBeforeChange | null = null,
    manageLink = '',
  ): MessagePreview {
    const values = placeholderValues(booking, payment, language, business, link, kind === 'payment_link', new Date(this.now()), kind === 'booking_changed' ? { before } : null, manageLink);
    const subject = fillPlaceholders(texts.subject, values).replace(/\s+/g, ' ').trim();
    const text = fillPlaceholders(texts.body, values);
    const html = `<!doctype html><html lang="${language}"><body>${fillPlaceholders(escapeHtml(texts.body), values, escapeHtml)
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
      .join('')}</body></html>`;
    return { subject, text, html };
  }

  /** Looks for queued messages every `pollMs` and reminders every `jobsMs` (either null: not by itself), until the returned stop is called. */
  start(pollMs: number | null, jobsMs: number | null, run: (name: string, work: () => Promise<void>) => void): () => void {
    let sending = false;
    let stopped = false;
    const look = () => {
      if (sending || stopped) return;
      sending = true;
      run('messages to customers', async () => {
        try {
          // A server closing sends what it has claimed and leaves the rest queued for the next start.
          while (!stopped && (await this.sendDue()) > 0);
        } finally {
          sending = false;
        }
      });
    };
    this.look = look;
    const timers = [
      pollMs !== null ? setInterval(look, pollMs) : null,
      jobsMs !== null
        ? setInterval(() => {
            if (stopped) return;
            run('reminders', async () => {
              if ((await this.queueReminders()) > 0) look();
            });
          }, jobsMs)
        : null,
    ];
    for (const timer of timers) timer?.unref();
    return () => {
      stopped = true;
      for (const timer of timers) if (timer) clearInterval(timer);
      this.look = null;
    };
  }

  private look: (() => void) | null = null;

  /** A message was just queued: look now rather than at the next round. */
  nudge(): void {
    this.look?.();
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** A stored change's booking before it, as read back from the database (JSON, or its text on some drivers). */
function changeOf(stored: unknown): BookingBeforeChange | null {
  if (stored === null || stored === undefined) return null;
  return (typeof stored === 'string' ? JSON.parse(stored) : stored) as BookingBeforeChange;
}

/** Each part of a booking a change moved: its start, its travellers, its price; as the message's language writes them. */
function whatChanged(booking: PlaceholderBooking, before: BookingBeforeChange, language: CustomerLanguage, money: (minor: number) => string) {
  const locale = LOCALES[language];
  const start = (startsAt: string, timeZone: string) => dateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(startsAt));
  const counted = (counts: BookingBeforeChange['travellers']) => travellersText(language, counts);
  const now = travellerCounts(booking.travellers);
  return {
    ...(Date.parse(booking.startsAt) !== Date.parse(before.startsAt) && { start: { now: start(booking.startsAt, booking.timeZone), before: start(before.startsAt, before.timeZone) } }),
    ...((['ADULT', 'CHILD', 'INFANT'] as const).some((category) => now[category] !== before.travellers[category]) && { travellers: { now: counted(now), before: counted(before.travellers) } }),
    ...(booking.totalMinor !== before.totalMinor && { price: { now: money(booking.totalMinor), before: money(before.totalMinor) } }),
  };
}

/** "2 adults, 1 child": travellers counted by category, in the message's language. */
function travellersText(language: CustomerLanguage, counts: BookingBeforeChange['travellers']): string {
  return (['ADULT', 'CHILD', 'INFANT'] as const)
    .filter((category) => counts[category] > 0)
    .map((category) => travellerCount(language, category, counts[category]))
    .join(', ');
}

/** A booking's travellers counted by category. */
export function travellerCounts(travellers: readonly { category: 'ADULT' | 'CHILD' | 'INFANT' }[]): BookingBeforeChange['travellers'] {
  const counts = { ADULT: 0, CHILD: 0, INFANT: 0 };
  for (const traveller of travellers) counts[traveller.category] += 1;
  return counts;
}

/** What the placeholders read of a booking. */
type PlaceholderBooking = { travellers: Pick<Booking['travellers'][number], 'category'>[] } & Pick<
  Booking,
  | 'contact'
  | 'reference'
  | 'currency'
  | 'totalMinor'
  | 'paidMinor'
  | 'balanceMinor'
  | 'depositMinor'
  | 'balanceDueDate'
  | 'tourTitle'
  | 'tourCode'
  | 'startsAt'
  | 'timeZone'
  | 'cancellation'
>;

/** The booking a template is written for on save, to prove it can be written. */
const SAMPLE_BOOKING: PlaceholderBooking = {
  contact: { name: 'Alex Sample', email: 'alex@example.com', phone: null },
  reference: 'SAMPLE01',
  currency: 'EUR',
  totalMinor: 24_000,
  paidMinor: 4_800,
  balanceMinor: 19_200,
  depositMinor: 4_800,
  balanceDueDate: '2027-05-01',
  travellers: [{ category: 'ADULT' }, { category: 'CHILD' }],
  tourTitle: 'Sample tour',
  tourCode: 'SAMPLE',
  startsAt: '2027-06-01T07:00:00.000Z',
  timeZone: 'Europe/Berlin',
  cancellation: null,
};

/** Each placeholder's value for a booking, in the message's language (money and dates as that language writes them). */
export function placeholderValues(
  booking: PlaceholderBooking,
  payment: Payment | null,
  language: CustomerLanguage,
  business: BusinessDetails,
  link: PaymentLinkOf | null = null,
  /** A payment link's message: payment.amount is what the link asks for. */
  linkAmount = false,
  /** When the message is written: whether the balance's day has come. */
  at: Date = new Date(),
  /** A change message: the booking before it (null: a preview, which says where the change goes). */
  change: { before: BookingBeforeChange | null } | null = null,
  /** The customer's own page of the booking ('' where it has none). */
  manageLink = '',
): Record<Placeholder, string> {
  const locale = LOCALES[language];
  const money = (amount: number) => formatMinor(amount, booking.currency, locale);
  const travellers = travellersText(language, travellerCounts(booking.travellers));
  const start = dateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: booking.timeZone }).format(new Date(booking.startsAt));
  const dueDate = dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${booking.balanceDueDate}T00:00:00Z`));
  const fee = booking.cancellation?.feeMinor ?? 0;
  const dueNow = dueNowSentence(
    language,
    { depositShortMinor: booking.depositMinor - booking.paidMinor, balanceMinor: booking.balanceMinor, overdueOrToday: localDateAt(at, booking.timeZone) >= booking.balanceDueDate },
    money,
    dueDate,
  );
  return {
    'customer.name': booking.contact.name,
    'booking.reference': booking.reference,
    'booking.total': money(booking.totalMinor),
    'booking.paid': money(booking.paidMinor),
    'booking.balance': money(Math.max(0, booking.balanceMinor)),
    'booking.deposit': money(booking.depositMinor),
    'booking.balanceDueDate': dueDate,
    'booking.dueNow': dueNow,
    'booking.change': change ? changeSentences(language, change.before && whatChanged(booking, change.before, language, money)) : '',
    'booking.travellers': travellers,
    'tour.title': booking.tourTitle,
    'tour.code': booking.tourCode,
    'departure.start': `${start} (${booking.timeZone})`,
    'payment.amount':
      linkAmount && link
        ? money(link.amountMinor)
        : payment
          ? payment.kind === 'refund'
            ? refundOf(language, money(payment.amountMinor))
            : money(payment.amountMinor)
          : '',
    'payment.what': paymentWhat(language, payment?.kind === 'refund' ? 'refund' : 'payment'),
    'payment.link': link?.url ?? '',
    'booking.manageLink': manageLink,
    'cancellation.fee': money(fee),
    'cancellation.refundDue': money(Math.max(0, -booking.balanceMinor)),
    'business.name': business.name ?? '',
    'business.email': business.email ?? '',
    'business.phone': business.phone ?? '',
    'business.website': business.website ?? '',
  };
}

function toTemplate(kind: MessageKind, row: { enabled: boolean; texts: unknown } | undefined): MessageTemplate {
  if (!row) return { kind, enabled: true, texts: DEFAULT_TEXTS[kind], custom: false };
  const texts = (typeof row.texts === 'string' ? JSON.parse(row.texts) : row.texts) as MessageTemplate['texts'];
  return { kind, enabled: row.enabled, texts: { ...DEFAULT_TEXTS[kind], ...texts }, custom: true };
}

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    to: row.to_address,
    language: row.language,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    error: row.last_error,
  };
}
