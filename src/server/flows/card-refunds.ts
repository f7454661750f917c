/**
 * A card refund's outcome, recorded once: Stripe's answer to the asking and its `refund.*` events
 * both come here. The payments domain claims the refund's new state (once: a second answer or a
 * copy of the event finds it settled), and a refund that succeeded is recorded on the booking in
 * the same transaction, as money that left (never refused by the balance rules). A refund that
 * failed stays owed to the customer, in the booking's history for staff.
 */
import type { RequestOrigin } from '../audit/audit-log.js';
import type { RefundClaim } from '../payments/refunds.js';
import type { RefundState } from '../payments/stripe.js';
import type { FlowContext } from './context.js';

export async function settleCardRefund(ctx: FlowContext, state: RefundState, origin: RequestOrigin): Promise<RefundClaim | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const claim = await ctx.cardRefunds.claim(trx, state);
    if (!claim) return null;
    if (claim.now === 'succeeded') {
      const refund = await ctx.bookings.recordPaymentIn(trx, claim.bookingId, { kind: 'refund', method: 'card', amountMinor: claim.amountMinor, reference: claim.stripeRefundId }, origin, { arrived: true });
      await ctx.cardRefunds.noteRecorded(trx, claim.id, refund.id);
    } else if (claim.now === 'failed') {
      await ctx.cardRefunds.noteFailed(trx, claim, origin);
    }
    return claim;
  });
}

/**
 * Asks Stripe for each refund (written by a transaction that has committed) and records what it
 * answers. A refund Stripe did not answer stays asked, for the next round (sendDue); its asking
 * again is the same refund. Answers how many were asked and did not answer.
 */
export async function sendCardRefunds(ctx: FlowContext, ids: readonly string[], origin: RequestOrigin, log: (error: unknown, id: string) => void): Promise<number> {
  let unanswered = 0;
  for (const id of ids) {
    try {
      const state = await ctx.cardRefunds.send(id);
      if (state) await settleCardRefund(ctx, state, origin);
    } catch (error) {
      unanswered += 1;
      log(error, id);
    }
  }
  return unanswered;
}
