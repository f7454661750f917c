/** How a customer reads in lists and titles, and what they spent. */
import { formatMinor } from '../../../shared/money';

/** A customer's name, or what stands for it while a reseller has not given one. */
export function customerName(customer: { name: string; email: string | null }): string {
  return customer.name.trim() || customer.email || 'Name to come';
}

/** "EUR 1,200.00 · USD 80.00", or "Nothing yet". */
export function spentText(spent: { currency: string; amountMinor: number }[]): string {
  return spent.length === 0 ? 'Nothing yet' : spent.map((amount) => formatMinor(amount.amountMinor, amount.currency)).join(' · ');
}

export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'German' };
