/**
 * Erase a customer (the right to be forgotten): in one transaction, the people on their bookings
 * (the bookings domain), what the audit log recorded of them, the addresses and subjects of the
 * messages sent to them (the messages domain), and the customer's own details (the
 * customers domain). Refused while they hold or have confirmed a booking whose departure has not
 * started: those are cancelled first. Money, counts, references and statuses stay, so every report
 * reads the same before and after.
 */
import { ERASED_NAME, type Customer } from '../../shared/contract/customers.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import { httpErrors } from '../http/errors.js';
import type { FlowContext } from './context.js';

export async function eraseCustomer(ctx: FlowContext, id: string, reason: string, origin: RequestOrigin): Promise<Customer> {
  return ctx.db.transaction().execute(async (trx) => {
    // Bookings' rows first, then the customer's: the order every change of a booking takes them in.
    const bookings = await ctx.bookings.lockOfCustomer(trx, id);
    await ctx.customers.lockForErasure(trx, id);
    const at = new Date(ctx.now());
    const coming = bookings.filter(
      (booking) => booking.starts_at > at && (booking.status === 'confirmed' || (booking.status === 'held' && booking.hold_expires_at !== null && booking.hold_expires_at > at)),
    );
    if (coming.length > 0) {
      const references = coming.map((booking) => booking.reference).sort();
      throw httpErrors.conflict(
        references.length === 1
          ? `This customer still has a booking to come (${references[0]}): cancel it first.`
          : `This customer still has bookings to come (${references.join(', ')}): cancel them first.`,
      );
    }
    const ids = bookings.map((booking) => booking.id);
    await ctx.bookings.erasePeople(trx, ids, { contact: ERASED_NAME, firstName: 'Erased', lastName: 'traveller' });
    await ctx.audit.forgetValues(trx, 'booking', ids);
    await ctx.messages.forget(trx, ids);
    return ctx.customers.erase(trx, id, reason.trim(), ids.length, origin);
  });
}
