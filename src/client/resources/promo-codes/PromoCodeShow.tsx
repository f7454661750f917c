/**
 * A promo code's page: what it gives, where and when it holds, its uses, what it has given away per
 * currency, and the bookings made with it (cancelled and expired ones too: they hold no use).
 */
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { EditButton, Show, TopToolbar, useCanAccess, useDataProvider, useGetMany, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { PromoCode } from '../../../shared/contract/promo-codes';
import type { Tour } from '../../../shared/contract/tours';
import { formatMinor } from '../../../shared/money';
import type { BookingStatus } from '../../../shared/contract/bookings';
import { formatCalendarDate } from '../../dates';
import { intlLocale } from '../../i18n/language';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { BOOKING_STATUS_LABELS } from '../bookings/booking-text';
import { Section } from '../bookings/show/Section';
import { ActiveChip, FORM_WIDTH, useIsSmallScreen } from '../common/fields';
import { LoadFailure, ShowLoadError } from '../common/LoadError';
import { RecordLines, SidewaysScroll } from '../common/narrow-screens';
import { usePromoWords } from './promo-code-words';

interface CodeBooking {
  id: string;
  reference: string;
  status: BookingStatus;
  channel: string;
  tourCode: string;
  startDate: string;
  contactName: string;
  currency: string;
  totalMinor: number;
  promoDiscountMinor: number;
  createdAt: string;
}

function Tours({ code }: { code: PromoCode }) {
  const words = usePromoWords();
  const tours = useGetMany<Tour>('tours', { ids: code.tourIds ?? [] }, { enabled: code.tourIds !== null && code.tourIds.length > 0 });
  if (code.tourIds === null) return <Typography>{words.everyTour}</Typography>;
  if (tours.error) return <Typography color="error">{words.toursCount(code.tourIds.length)}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {(tours.data ?? []).map((tour) => (
        <li key={tour.id}>
          <RouterLink to={`/tours/${encodeURIComponent(tour.id)}/show`}>{tour.code}</RouterLink> · {tour.title}
        </li>
      ))}
    </Box>
  );
}

function Bookings({ code }: { code: PromoCode }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const words = usePromoWords();
  const small = useIsSmallScreen();
  const locale = intlLocale();
  const bookings = useQuery({
    queryKey: ['promo-codes', 'bookings', code.id],
    refetchOnMount: 'always',
    queryFn: ({ signal }) => dataProvider.call<{ data: CodeBooking[]; total: number }>(`promo-codes/${encodeURIComponent(code.id)}/bookings?pageSize=50`, { signal }),
  });
  if (bookings.error) return <LoadFailure error={bookings.error} what={words.theBookings} onRetry={() => bookings.refetch()} />;
  if (!bookings.data) return null;
  if (bookings.data.data.length === 0) return <Typography color="text.secondary">{words.noBookings}</Typography>;
  const rows = bookings.data.data;
  const link = (booking: CodeBooking) => <RouterLink to={`/bookings/${encodeURIComponent(booking.id)}/show`}>{booking.reference}</RouterLink>;
  if (small) {
    return (
      <RecordLines label={words.bookings} records={rows}>
        {(booking) => (
          <>
            <Typography>
              {link(booking)} · {booking.tourCode} · {formatCalendarDate(booking.startDate)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[booking.contactName, formatMinor(booking.totalMinor, booking.currency, locale)].filter(Boolean).join(' · ')} · {words.codeGave} {formatMinor(booking.promoDiscountMinor, booking.currency, locale)} · {BOOKING_STATUS_LABELS[booking.status]}
            </Typography>
          </>
        )}
      </RecordLines>
    );
  }
  return (
    <SidewaysScroll label={words.bookings}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{words.reference}</TableCell>
            <TableCell>{words.tour}</TableCell>
            <TableCell>{words.date}</TableCell>
            <TableCell>{words.customer}</TableCell>
            <TableCell>{words.bookingStatus}</TableCell>
            <TableCell align="right">{words.total}</TableCell>
            <TableCell align="right">{words.codeGave}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((booking) => (
            <TableRow key={booking.id}>
              <TableCell>{link(booking)}</TableCell>
              <TableCell>{booking.tourCode}</TableCell>
              <TableCell>{formatCalendarDate(booking.startDate)}</TableCell>
              <TableCell>{booking.contactName}</TableCell>
              <TableCell>{BOOKING_STATUS_LABELS[booking.status]}</TableCell>
              <TableCell align="right">{formatMinor(booking.totalMinor, booking.currency, locale)}</TableCell>
              <TableCell align="right">{formatMinor(booking.promoDiscountMinor, booking.currency, locale)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}

function PromoDetails() {
  const code = useRecordContext<PromoCode>();
  const words = usePromoWords();
  const locale = intlLocale();
  if (!code) return null;
  const line = (label: string, value: string) => (
    <Typography>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {value}
    </Typography>
  );
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5" sx={{ fontFamily: 'monospace' }}>
          {code.code}
        </Typography>
        <ActiveChip active={code.active} />
      </Stack>
      <Typography sx={{ mt: 1 }}>{words.offer(code, locale)}</Typography>
      <Box sx={{ mt: 2, display: 'grid', gap: 0.5 }}>
        {line(words.booked, words.range(code.bookingFrom, code.bookingTo))}
        {line(words.travel, words.range(code.travelFrom, code.travelTo))}
        {code.minTravellers !== null && line(words.minTravellers, String(code.minTravellers))}
        {line(words.uses, words.usesText(code.uses, code.maxUses))}
        {line(words.channels, code.channels.map((channel) => words.channelNames[channel]).join(', '))}
        {line(words.given, code.given.length === 0 ? words.nothingGiven : code.given.map((given) => formatMinor(given.amountMinor, given.currency, locale)).join(', '))}
      </Box>
      <Section title={words.tours}>
        <Tours code={code} />
      </Section>
      <Section title={words.bookings}>
        <Bookings code={code} />
      </Section>
    </Box>
  );
}

function ShowActions() {
  const { canAccess } = useCanAccess({ resource: 'promo-codes', action: 'edit' });
  return <TopToolbar>{canAccess === true && <EditButton />}</TopToolbar>;
}

export function PromoCodeShow() {
  const words = usePromoWords();
  return (
    // Its uses change with every booking made elsewhere: read again whenever the page opens.
    <Show sx={FORM_WIDTH} title={words.list} actions={<ShowActions />} queryOptions={{ onError: () => undefined, refetchOnMount: 'always' }} redirectOnError={false} error={<ShowLoadError what={words.list} />}>
      <PromoDetails />
    </Show>
  );
}
