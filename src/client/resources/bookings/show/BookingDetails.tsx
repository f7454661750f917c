/** The body of a booking's page: standing, departure, contact, travellers and extras, money, payments and history, with the actions each user may take. */
import { Alert, Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link, useCanAccess, useRecordContext } from 'react-admin';
import type { Booking } from '../../../../shared/contract/bookings';
import { formatCalendarDate, formatDate, formatDateTime } from '../../../dates';
import { useSeesMoney } from '../../common/sees-money';
import { BookingStatusChips } from '../BookingList';
import { bookingWhen, CATEGORY_LABELS, CHANNEL_LABELS, holdText, leadText, money, resellerText, travellerName, travellersText } from '../booking-text';
import { Payments } from './Payments';
import { Section } from './Section';
import { Timeline } from './Timeline';
import { Messages } from './Messages';
import { PaymentLinks } from './PaymentLinks';
import { useRuntimeConfig } from '../../../auth/RuntimeConfig';

export function BookingDetails() {
  const booking = useRecordContext<Booking>();
  const { cardPayments } = useRuntimeConfig();
  // A role that sees no money (a guide's) gets the booking without it: who travels and who came, no amounts.
  const seesMoney = useSeesMoney();
  const lines = useMemo(() => {
    if (!booking) return [];
    return [
      ...booking.travellers.map((traveller) => ({
        key: traveller.id,
        label: travellerName(traveller),
        detail: `${CATEGORY_LABELS[traveller.category]}${traveller.dateOfBirth ? `, born ${traveller.dateOfBirth}` : ''}${traveller.notes ? ` · ${traveller.notes}` : ''}${traveller.resellerUnitReference ? ` · reseller's ticket ${traveller.resellerUnitReference}` : ''}${traveller.checkedInAt ? ` · checked in ${formatDateTime(traveller.checkedInAt, booking.timeZone)}` : traveller.noShow ? ' · did not come' : ''}`,
        amount: traveller.unitPriceMinor,
      })),
      ...booking.extras.map((extra) => ({
        key: extra.componentId,
        label: extra.name,
        detail: extra.unitPriceMinor === undefined ? `Extra × ${extra.quantity}` : `Extra × ${extra.quantity} at ${money(booking, extra.unitPriceMinor)}`,
        amount: extra.quantity * extra.unitPriceMinor,
      })),
      ...(booking.singleRooms > 0
        ? [{ key: 'single', label: 'Single rooms', detail: `× ${booking.singleRooms} at ${money(booking, booking.singleSupplementMinor)}`, amount: booking.singleRooms * booking.singleSupplementMinor }]
        : []),
    ];
  }, [booking]);
  if (!booking) return null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5" sx={{ fontFamily: 'monospace', letterSpacing: 2 }}>
          {booking.reference}
        </Typography>
        <BookingStatusChips />
        <Chip size="small" variant="outlined" label={CHANNEL_LABELS[booking.channel]} />
      </Stack>
      {booking.channel === 'reseller' && (
        <Typography sx={{ mt: 1 }}>
          Sold by {booking.resellerId ? <Link to={`/resellers/${booking.resellerId}/show`}>{resellerText(booking)}</Link> : resellerText(booking)}
          {seesMoney && booking.netMinor !== null && ` · it owes ${money(booking, booking.netMinor)}${booking.resellerCommissionPercent !== null ? ` (commission ${booking.resellerCommissionPercent} %)` : ''}`}
        </Typography>
      )}
      <Typography sx={{ mt: 1 }}>
        <Link to={`/departures/${booking.departureId}/show`}>{bookingWhen(booking)}</Link> ·{' '}
        <Link to={`/tours/${booking.tourId}/show`}>
          {booking.tourCode} · {booking.tourTitle}
        </Link>
      </Typography>
      {booking.status === 'held' && <Alert severity="warning" sx={{ mt: 2 }}>Seats {holdText(booking)}. Confirm it before then, or the seats are freed.</Alert>}
      {booking.status === 'waitlisted' && <Alert severity="info" sx={{ mt: 2 }}>On the waitlist: it takes no seat until it is confirmed, which needs {booking.seats === 1 ? 'a free seat' : `${booking.seats} free seats`}.</Alert>}
      {booking.status === 'expired' && <Alert severity="info" sx={{ mt: 2 }}>The hold expired and the seats were freed. Make a new booking to sell them again.</Alert>}
      {booking.cancellation && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Cancelled on {formatDate(booking.cancellation.at)}: {booking.cancellation.reason}
          {booking.cancellation.feeMinor > 0 ? ` · fee kept ${money(booking, booking.cancellation.feeMinor)}` : ''}
        </Alert>
      )}

      <Section title="Lead contact">
        <Typography>
          {leadText(booking)}
          {booking.contact.email && (
            <>
              {' · '}
              <a href={`mailto:${booking.contact.email}`}>{booking.contact.email}</a>
            </>
          )}
          {booking.contact.phone ? ` · ${booking.contact.phone}` : ''}
        </Typography>
        {booking.notes && <Typography color="text.secondary">Notes: {booking.notes}</Typography>}
        {booking.customerId && <CustomerLink customerId={booking.customerId} />}
      </Section>

      <Section title={`Travellers: ${travellersText(booking.travellers)}`}>
        <Paper variant="outlined" sx={{ overflowX: 'auto', contain: 'inline-size' }} tabIndex={0} role="region" aria-label="What was sold (scrolls sideways)">
          <Table size="small" aria-label="What was sold">
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.key}>
                  <TableCell>
                    <strong>{line.label}</strong>
                    <Typography variant="body2" color="text.secondary">
                      {line.detail}
                    </Typography>
                  </TableCell>
                  {seesMoney && <TableCell align="right">{money(booking, line.amount)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
            {seesMoney && (
              <TableBody>
                <TableRow>
                  <TableCell>
                    <strong>Total</strong>
                  </TableCell>
                  <TableCell align="right">
                    <strong>{money(booking, booking.totalMinor)}</strong>
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell>Paid{booking.refundedMinor > 0 ? ` (after ${money(booking, booking.refundedMinor)} refunded)` : ''}</TableCell>
                  <TableCell align="right">{money(booking, booking.paidMinor)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell>
                    <strong>{booking.balanceMinor < 0 ? 'Refund due' : 'Balance'}</strong>
                  </TableCell>
                  <TableCell align="right">
                    <strong>{booking.balanceMinor === 0 ? 'Settled' : money(booking, Math.abs(booking.balanceMinor))}</strong>
                  </TableCell>
                </TableRow>
                {booking.depositMinor < booking.totalMinor && booking.balanceMinor > 0 && (
                  <TableRow>
                    <TableCell>Deposit at booking</TableCell>
                    <TableCell align="right">{money(booking, booking.depositMinor)}</TableCell>
                  </TableRow>
                )}
                {booking.balanceMinor > 0 && (booking.status === 'confirmed' || booking.status === 'held') && (
                  <TableRow>
                    <TableCell>Balance due by</TableCell>
                    <TableCell align="right" sx={booking.overdue ? { color: 'error.main', fontWeight: 700 } : undefined}>
                      {formatCalendarDate(booking.balanceDueDate)}
                      {booking.overdue ? ' · overdue' : ''}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            )}
          </Table>
        </Paper>
        {seesMoney && (
          <Typography variant="caption" color="text.secondary">
            Prices as sold on {formatDate(booking.createdAt)}; a later price change does not alter them.
          </Typography>
        )}
      </Section>

      {seesMoney && (
        <>
          <Section title="Payments and refunds">
            <Payments booking={booking} />
          </Section>

          {cardPayments && (
            <Section title="Card payment links">
              <PaymentLinks booking={booking} />
            </Section>
          )}

          <Section title="Messages to the customer">
            <Messages booking={booking} />
          </Section>

          <Section title="History">
            <Timeline booking={booking} />
          </Section>
        </>
      )}
    </Box>
  );
}

/** The customer the booking belongs to, for those who may see customers. */
function CustomerLink({ customerId }: { customerId: string }) {
  const { canAccess } = useCanAccess({ resource: 'customers', action: 'show' });
  if (canAccess !== true) return null;
  return (
    <Typography variant="body2">
      <Link to={`/customers/${encodeURIComponent(customerId)}/show`}>The customer’s page: their other bookings and what they spent</Link>
    </Typography>
  );
}
