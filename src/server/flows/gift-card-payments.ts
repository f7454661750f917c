/**
 * Paying a booking with a gift card, and giving a payment back to the cards that paid: the card's
 * money and the booking's move in one transaction. The card's row is locked before the booking's
 * (always this order), so two bookings paying from one card at once are taken one after the
 * other: the second sees what the first left, and a balance short of its amount is refused (409
 * GIFT_CARD_BALANCE) before anything is written. The database refuses a balance below 0 besides.
 */
import type { NewPayment, Payment } from '../../shared/contract/bookings.js';
import { formatMinor } from '../../shared/money.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { toMoney } from '../db/query-helpers.js';
import { giftCardErrors } from '../gift-cards/repository.js';
import { httpErrors } from '../http/errors.js';
import type { FlowContext } from './context.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Runs in the payment's transaction once it is recorded (the Idempotency-Key's answer is stored with it). */
export type OnPaid = (trx: Kysely<Database>, payment: Payment) => Promise<void>;

const NO_BOOKING = 'No booking with this id.';

/** The last four characters of a card's code, as a payment's reference shows it (the code itself pays: it is not written there). */
function referenceOf(key: string): string {
  return `Gift card …${key.slice(-4)}`;
}

/**
 * `upToBalance`: a shop's checkout asks the card for as much as it holds of `amountMinor` (its
 * payment is that, or nothing when the card is empty or paid this booking already: a checkout
 * asked twice takes the card once); null when nothing was taken.
 */
export async function payWithGiftCard(ctx: FlowContext, bookingId: string, input: NewPayment, origin: RequestOrigin, onPaid?: OnPaid, upToBalance = false): Promise<Payment | null> {
  if (input.kind !== 'payment') throw httpErrors.validation({ kind: 'must be payment: a refund goes back to a card with refundTo' });
  if (!input.giftCardCode) throw httpErrors.validation({ giftCardCode: 'is required to pay with a gift card' });
  const code = input.giftCardCode;
  return ctx.db.transaction().execute(async (trx) => {
    const currency = await ctx.bookings.currencyOf(trx, bookingId);
    if (currency === null) throw httpErrors.notFound(NO_BOOKING);
    const card = await ctx.giftCards.lockForPayment(trx, code, currency);
    const balance = toMoney(card.balance_minor)!;
    if (upToBalance && (await ctx.bookings.giftCardPaymentsOf(trx, bookingId)).some((paid) => paid.giftCardId === card.id)) return null;
    if (balance === 0) throw giftCardErrors.balance('This gift card has nothing left on it.');
    const amountMinor = upToBalance ? Math.min(balance, input.amountMinor) : input.amountMinor;
    if (amountMinor > balance) throw giftCardErrors.balance(`This gift card holds ${formatMinor(balance, card.currency)}: pay at most that with it, and the rest another way.`);
    // The booking's own checks (its balance, its status) come with its lock, after the card's.
    const payment = await ctx.bookings.recordPaymentIn(trx, bookingId, { ...input, amountMinor, method: 'gift_card', reference: input.reference?.trim() || referenceOf(card.code) }, origin, { giftCardId: card.id });
    await ctx.giftCards.moveIn(trx, card, { kind: 'redeem', amountMinor: -amountMinor, origin, at: new Date(ctx.now()), bookingId, paymentId: payment.id });
    await onPaid?.(trx, payment);
    return payment;
  });
}

/**
 * A refund back to the gift cards that paid the booking, the latest first, each at most what it
 * paid net; more than they paid in all is 400. A refund over two cards is two refunds; the first is
 * answered.
 */
export async function refundToGiftCard(ctx: FlowContext, bookingId: string, input: NewPayment, origin: RequestOrigin, onPaid?: OnPaid): Promise<Payment> {
  if (input.kind !== 'refund') throw httpErrors.validation({ refundTo: 'is for a refund: a payment with a gift card names its code' });
  return ctx.db.transaction().execute(async (trx) => {
    const currency = await ctx.bookings.currencyOf(trx, bookingId);
    if (currency === null) throw httpErrors.notFound(NO_BOOKING);
    const paidBy = await ctx.bookings.giftCardPaymentsOf(trx, bookingId);
    const paidInAll = paidBy.reduce((sum, card) => sum + card.netMinor, 0);
    if (input.amountMinor > paidInAll) {
      throw httpErrors.validation({ amountMinor: paidInAll === 0 ? 'cannot go back to a gift card: no gift card paid this booking' : `must be at most ${formatMinor(paidInAll, currency)}: what gift cards paid on this booking` });
    }
    // Every card this refund may touch is locked first, in one order (by id), then the booking.
    const cards = new Map<string, Awaited<ReturnType<FlowContext['giftCards']['lockById']>>>();
    for (const id of paidBy.map((card) => card.giftCardId).sort()) cards.set(id, await ctx.giftCards.lockById(trx, id));
    const at = new Date(ctx.now());
    let left = input.amountMinor;
    let first: Payment | null = null;
    for (const paid of paidBy) {
      if (left === 0) break;
      const amount = Math.min(left, paid.netMinor);
      const card = cards.get(paid.giftCardId)!;
      const refund = await ctx.bookings.recordPaymentIn(trx, bookingId, { kind: 'refund', amountMinor: amount, method: 'gift_card', reference: input.reference?.trim() || referenceOf(card.code), receivedAt: input.receivedAt }, origin, { giftCardId: card.id });
      await ctx.giftCards.moveIn(trx, card, { kind: 'refund', amountMinor: amount, origin, at, bookingId, paymentId: refund.id });
      first ??= refund;
      left -= amount;
    }
    await onPaid?.(trx, first!);
    return first!;
  });
}
