/**
 * A customer goes to pay their cart: the payments domain makes the Checkout Session (asked before
 * any transaction, so no lock waits on Stripe), then one transaction keeps its link and notes the
 * cart's checkout. The same amount asked again, while its page is still payable, answers the same
 * page: two tabs cannot pay twice.
 */
import type { Booking } from '../../shared/contract/bookings.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { SessionOptions } from '../payments/service.js';
import type { FlowContext } from './context.js';

export async function checkoutCart(ctx: FlowContext, booking: Booking, cartId: string, amountMinor: number, session: SessionOptions, origin: RequestOrigin): Promise<string> {
  const open = await ctx.paymentLinks.openFor(booking.id, amountMinor, session.expiresAt);
  if (open) return open.url;
  const link = await ctx.paymentLinks.prepare(booking, { amountMinor, email: false }, session);
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.paymentLinks.store(trx, booking, link, null, origin);
    await ctx.carts.markCheckout(trx, cartId, new Date(ctx.now()));
  });
  return link.session.url;
}
