/** How tours read on screen: status names, the "from" price, durations. */
import type { Tour, TourStatus } from '../../../shared/contract/tours';
import { formatMinor } from '../../../shared/money';
import { formatDate } from '../../dates';
import { labelsIn, t } from '../../i18n';
import { intlLocale } from '../../i18n/language';
import { TOUR_STATUSES } from '../../../shared/contract/tour-rules';

export const STATUS_LABELS = labelsIn<TourStatus>('tours.status', TOUR_STATUSES);
// Draft is plain grey, not the warning colour: white on orange is below the contrast a label needs.
export const STATUS_COLOURS: Record<TourStatus, 'default' | 'success'> = { draft: 'default', published: 'success', archived: 'default' };

/**
 * The lead price as brochures quote it: per adult, in the tour's currency ("from €1,299.00"); a
 * child's price only for a tour sold to children alone. Null when nothing is priced.
 */
export function fromPrice(tour: Pick<Tour, 'prices' | 'currency'>): string | null {
  const lead = tour.prices.ADULT ?? tour.prices.CHILD;
  return lead === null ? null : t('tours.from_price', { price: formatMinor(lead, tour.currency) });
}

export function days(count: number): string {
  return t('tours.days', { smart_count: count });
}

/** The next departure's local date in the tour's zone ("Thu, 3 Dec 2026"); null when none is scheduled. */
export function nextDepartureText(tour: Pick<Tour, 'nextDepartureAt' | 'timeZone'>): string | null {
  if (!tour.nextDepartureAt) return null;
  return formatDate(tour.nextDepartureAt, tour.timeZone, { weekday: true });
}

/** A file's size as people read it: "820 bytes", "34 KB", "1.2 MB" (never "0.0 MB"). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return t('tours.bytes', { smart_count: bytes });
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / 1024 / 1024;
  return `${new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: megabytes < 10 ? 1 : 0, minimumFractionDigits: megabytes < 10 ? 1 : 0 }).format(megabytes)} MB`;
}
