/** How the day of the tour reads on screen, shared by the day sheet and check-in. */
import type { DaySheetDeparture } from '../../../shared/contract/operations';

/** "3 adults, 1 child, 1 infant". */
export function travellerCounts(counts: DaySheetDeparture['travellers']): string {
  const parts = [
    [counts.ADULT, 'adult', 'adults'],
    [counts.CHILD, 'child', 'children'],
    [counts.INFANT, 'infant', 'infants'],
  ] as const;
  const text = parts.filter(([count]) => count > 0).map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
  return text.length > 0 ? text.join(', ') : 'Nobody booked';
}
