/** How the day of the tour reads on screen, shared by the day sheet and check-in. */
import type { DaySheetDeparture } from '../../../shared/contract/operations';
import { t } from '../../i18n';

/** "3 adults, 1 child, 1 infant". */
export function travellerCounts(counts: DaySheetDeparture['travellers']): string {
  const parts = [
    [counts.ADULT, 'bookings.adults'],
    [counts.CHILD, 'bookings.children'],
    [counts.INFANT, 'bookings.infants'],
  ] as const;
  const text = parts.filter(([count]) => count > 0).map(([count, key]) => t(key, { smart_count: count }));
  return text.length > 0 ? text.join(', ') : t('day_sheet.nobody_booked');
}
