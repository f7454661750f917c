/**
 * A booking's payment schedule and cancellation terms, from its tour's terms: the deposit and the
 * fee the cancellation terms propose. (The day a balance is due is kept by the database on each
 * booking: bookings migration 0020.) The server answers them with every booking; the booking page
 * and the cancel dialog show them.
 */
import type { CancellationFee } from './contract/tours.js';
import { daysBetween, localDateAt } from './local-time.js';

/** The deposit of a total: `percent` of it rounded to the minor unit; no percent: the whole total at booking. */
export function depositOf(totalMinor: number, depositPercent: number | null): number {
  return depositPercent === null ? totalMinor : Math.round((totalMinor * depositPercent) / 100);
}

/** The latest calendar date anywhere at `at` (zones run to UTC+14): no balance is overdue by a later one. */
export function latestToday(at: Date): string {
  return new Date(at.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The fee the cancellation terms propose `days` before the departure: the tier with the most days
 * not above `days` (none: no fee), as a share of the total, never above what was paid.
 */
export function cancellationQuote(terms: readonly CancellationFee[], days: number, totalMinor: number, paidMinor: number): { feeMinor: number; refundDueMinor: number; daysBefore: number; percent: number } {
  const tier = [...terms].sort((a, b) => b.daysBefore - a.daysBefore).find((candidate) => candidate.daysBefore <= Math.max(0, days));
  const percent = tier?.percent ?? 0;
  const feeMinor = Math.min(Math.max(0, paidMinor), Math.round((totalMinor * percent) / 100));
  return { feeMinor, refundDueMinor: Math.max(0, paidMinor) - feeMinor, daysBefore: days, percent };
}

/** The quote for cancelling a booking at `at`: its whole days left to the start, counted in its tour's zone. */
export function cancellationQuoteAt(
  terms: readonly CancellationFee[],
  booking: { startDate: string; timeZone: string; totalMinor: number; paidMinor: number },
  at: Date,
): ReturnType<typeof cancellationQuote> {
  // Whole days left: daysBetween counts both ends.
  const daysLeft = daysBetween(localDateAt(at, booking.timeZone), booking.startDate) - 1;
  return cancellationQuote(terms, daysLeft, booking.totalMinor, booking.paidMinor);
}
