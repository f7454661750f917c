/**
 * A customer goes to pay their cart: the payments domain makes the Checkout Session (asked before
 * any transaction, so no lock waits on Stripe), then one statement keeps its link, makes the hold
 * last as long as the page (when asked to) and notes the cart's checkout, each with its line in the
 * history. The same amount asked again, while its page is still payable, answers the same page:
 * two tabs cannot pay twice.
 */
import { sql } from 'kysely';
import type { Booking } from '../../shared/contract/bookings.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { SessionOptions } from '../payments/service.js';
import type { FlowContext } from './context.js';

export interface CartCheckout {
  id: string;
  /** Whether the cart went to pay before: only then can a payable page of it exist already. */
  checkedOutBefore: boolean;
  /** The hold made to last at least until then (Stripe's shortest page outlives a short hold). */
  holdUntil: Date | null;
}

export async function checkoutCart(ctx: FlowContext, booking: Booking, cart: CartCheckout, amountMinor: number, session: SessionOptions, origin: RequestOrigin): Promise<string> {
  if (cart.checkedOutBefore) {
    const open = await ctx.paymentLinks.openFor(booking.id, amountMinor, session.expiresAt);
    if (open) return open.url;
  }
  const link = await ctx.paymentLinks.prepare(booking, { amountMinor, email: false }, session);
  const at = new Date(ctx.now());
  const stored = ctx.paymentLinks.storeQuery(ctx.db, booking, link, null, origin);
  // A hold that lapsed while Stripe made the page is not brought back: a payment on it is a late one.
  const held = cart.holdUntil && ctx.bookings.holdExtendedQuery(ctx.db, booking, cart.holdUntil, at, origin);
  await sql`
    with stored as (${stored.inserted}),
    stored_noted as (${ctx.audit.insertedWith([stored.entry], sql`from stored`)}),
    ${held ? sql`held as (${held.extended}), held_noted as (${ctx.audit.insertedWith([held.entry], sql`from held`)}),` : sql``}
    checked_out as (${ctx.carts.checkoutQuery(ctx.db, cart.id, at)})
    select 1`.execute(ctx.db);
  return link.session.url;
}
