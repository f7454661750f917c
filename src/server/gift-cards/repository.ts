/**
 * Gift cards: issued by staff (or sold in the shop), read with their ledger, adjusted and voided.
 * A card's balance changes only together with a ledger entry, in one transaction, under the card's
 * row lock (lockIn), and the database refuses a balance below 0: two payments from one card at
 * once cannot overdraw it, on one instance or several. Paying a booking with a card is a flow
 * (flows/gift-card-payments.ts), which locks the card before the booking.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { GiftCard, GiftCardListQuery, GiftCardMessage, GiftCardStatus, GiftCardWithTransactions, NewGiftCard } from '../../shared/contract/gift-cards.js';
import { CROCKFORD, formatGiftCardCode, giftCardKey } from '../../shared/contract/gift-card-rules.js';
import { formatMinor, isKnownCurrency } from '../../shared/money.js';
import { auditOrigin, type AuditLog, type RequestOrigin } from '../audit/audit-log.js';
import { containsPattern, listPage, toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import { AppError, httpErrors } from '../http/errors.js';
import type { GiftCardsTable } from './tables.js';

type Row = Selectable<GiftCardsTable>;

export const giftCardErrors = {
  invalid: (message: string) => new AppError(409, 'GIFT_CARD_INVALID', message),
  balance: (message: string) => new AppError(409, 'GIFT_CARD_BALANCE', message),
  notFound: () => httpErrors.notFound('No gift card with this id.'),
};

/** 80 random bits as 16 characters of Crockford's base 32. */
export function newGiftCardKey(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let key = '';
  for (let i = 15; i >= 0; i -= 1) key += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return key;
}

export function statusOf(row: Pick<Row, 'voided_at' | 'expires_at' | 'balance_minor'>, at: Date): GiftCardStatus {
  if (row.voided_at !== null) return 'void';
  if (row.expires_at !== null && row.expires_at.getTime() <= at.getTime()) return 'expired';
  return toMoney(row.balance_minor) === 0 ? 'used' : 'active';
}

function searchTextOf(...parts: (string | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ').trim().toLowerCase();
}

/** Four characters typed as a code's last four (any case, an I or L read as 1, an O as 0), or null. */
function giftCardEnding(typed: string): string | null {
  const plain = typed.trim().toUpperCase().replace(/^[.…]+/, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return /^[0-9A-HJKMNP-TV-Z]{4}$/.test(plain) ? plain : null;
}

/** Who a ledger entry was by: the staff member, else the origin's label (the online shop). */
function byOf(origin: RequestOrigin): { by_user: string | null; by_label: string | null } {
  return { by_user: origin.actorId, by_label: origin.actorId ? null : (origin.actorLabel ?? null) };
}

export class GiftCards {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditLog,
    private readonly now: () => number,
  ) {}

  async list(query: GiftCardListQuery): Promise<{ data: GiftCard[]; total: number }> {
    const at = new Date(this.now());
    const filtered = this.db.selectFrom('gift_cards as g').where((eb) => {
      const conditions = [];
      const q = query.q?.trim();
      if (q) {
        const key = giftCardKey(q);
        // The whole code, or its last four characters (what a receipt and a payment's reference show), or part of a name or address.
        const ending = key ? null : giftCardEnding(q);
        conditions.push(key ? eb('g.code', '=', key) : ending ? eb.or([eb('g.code', 'like', `%${ending}`), eb('g.search_text', 'like', containsPattern(q.toLowerCase()))]) : eb('g.search_text', 'like', containsPattern(q.toLowerCase())));
      }
      if (query.status === 'void') conditions.push(eb('g.voided_at', 'is not', null));
      if (query.status === 'expired') conditions.push(eb.and([eb('g.voided_at', 'is', null), eb('g.expires_at', '<=', at)]));
      if (query.status === 'used' || query.status === 'active') {
        conditions.push(eb('g.voided_at', 'is', null), eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', at)]), eb('g.balance_minor', query.status === 'used' ? '=' : '>', 0));
      }
      return eb.and(conditions);
    });
    return listPage(filtered, {
      select: (rows) => rows.selectAll('g'),
      orderBy: [query.sort === 'balanceMinor' ? sql.ref('g.balance_minor') : sql.ref('g.created_at'), sql.ref('g.id')],
      query,
      keptTotal: null,
      toAnswer: (row) => this.toAnswer(row, at),
    });
  }

  async get(id: string, db: Kysely<Database> = this.db): Promise<GiftCardWithTransactions | null> {
    const row = await db.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const transactions = await db
      .selectFrom('gift_card_transactions as t')
      .leftJoin('users as u', 'u.id', 't.by_user')
      .leftJoin('bookings as b', 'b.id', 't.booking_id')
      .select(['t.kind', 't.amount_minor', 't.balance_after_minor', 't.booking_id', 'b.reference', 'u.full_name', 'u.email', 't.by_label', 't.note', 't.at'])
      .where('t.gift_card_id', '=', id)
      .orderBy('t.seq')
      .execute();
    const [order, messages] = await Promise.all([
      row.sold_online ? db.selectFrom('gift_card_orders').select(['buyer_name', 'buyer_email']).where('gift_card_id', '=', id).executeTakeFirst() : undefined,
      db.selectFrom('messages').select(['kind', 'to_address', 'status', 'sent_at', 'last_error']).where('gift_card_id', '=', id).orderBy('seq').execute(),
    ]);
    return {
      ...this.toAnswer(row, new Date(this.now())),
      buyer: order ? { name: order.buyer_name, email: order.buyer_email } : null,
      messages: messages.map((message) => ({ kind: message.kind as GiftCardMessage['kind'], to: message.to_address, status: message.status, sentAt: message.sent_at?.toISOString() ?? null, error: message.last_error })),
      transactions: transactions.map((entry) => ({
        kind: entry.kind,
        amountMinor: Number(entry.amount_minor),
        balanceAfterMinor: Number(entry.balance_after_minor),
        bookingId: entry.booking_id,
        bookingReference: entry.reference ?? null,
        by: entry.full_name || entry.email || entry.by_label,
        at: entry.at.toISOString(),
        note: entry.note,
      })),
    };
  }

  /** Issues a card (201): its code made here, its first ledger entry, audited. */
  async issue(input: NewGiftCard, origin: RequestOrigin, options: { soldOnline?: boolean; db?: Kysely<Database>; buyer?: { name: string; email: string } } = {}): Promise<GiftCardWithTransactions> {
    if (!isKnownCurrency(input.currency)) throw httpErrors.validation({ currency: 'must be a currency code the server knows, such as EUR' });
    const at = new Date(this.now());
    if (input.expiresAt && Date.parse(input.expiresAt) <= at.getTime()) throw httpErrors.validation({ expiresAt: 'must be in the future' });
    const id = randomUUID();
    const work = async (trx: Kysely<Database>) => {
      const name = input.recipientName?.trim() || null;
      const email = input.recipientEmail?.trim() || null;
      await trx
        .insertInto('gift_cards')
        .values({
          id,
          code: newGiftCardKey(),
          currency: input.currency,
          initial_minor: input.amountMinor,
          balance_minor: input.amountMinor,
          expires_at: input.expiresAt ? new Date(input.expiresAt) : null,
          voided_at: null,
          recipient_name: name,
          recipient_email: email,
          message: input.message?.trim() || null,
          sold_online: options.soldOnline ?? false,
          language: input.language ?? 'en',
          // Found by its recipient, and by its buyer (who knows their own name, not the card's code).
          search_text: searchTextOf(name, email, options.buyer?.name, options.buyer?.email),
          created_at: at,
          created_by: origin.actorId,
        })
        .execute();
      await this.entryIn(trx, { cardId: id, kind: 'issue', amountMinor: input.amountMinor, balanceAfterMinor: input.amountMinor, origin, at });
      await this.audit.record({ action: 'gift_card.issued', ...auditOrigin(origin), targetType: 'gift_card', targetId: id, details: { currency: input.currency, amountMinor: input.amountMinor, soldOnline: options.soldOnline ?? false } }, trx);
      return (await this.get(id, trx))!;
    };
    return options.db ? work(options.db) : this.db.transaction().execute(work);
  }

  /** Adds to (or takes from) a card's balance, with a note; never below 0 (409), never on a void card. */
  async adjust(id: string, amountMinor: number, note: string, origin: RequestOrigin): Promise<GiftCardWithTransactions> {
    if (amountMinor === 0) throw httpErrors.validation({ amountMinor: 'must not be 0' });
    return this.db.transaction().execute(async (trx) => {
      const card = await this.lockById(trx, id);
      if (card.voided_at !== null) throw giftCardErrors.invalid('This gift card is void: its balance cannot change.');
      const balance = toMoney(card.balance_minor)!;
      if (balance + amountMinor < 0) throw giftCardErrors.balance(`The balance is ${formatMinor(balance, card.currency)}: at most that can be taken off.`);
      const at = new Date(this.now());
      await this.moveIn(trx, card, { kind: 'adjust', amountMinor, origin, at, note: note.trim() });
      await this.audit.record({ action: 'gift_card.adjusted', ...auditOrigin(origin), targetType: 'gift_card', targetId: id, details: { amountMinor, balanceBefore: balance, balanceAfter: balance + amountMinor, note: note.trim() } }, trx);
      return (await this.get(id, trx))!;
    });
  }

  /** Voids a card: its balance goes to 0 with a ledger entry; what it paid stays paid. */
  async void(id: string, note: string, origin: RequestOrigin): Promise<GiftCardWithTransactions> {
    return this.db.transaction().execute(async (trx) => {
      const card = await this.lockById(trx, id);
      if (card.voided_at !== null) throw httpErrors.conflict('This gift card is void already.');
      const at = new Date(this.now());
      const balance = toMoney(card.balance_minor)!;
      await this.moveIn(trx, card, { kind: 'void', amountMinor: -balance, origin, at, note: note.trim() });
      await trx.updateTable('gift_cards').set({ voided_at: at }).where('id', '=', id).execute();
      await this.audit.record({ action: 'gift_card.voided', ...auditOrigin(origin), targetType: 'gift_card', targetId: id, details: { balanceBefore: balance, note: note.trim() } }, trx);
      return (await this.get(id, trx))!;
    });
  }

  /**
   * The card with this code locked in `trx`, for a payment in `currency`: 409 GIFT_CARD_INVALID
   * when unknown, void, expired or of another currency (the card's own words for each).
   */
  async lockForPayment(trx: Kysely<Database>, typed: string, currency: string): Promise<Row> {
    const key = giftCardKey(typed);
    const card = key ? await trx.selectFrom('gift_cards').selectAll().where('code', '=', key).forUpdate().executeTakeFirst() : undefined;
    if (!card) throw giftCardErrors.invalid('There is no gift card with this code.');
    const status = statusOf(card, new Date(this.now()));
    if (status === 'void') throw giftCardErrors.invalid('This gift card is void.');
    if (status === 'expired') throw giftCardErrors.invalid('This gift card has expired.');
    if (card.currency !== currency) throw giftCardErrors.invalid(`This gift card is in ${card.currency}: it pays only for bookings in ${card.currency}.`);
    return card;
  }

  /** A card by id locked in `trx` (a refund going back to the card that paid). */
  async lockById(trx: Kysely<Database>, id: string): Promise<Row> {
    const card = await trx.selectFrom('gift_cards').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!card) throw giftCardErrors.notFound();
    return card;
  }

  /** Takes `amountMinor` off (redeem) or puts it back on (refund) a card locked in `trx`, with its ledger entry. */
  async moveIn(
    trx: Kysely<Database>,
    card: Row,
    move: { kind: 'redeem' | 'refund' | 'adjust' | 'void'; amountMinor: number; origin: RequestOrigin; at: Date; bookingId?: string; paymentId?: string; note?: string },
  ): Promise<void> {
    const after = toMoney(card.balance_minor)! + move.amountMinor;
    // The database's check refuses a balance below 0 too; the flows check first to say why.
    await trx.updateTable('gift_cards').set({ balance_minor: after }).where('id', '=', card.id).execute();
    await this.entryIn(trx, { cardId: card.id, kind: move.kind, amountMinor: move.amountMinor, balanceAfterMinor: after, origin: move.origin, at: move.at, bookingId: move.bookingId, paymentId: move.paymentId, note: move.note });
    card.balance_minor = after;
  }

  private async entryIn(
    trx: Kysely<Database>,
    entry: { cardId: string; kind: 'issue' | 'redeem' | 'refund' | 'adjust' | 'void'; amountMinor: number; balanceAfterMinor: number; origin: RequestOrigin; at: Date; bookingId?: string; paymentId?: string; note?: string },
  ): Promise<void> {
    await trx
      .insertInto('gift_card_transactions')
      .values({
        id: randomUUID(),
        gift_card_id: entry.cardId,
        kind: entry.kind,
        amount_minor: entry.amountMinor,
        balance_after_minor: entry.balanceAfterMinor,
        booking_id: entry.bookingId ?? null,
        payment_id: entry.paymentId ?? null,
        ...byOf(entry.origin),
        note: entry.note ?? null,
        at: entry.at,
      })
      .execute();
  }

  toAnswer(row: Row, at: Date): GiftCard {
    return {
      id: row.id,
      code: formatGiftCardCode(row.code),
      currency: row.currency,
      initialMinor: toMoney(row.initial_minor)!,
      balanceMinor: toMoney(row.balance_minor)!,
      expiresAt: row.expires_at?.toISOString() ?? null,
      status: statusOf(row, at),
      recipientName: row.recipient_name,
      recipientEmail: row.recipient_email,
      message: row.message,
      soldOnline: row.sold_online,
      language: row.language,
      createdAt: row.created_at.toISOString(),
    };
  }
}
