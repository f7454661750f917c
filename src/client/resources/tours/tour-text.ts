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
