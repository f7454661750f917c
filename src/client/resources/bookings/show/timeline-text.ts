/** How a booking's history reads: a label for each action and the line of details under it. */
import { BOOKING_STATUSES, type Booking, type BookingStatus, type TimelineEntry } from '../../../../shared/contract/bookings';
import { t } from '../../../i18n';
import { AUDIT_ACTION_LABELS } from '../../../../shared/types';
import { amendmentLines, BOOKING_STATUS_LABELS, METHOD_LABELS, money } from '../booking-text';
import { inSentence } from '../../../i18n/language';
import { localDate } from '../../departures/departure-text';

/** The actions the booking's history names in its own words (bookings.timeline.action.<action with _ for .>). */
const TIMELINE_ACTIONS = ['booking.created', 'booking.confirmed', 'booking.cancelled', 'booking.expired', 'booking.updated', 'payment.recorded', 'refund.recorded', 'payment_link.created', 'payment_link.paid'];

/** An action's words in the history: the booking's own, else the audit log's, else its name. */
export function timelineLabel(action: string): string {
  if (TIMELINE_ACTIONS.includes(action)) return t(`bookings.timeline.action.${action.replace('.', '_')}`);
  return action in AUDIT_ACTION_LABELS ? t(`audit_actions.${action}`) : action;
}

export function timelineDetail(entry: TimelineEntry, booking: Booking): string {
  const details = entry.details ?? {};
  const amount = typeof details.amountMinor === 'number' ? money(booking, details.amountMinor) : null;
  switch (entry.action) {
    case 'booking.created':
      return t('bookings.timeline.created', {
        status: (BOOKING_STATUSES as readonly string[]).includes(String(details.status)) ? inSentence(BOOKING_STATUS_LABELS[details.status as BookingStatus]) : String(details.status ?? ''),
        seats: t('bookings.timeline.seats', { smart_count: Number(details.seats ?? 0) }),
        total: typeof details.totalMinor === 'number' ? money(booking, details.totalMinor) : '',
      });
    case 'booking.cancelled':
      return details.departureCancelled
        ? t('bookings.timeline.with_departure', { reason: String(details.reason ?? '') })
        : `${String(details.reason ?? '')}${typeof details.feeMinor === 'number' && details.feeMinor > 0 ? t('bookings.timeline.fee', { money: money(booking, details.feeMinor) }) : ''}`;
    case 'payment.recorded':
    case 'refund.recorded':
      return t('bookings.timeline.by_method', { amount: amount ?? '', method: String(details.method) in METHOD_LABELS ? METHOD_LABELS[details.method as keyof typeof METHOD_LABELS] : String(details.method ?? '') });
    case 'payment_link.created':
      return `${t('bookings.timeline.link_for', { amount: amount ?? '' })}${details.emailed ? t('bookings.timeline.emailed') : ''}`;
    case 'payment_link.paid':
      return t('bookings.timeline.by_card', { amount: amount ?? '' });
    case 'booking.changed': {
      // Where it went and what it costs now: the e-mail the customer got says the same.
      const moved = details.departure as { before?: unknown; after?: unknown } | undefined;
      const total = details.totalMinor as { before?: unknown; after?: unknown } | undefined;
      return [
        moved && typeof moved.before === 'string' && typeof moved.after === 'string' ? t('bookings.timeline.moved', { from: localDate(moved.before), to: localDate(moved.after) }) : '',
        total && typeof total.before === 'number' && typeof total.after === 'number' && total.before !== total.after ? t('bookings.timeline.repriced', { before: money(booking, total.before), after: money(booking, total.after) }) : '',
      ]
        .filter((part) => part !== '')
        .join('; ');
    }
    case 'card_refund.requested':
    case 'card_refund.failed':
      // How much was asked back to the card, or did not go back: the refund's own line says when it arrived.
      return amount ?? '';
    case 'booking.updated':
      return amendmentLines(details).join('; ');
    case 'booking.cutoff_overridden':
      // Why it was taken after the cut-off, as the one who booked it wrote it.
      return String(details.reason ?? '');
    default:
      return '';
  }
}
