/** How tours read on screen: status names, the "from" price, durations. */
import type { Tour, TourStatus } from '../../../shared/contract/tours';
import { formatMinor } from '../../../shared/money';

export const STATUS_LABELS: Record<TourStatus, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };
// Draft is plain grey, not the warning colour: white on orange is below the contrast a label needs.
export const STATUS_COLOURS: Record<TourStatus, 'default' | 'success'> = { draft: 'default', published: 'success', archived: 'default' };

/**
 * The lead price as brochures quote it: per adult, in the tour's currency ("from €1,299.00"); a
 * child's price only for a tour sold to children alone. Null when nothing is priced.
 */
export function fromPrice(tour: Pick<Tour, 'prices' | 'currency'>): string | null {
  const lead = tour.prices.ADULT ?? tour.prices.CHILD;
  return lead === null ? null : `from ${formatMinor(lead, tour.currency)}`;
}

export function days(count: number): string {
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}

/** The next departure's local date in the tour's zone ("Thu, 3 Dec 2026"); null when none is scheduled. */
export function nextDepartureText(tour: Pick<Tour, 'nextDepartureAt' | 'timeZone'>): string | null {
  if (!tour.nextDepartureAt) return null;
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: tour.timeZone }).format(new Date(tour.nextDepartureAt));
}
