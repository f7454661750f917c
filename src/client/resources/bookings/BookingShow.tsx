/**
 * A booking's page: reference and standing, the departure in its zone, the lead contact, the
 * travellers and extras with the prices they were sold at, the money (total, paid, balance in
 * the booking's currency), its payments and refunds, and its history from the audit log. The
 * actions each user may take: confirm, amend, cancel with a fee, record a payment or a refund,
 * download the voucher. Each action says what the server answered; a refused one changes nothing.
 * Each part is a file of show/.
 */
import { useParams } from 'react-router';
import { Show, useTranslate } from 'react-admin';
import { bookingKey } from '../../../shared/contract/bookings';
import { ShowLoadError } from '../common/LoadError';
import { BookingByReference } from './show/BookingByReference';
import { BookingDetails } from './show/BookingDetails';
import { BookingTitle } from './show/BookingTitle';
import { ShowActions } from './show/ShowActions';

export function BookingShow() {
  const translate = useTranslate();
  const { id } = useParams();
  const key = id === undefined ? null : bookingKey(id);
  if (key !== null && 'reference' in key) return <BookingByReference reference={key.reference} />;
  return (
    <Show title={<BookingTitle />} actions={<ShowActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<ShowLoadError what={translate('bookings.page.this_booking')} />}>
      <BookingDetails />
    </Show>
  );
}
