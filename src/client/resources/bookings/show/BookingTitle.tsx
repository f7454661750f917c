/** The page title: the booking's reference. */
import { useRecordContext, useTranslate } from 'react-admin';
import type { Booking } from '../../../../shared/contract/bookings';

export function BookingTitle() {
  const booking = useRecordContext<Booking>();
  const translate = useTranslate();
  return <span>{booking ? translate('bookings.page.title', { reference: booking.reference }) : translate('bookings.page.booking')}</span>;
}
