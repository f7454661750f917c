/** Merge two customers: the other's bookings move to this one (the bookings domain's change), then the customers domain keeps one. */
import type { Customer } from '../../shared/contract/customers.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { FlowContext } from './context.js';

export async function mergeCustomers(ctx: FlowContext, id: string, otherId: string, origin: RequestOrigin): Promise<Customer> {
  return ctx.db.transaction().execute(async (trx) => {
    const other = await ctx.customers.checkMerge(trx, id, otherId);
    // Bookings' rows before customers' rows, as every booking's change takes them (its triggers
    // count the customer after writing the booking), so a merge never waits on a booking in a circle.
    await ctx.bookings.moveToCustomer(trx, otherId, id);
    return ctx.customers.absorb(trx, id, other, origin);
  });
}
