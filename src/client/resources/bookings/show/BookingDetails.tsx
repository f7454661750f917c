/** The body of a booking's page: standing, departure, contact, travellers and extras, money, payments and history, with the actions each user may take. */
import { Alert, Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { Booking } from '../../../../shared/contract/bookings';
import { formatCalendarDate, formatDate, formatDateTime } from '../../../dates';
import { dueNowMinor } from '../../../../shared/contract/payment-links';
import { useSeesMoney } from '../../common/sees-money';
import { BookingStatusChips } from '../BookingList';
import { bookingWhen, CATEGORY_LABELS, CHANNEL_LABELS, holdText, leadText, money, resellerText, travellerName, travellersText } from '../booking-text';
import { Payments } from './Payments';
import { Section } from './Section';
import { Timeline } from './Timeline';
import { Messages } from './Messages';
import { PaymentLinks } from './PaymentLinks';
import { useRuntimeConfig } from '../../../auth/RuntimeConfig';
import { usePricingWords } from '../../tours/tour-pricing-words';

export function BookingDetails() {
  const booking = useRecordContext<Booking>();
  const { cardPayments } = useRuntimeConfig();
  // A role that sees no money (a guide's) gets the booking without it: who travels and who came, no amounts.
  const seesMoney = useSeesMoney();
  const translate = useTranslate();
  const pricingWords = usePricingWords();
  const lines = useMemo(() => {
    if (!booking) return [];
    return [
      ...booking.travellers.map((traveller) => ({
        key: traveller.id,
        label: travellerName(traveller),
        detail: [
          CATEGORY_LABELS[traveller.category],
          traveller.dateOfBirth ? translate('bookings.show.born', { date: formatCalendarDate(traveller.dateOfBirth) }) : '',
          traveller.notes ? ` · ${traveller.notes}` : '',
          traveller.resellerUnitReference ? translate('bookings.show.resellers_ticket', { reference: traveller.resellerUnitReference }) : '',
          traveller.checkedInAt ? translate('bookings.show.checked_in', { time: formatDateTime(traveller.checkedInAt, booking.timeZone) }) : traveller.noShow ? translate('bookings.show.did_not_come') : '',
        ].join(''),
        // The list price: the rule and the code are taken off below the lines, so that they add up to the total.
        amount: traveller.listPriceMinor ?? traveller.unitPriceMinor,
      })),
      ...booking.extras.map((extra) => ({
        key: extra.componentId,
        label: extra.name,
        detail: extra.unitPriceMinor === undefined ? translate('bookings.show.extra_times', { quantity: extra.quantity }) : translate('bookings.show.extra_times_at', { quantity: extra.quantity, price: money(booking, extra.unitPriceMinor) }),
        amount: extra.quantity * extra.unitPriceMinor,
      })),
      ...(booking.singleRooms > 0
        ? [{ key: 'single', label: translate('bookings.show.single_rooms'), detail: translate('bookings.show.single_times_at', { count: booking.singleRooms, price: money(booking, booking.singleSupplementMinor) }), amount: booking.singleRooms * booking.singleSupplementMinor }]
        : []),
    ];
  }, [booking, translate]);
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
          {translate('bookings.show.sold_by')} {booking.resellerId ? <Link to={`/resellers/${booking.resellerId}/show`}>{resellerText(booking)}</Link> : resellerText(booking)}
          {seesMoney && booking.netMinor !== null && `${translate('bookings.show.it_owes', { money: money(booking, booking.netMinor) })}${booking.resellerCommissionPercent !== null ? translate('bookings.show.commission', { percent: booking.resellerCommissionPercent }) : ''}`}
        </Typography>
      )}
      <Typography sx={{ mt: 1 }}>
        <Link to={`/departures/${booking.departureId}/show`}>{bookingWhen(booking)}</Link> ·{' '}
        <Link to={`/tours/${booking.tourId}/show`}>
          {booking.tourCode} · {booking.tourTitle}
        </Link>
      </Typography>
      {booking.status === 'held' && <Alert severity="warning" sx={{ mt: 2 }}>{translate('bookings.show.held', { until: holdText(booking) })}</Alert>}
      {booking.status === 'waitlisted' && <Alert severity="info" sx={{ mt: 2 }}>{translate('bookings.show.waitlisted', { seats: translate('bookings.show.free_seats', { smart_count: booking.seats }) })}</Alert>}
      {booking.status === 'expired' && <Alert severity="info" sx={{ mt: 2 }}>{translate('bookings.show.expired')}</Alert>}
      {booking.cancellation && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate('bookings.show.cancelled_on', { date: formatDate(booking.cancellation.at), reason: booking.cancellation.reason })}
          {booking.cancellation.feeMinor > 0 ? translate('bookings.show.fee_kept', { money: money(booking, booking.cancellation.feeMinor) }) : ''}
        </Alert>
      )}

      <Section title={translate('bookings.show.lead_contact')}>
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
        {booking.pickup && <Typography>{translate('bookings.show.pickup', { pickup: booking.pickup })}</Typography>}
        {booking.guideNotes && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{translate('bookings.show.guide_notes', { notes: booking.guideNotes })}</Typography>}
        {booking.notes && <Typography color="text.secondary">{translate('bookings.show.notes', { notes: booking.notes })}</Typography>}
        {booking.customerId && <CustomerLink customerId={booking.customerId} />}
      </Section>

      <Section title={translate('bookings.show.travellers', { travellers: travellersText(booking.travellers) })}>
        <Paper variant="outlined" sx={{ overflowX: 'auto', contain: 'inline-size' }} tabIndex={0} role="region" aria-label={translate('bookings.show.what_was_sold_scroll')}>
          <Table size="small" aria-label={translate('bookings.show.what_was_sold')}>
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
                {booking.pricing?.rule && booking.pricing.discountMinor - booking.pricing.promoDiscountMinor > 0 && (
                  <TableRow>
                    <TableCell>{pricingWords.soldWith(booking.pricing.rule.kind, booking.pricing.rule.percent)}</TableCell>
                    <TableCell align="right">−{money(booking, booking.pricing.discountMinor - booking.pricing.promoDiscountMinor)}</TableCell>
                  </TableRow>
                )}
                {booking.pricing?.promoCode && booking.pricing.promoDiscountMinor > 0 && (
                  <TableRow>
                    <TableCell>{pricingWords.soldWithCode(booking.pricing.promoCode)}</TableCell>
                    <TableCell align="right">−{money(booking, booking.pricing.promoDiscountMinor)}</TableCell>
                  </TableRow>
                )}
                <TableRow>
                  <TableCell>
                    <strong>{translate('bookings.show.total')}</strong>
                  </TableCell>
                  <TableCell align="right">
                    <strong>{money(booking, booking.totalMinor)}</strong>
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell>{booking.refundedMinor > 0 ? translate('bookings.show.paid_after_refund', { money: money(booking, booking.refundedMinor) }) : translate('bookings.show.paid')}</TableCell>
                  <TableCell align="right">{money(booking, booking.paidMinor)}</TableCell>
                </TableRow>
                {/* A reseller's customer paid the reseller: the reseller owes the net, and no deposit or day is asked of the customer. */}
                {booking.resellerId !== null ? (
                  <TableRow>
                    <TableCell>
                      <strong>{translate('bookings.show.reseller_owes', { commission: booking.resellerCommissionPercent ?? 0 })}</strong>
                    </TableCell>
                    <TableCell align="right">
                      <strong>{booking.resellerOwesMinor === null ? '–' : booking.resellerOwesMinor === 0 ? translate('bookings.show.settled') : money(booking, booking.resellerOwesMinor)}</strong>
                    </TableCell>
                  </TableRow>
                ) : (
                  <TableRow>
                    <TableCell>
                      <strong>{translate(booking.balanceMinor < 0 ? 'bookings.show.refund_due' : 'bookings.show.balance')}</strong>
                    </TableCell>
                    <TableCell align="right">
                      <strong>{booking.balanceMinor === 0 ? translate('bookings.show.settled') : money(booking, Math.abs(booking.balanceMinor))}</strong>
                    </TableCell>
                  </TableRow>
                )}
                {booking.resellerId === null && booking.depositMinor < booking.totalMinor && booking.balanceMinor > 0 && (
                  <TableRow>
                    <TableCell>{translate('bookings.show.deposit')}</TableCell>
                    <TableCell align="right">{money(booking, booking.depositMinor)}</TableCell>
                  </TableRow>
                )}
                {/* The deposit's shortfall (nothing paid yet, or a change raised it above what was paid) is due now, before the balance's day. */}
                {booking.resellerId === null && (booking.status === 'confirmed' || booking.status === 'held') && dueNowMinor(booking) > 0 && dueNowMinor(booking) < booking.balanceMinor && (
                  <TableRow>
                    <TableCell>
                      <strong>{translate('bookings.show.due_now')}</strong>
                    </TableCell>
                    <TableCell align="right">
                      <strong>{money(booking, dueNowMinor(booking))}</strong>
                    </TableCell>
                  </TableRow>
                )}
                {booking.resellerId === null && booking.balanceMinor > 0 && (booking.status === 'confirmed' || booking.status === 'held') && (
                  <TableRow>
                    <TableCell>{translate('bookings.show.balance_due_by')}</TableCell>
                    <TableCell align="right" sx={booking.overdue ? { color: 'error.main', fontWeight: 700 } : undefined}>
                      {formatCalendarDate(booking.balanceDueDate)}
                      {booking.overdue ? translate('bookings.show.overdue') : ''}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            )}
          </Table>
        </Paper>
        {seesMoney && (
          <Typography variant="caption" color="text.secondary">
            {translate('bookings.show.prices_as_sold', { date: formatDate(booking.createdAt) })}
          </Typography>
        )}
      </Section>

      {seesMoney && (
        <>
          <Section title={translate('bookings.show.payments')}>
            <Payments booking={booking} />
          </Section>

          {cardPayments && (
            <Section title={translate('bookings.show.payment_links')}>
              <PaymentLinks booking={booking} />
            </Section>
          )}

          <Section title={translate('bookings.show.messages')}>
            <Messages booking={booking} />
          </Section>

          <Section title={translate('bookings.show.history')}>
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
  const translate = useTranslate();
  if (canAccess !== true) return null;
  return (
    <Typography variant="body2">
      <Link to={`/customers/${encodeURIComponent(customerId)}/show`}>{translate('bookings.show.customer_page')}</Link>
    </Typography>
  );
}
