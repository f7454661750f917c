/**
 * A card payment Stripe reports: the payments domain claims the link the Checkout Session was made
 * for (once: a repeated or concurrent event finds it paid and does nothing), the bookings domain
 * records the money on the booking, then the link notes its payment, all in one transaction; a
 * shop cart's booking is confirmed in it too (paid-cart.ts). The receipt is queued by the
 * payment's own row (the messages domain's trigger).
 */
import type { Payment } from '../../shared/contract/bookings.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { lockDepartureRowOf } from '../departures/seats.js';
import type { CompletedCheckout } from '../payments/stripe.js';
import type { FlowContext } from './context.js';
import { confirmPaidCart } from './paid-cart.js';

export async function recordCardPayment(ctx: FlowContext, checkout: CompletedCheckout, origin: RequestOrigin): Promise<Payment | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const link = await ctx.paymentLinks.claim(trx, checkout);
    if (!link) return null;
    // A shop cart's payment confirms its booking: the departure's row is locked before the
    // booking's, as every change of seats locks them.
    const cart = await ctx.carts.ofBooking(trx, link.bookingId);
    if (cart) await lockDepartureRowOf(trx, ctx.bookings.departureIdOf(link.bookingId));
    const amountMinor = checkout.amountMinor ?? link.amountMinor;
    const payment = await ctx.bookings.recordPaymentIn(trx, link.bookingId, { kind: 'payment', method: 'card', amountMinor, reference: checkout.paymentIntent || checkout.sessionId }, origin, { arrived: true });
    await ctx.paymentLinks.settle(trx, link, payment.id, amountMinor, checkout.paymentIntent, origin);
    if (cart) await confirmPaidCart(ctx, trx, cart.id, link.bookingId, origin);
    return payment;
  });
}
