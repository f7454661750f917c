/** The booking's payments and refunds: a table on a wide screen, a list on a phone. */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { type Booking, type Payment } from '../../../../shared/contract/bookings';
import { formatDateTime } from '../../../dates';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { RecordLines, SidewaysScroll, useIsSmallScreen } from '../../common/narrow-screens';
import { LoadFailure } from '../../common/LoadError';
import { METHOD_LABELS, money } from '../booking-text';

export function Payments({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const payments = useQuery({
    // Under 'bookings': every change of a booking (and the page's refresh) refetches it.
    queryKey: ['bookings', 'payments', booking.id],
    queryFn: ({ signal }) => dataProvider.call<{ data: Payment[] }>(`bookings/${encodeURIComponent(booking.id)}/payments`, { signal }),
  });
  const small = useIsSmallScreen();
  const translate = useTranslate();
  if (payments.error) return <LoadFailure error={payments.error} onRetry={() => payments.refetch()} what={translate('bookings.payments.the_payments')} />;
  if (!payments.data) return <Typography color="text.secondary">{translate('bookings.payments.loading')}</Typography>;
  if (payments.data.data.length === 0) return <Typography color="text.secondary">{translate('bookings.payments.nothing_paid')}</Typography>;
  const received = (payment: Payment) => formatDateTime(payment.receivedAt);
  const kind = (payment: Payment) => translate(payment.kind === 'payment' ? 'bookings.payments.payment' : 'bookings.payments.refund');
  const amount = (payment: Payment) => (payment.kind === 'refund' ? `−${money(booking, payment.amountMinor)}` : money(booking, payment.amountMinor));
  if (small) {
    // Phones: each payment on two lines (what and how much; when, how and by whom), not a table whose amounts are off the screen.
    return (
      <RecordLines label={translate('bookings.payments.title')} records={payments.data.data}>
        {(payment) => (
          <>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <strong>{kind(payment)}</strong>
              <span style={{ whiteSpace: 'nowrap' }}>{amount(payment)}</span>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {[received(payment), METHOD_LABELS[payment.method], payment.reference || null, payment.recordedByName ? translate('bookings.payments.by', { name: payment.recordedByName }) : null].filter(Boolean).join(' · ')}
            </Typography>
          </>
        )}
      </RecordLines>
    );
  }
  return (
    <SidewaysScroll label={translate('bookings.payments.title_scroll')}>
      <Table size="small" aria-label={translate('bookings.payments.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('bookings.payments.received')}</TableCell>
            <TableCell>{translate('bookings.payments.kind')}</TableCell>
            <TableCell>{translate('bookings.payments.method')}</TableCell>
            <TableCell>{translate('bookings.payments.reference')}</TableCell>
            <TableCell>{translate('bookings.payments.recorded_by')}</TableCell>
            <TableCell align="right">{translate('bookings.payments.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.data.data.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell>{received(payment)}</TableCell>
              <TableCell>{kind(payment)}</TableCell>
              <TableCell>{METHOD_LABELS[payment.method]}</TableCell>
              <TableCell>{payment.reference || '—'}</TableCell>
              <TableCell>{payment.recordedByName ?? '—'}</TableCell>
              <TableCell align="right">{amount(payment)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}
