/** The page title: the booking's reference. */
import { useRecordContext } from 'react-admin';
import type { Booking } from '../../../../shared/contract/bookings';

export function BookingTitle() {
  const booking = useRecordContext<Booking>();
  return <span>{booking ? `Booking ${booking.reference}` : 'Booking'}</span>;
}
