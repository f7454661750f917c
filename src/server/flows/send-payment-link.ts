/**
 * A clerk's payment link: the payments domain prepares it (the amount, and Stripe's page, asked
 * for before any transaction so no lock waits on Stripe), then in one transaction the messages
 * domain queues the e-mail that carries it (when asked) and the payments domain keeps it. A link
 * the clerk asked to e-mail is never kept without its message, nor a message without its link.
 */
import type { Booking } from '../../shared/contract/bookings.js';
import type { NewPaymentLink } from '../../shared/contract/payment-links.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { FlowContext } from './context.js';

/** Answers the link's id. */
export async function sendPaymentLink(ctx: FlowContext, booking: Booking, input: NewPaymentLink, origin: RequestOrigin): Promise<string> {
  const link = await ctx.paymentLinks.prepare(booking, input);
  await ctx.db.transaction().execute(async (trx) => {
    const messageId = input.email ? await ctx.messages.queueIn(trx, booking, 'payment_link', `link:${link.id}`) : null;
    await ctx.paymentLinks.store(trx, booking, link, messageId, origin);
  });
  return link.id;
}
