/**
 * Gift cards that are sent: one issued by staff with a recipient's address, and one bought in the
 * shop. A shop's order is written before Stripe is asked for its page; the card is issued when the
 * payment arrives, in the transaction that claims the order, with its e-mails queued in the same
 * transaction: a paid event twice, late, or on two instances at once issues one card and sends
 * one e-mail of each kind.
 */
import type { GiftCardWithTransactions, NewGiftCard } from '../../shared/contract/gift-cards.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { NewGiftCardOrder } from '../gift-cards/orders.js';
import type { CompletedCheckout } from '../payments/stripe.js';
import type { FlowContext } from './context.js';

/** Stripe keeps a Checkout Session at most a day; a little less, for the clocks' difference. */
const PAGE_HOURS_MS = 23 * 3_600_000;

/** Staff issue a card: with a recipient's address, it is e-mailed to them with its PDF, once. */
export async function issueGiftCard(ctx: FlowContext, input: NewGiftCard, origin: RequestOrigin): Promise<GiftCardWithTransactions> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const card = await ctx.giftCards.issue(input, origin, { db: trx });
    if (card.recipientEmail) await ctx.messages.queueGiftCardIn(trx, card.id, 'gift_card', card.language);
    return card.id;
  });
  return (await ctx.giftCards.get(id))!;
}

/** A customer orders a card in the shop: the order is kept, then Stripe makes its page (answered: the page's address). */
export async function orderGiftCard(ctx: FlowContext, order: NewGiftCardOrder, pages: { successUrl: (orderId: string) => string; cancelUrl: string }): Promise<string> {
  const id = await ctx.giftCardOrders.place(order);
  const session = await ctx.paymentLinks.pageFor(
    { reference: order.language === 'de' ? 'Gutschein' : 'Gift card', description: order.recipient.name ?? order.buyer.name, amountMinor: order.amountMinor, currency: order.currency, email: order.buyer.email, idempotencyKey: `gift-card-order-${id}` },
    { successUrl: pages.successUrl(id), cancelUrl: pages.cancelUrl, expiresAt: new Date(ctx.now() + PAGE_HOURS_MS), metadata: { giftCardOrderId: id } },
  );
  await ctx.giftCardOrders.keepPage(id, session);
  return session.url;
}

/**
 * A paid event for a shop's order: the order claimed (once), the card issued with what the order
 * asked, and its e-mails queued, in one transaction. Null when the event pays no open order of
 * ours (paid before, or not ours).
 */
export async function issueSoldGiftCard(ctx: FlowContext, checkout: CompletedCheckout, origin: RequestOrigin): Promise<GiftCardWithTransactions | null> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const order = await ctx.giftCardOrders.claimIn(trx, checkout);
    if (!order) return null;
    const card = await ctx.giftCards.issue(
      { currency: order.currency, amountMinor: Number(order.amount_minor), recipientName: order.recipient_name, recipientEmail: order.recipient_email, message: order.message, language: order.language },
      origin,
      { soldOnline: true, db: trx, buyer: { name: order.buyer_name, email: order.buyer_email } },
    );
    await ctx.giftCardOrders.setCardIn(trx, order.id, card.id);
    // The card to its recipient, else to its buyer; the buyer's receipt when it went to someone else.
    await ctx.messages.queueGiftCardIn(trx, card.id, 'gift_card', order.language);
    if (order.recipient_email !== null && order.recipient_email.toLowerCase() !== order.buyer_email.toLowerCase()) await ctx.messages.queueGiftCardIn(trx, card.id, 'gift_card_bought', order.language);
    return card.id;
  });
  return id === null ? null : ctx.giftCards.get(id);
}
