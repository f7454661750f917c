/**
 * The morning overview for holders of reports.read: what was
 * sold and collected, what is owed, the departures of the next 14 days and the balances due on
 * them, and bookings by month beside the same months of last year. One summary call answers the
 * cards and the lists; the monthly chart (@mui/x-charts) is a module of its own loaded after the
 * first paint, in a box that keeps its height meanwhile.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Card, CardContent, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { Booking } from '../../../shared/contract/bookings';
import type { ReportSummary, UpcomingDeparture } from '../../../shared/contract/reports';
import { formatMinor } from '../../../shared/money';
import { formatDateTime, formatTime } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { LoadFailure } from '../../resources/common/LoadFailure';
import { PersonName, RecordLines, SidewaysScroll, useIsSmallScreen } from '../../resources/common/narrow-screens';
import { localDate } from '../../resources/departures/departure-text';
import { SeatsBar } from '../../resources/departures/SeatsBar';
import { inSentence, listOf } from '../../i18n/language';
import { businessToday, businessYear } from './business-year';

const MonthlyReportCard = lazy(() => import('./MonthlyReportCard'));
const CHART_CARD_HEIGHT = 430;

/** True once the page has painted and the browser is idle: the chart's module is asked for then, not before. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const frame = requestAnimationFrame(() => {
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(() => setPainted(true), { timeout: 800 }) : window.setTimeout(() => setPainted(true), 50);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout)(idle);
    };
  }, []);
  return painted;
}

export const SUMMARY_QUERY_KEY = ['reports', 'summary'] as const;

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" data-figure sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontSize: { xs: '1.05rem', sm: '1.25rem', lg: '1.4rem' } }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

function KpiCard({ title, children, testId, note }: { title: string; children: ReactNode; testId?: string; note?: ReactNode }) {
  return (
    <Card sx={{ flex: '1 1 260px', minWidth: 0 }} data-testid={testId}>
      <CardContent>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 2 }}>{children}</Box>
        {note && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

const pending = '…';

function KpiCards({ summary, canReadBookings }: { summary: ReportSummary | undefined; canReadBookings: boolean }) {
  const translate = useTranslate();
  const money = summary?.money ?? [];
  const today = summary ? businessToday(summary) : null;
  // The day's bookings in the list, to check the figure against: booked today, in the business's days.
  const todayHref = today ? `/bookings?${new URLSearchParams({ filter: JSON.stringify({ bookedFrom: today, bookedTo: today }), sort: 'createdAt', order: 'DESC' })}` : null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }} component="section" aria-label={translate('overview.key_figures')}>
      <KpiCard
        title={translate('overview.bookings_made')}
        testId="kpi-bookings"
        note={
          <>
            {translate('overview.bookings_note')}
            {canReadBookings && todayHref && (
              <>
                {' '}
                <Link component={RouterLink} to={todayHref}>
                  {translate('overview.see_today')}
                </Link>
              </>
            )}
          </>
        }
      >
        <Figure label={translate('overview.today')} value={summary?.bookings.today ?? pending} />
        <Figure label={translate('overview.last_7_days')} value={summary?.bookings.last7Days ?? pending} />
        <Figure
          label={translate('overview.last_30_days')}
          value={summary?.bookings.last30Days ?? pending}
          hint={summary ? translate('overview.online_30_days', { smart_count: summary.bookings.online.last30Days }) : undefined}
        />
        <Figure label={translate('overview.travellers_30_days')} value={summary?.travellers.last30Days ?? pending} />
      </KpiCard>
      {summary && money.length === 0 && (
        <KpiCard title={translate('overview.money')}>
          <Typography color="text.secondary">{translate('overview.no_money')}</Typography>
        </KpiCard>
      )}
      {!summary && (
        <KpiCard title={translate('overview.money')}>
          <Figure label={translate('overview.booked_30_days')} value={pending} />
          <Figure label={translate('overview.collected_30_days')} value={pending} />
          <Figure label={translate('overview.outstanding_confirmed')} value={pending} />
          <Figure label={translate('overview.outstanding_held')} value={pending} />
          <Figure label={translate('overview.refund_due')} value={pending} />
        </KpiCard>
      )}
      {money.map((row) => (
        <KpiCard key={row.currency} title={translate('overview.money_in', { currency: row.currency })} testId={`kpi-money-${row.currency}`}>
          <Figure label={translate('overview.booked_30_days')} value={formatMinor(row.bookedLast30DaysMinor, row.currency)} />
          <Figure label={translate('overview.collected_30_days')} value={formatMinor(row.collectedLast30DaysMinor, row.currency)} hint={translate('overview.collected_hint')} />
          <Figure label={translate('overview.outstanding_confirmed')} value={formatMinor(row.outstandingConfirmedMinor, row.currency)} hint={translate('overview.outstanding_confirmed_hint')} />
          <Figure label={translate('overview.outstanding_held')} value={formatMinor(row.outstandingHeldMinor, row.currency)} hint={translate('overview.outstanding_held_hint')} />
          <Figure label={translate('overview.refund_due')} value={formatMinor(row.refundDueMinor, row.currency)} hint={translate('overview.refund_due_hint')} />
          {row.owedByResellersMinor > 0 && <Figure label={translate('overview.owed_by_resellers')} value={formatMinor(row.owedByResellersMinor, row.currency)} hint={translate('overview.owed_by_resellers_hint')} />}
          <Given summary={summary!} currency={row.currency} />
        </KpiCard>
      ))}
    </Stack>
  );
}

/** What rules and codes gave in the last 30 days, and what gift cards still hold (money held for customers, not revenue), when there is any. */
function Given({ summary, currency }: { summary: ReportSummary; currency: string }) {
  const translate = useTranslate();
  const discounts = summary.discounts?.find((row) => row.currency === currency);
  const cards = summary.giftCards?.find((row) => row.currency === currency);
  return (
    <>
      {discounts && discounts.amountMinor > 0 && (
        <Figure label={translate('overview.discounts_30_days')} value={formatMinor(discounts.amountMinor, currency)} hint={translate('overview.discounts_hint', { codes: formatMinor(discounts.promoCodesMinor, currency) })} />
      )}
      {cards && cards.outstandingMinor > 0 && <Figure label={translate('overview.gift_cards_held')} value={formatMinor(cards.outstandingMinor, currency)} hint={translate('overview.gift_cards_hint')} />}
    </>
  );
}

function when(startsAt: string, timeZone: string): string {
  return formatDateTime(startsAt, timeZone, { weekday: true });
}

function UpcomingDepartures({ summary }: { summary: ReportSummary | undefined }) {
  const rows = summary?.upcomingDepartures;
  const small = useIsSmallScreen();
  const translate = useTranslate();
  return (
    <Card sx={{ flex: '2 1 520px', minWidth: 0 }} component="section" aria-labelledby="upcoming-title">
      <CardContent>
        <Typography id="upcoming-title" component="h3" variant="h6">
          {translate('overview.upcoming')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('overview.local_times')}
        </Typography>
        {!rows ? (
          <Typography color="text.secondary" sx={{ my: 2 }}>
            {translate('overview.loading')}
          </Typography>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ my: 2 }}>
            {translate('overview.no_upcoming')}
          </Typography>
        ) : small ? (
          // Phones: each departure on its own lines (when and whether it runs; the tour; its seats), not a table whose seats are off the screen.
          <RecordLines label={translate('overview.upcoming')} records={rows}>
            {(departure) => (
              <>
                {/* Wraps: the date and the flags ("Unter Mindestteilnehmerzahl …") side by side were wider than a phone. */}
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
                  <span>
                    {when(departure.startsAt, departure.timeZone)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {departure.timeZone}
                    </Typography>
                  </span>
                  <RunsFlag departure={departure} />
                </Box>
                <Link component={RouterLink} to={`/departures/${departure.id}/show`}>
                  {departure.tourTitle}
                </Link>
                <Box sx={{ mt: 0.5 }}>
                  <SeatsBar departure={seatsOf(departure)} />
                </Box>
              </>
            )}
          </RecordLines>
        ) : (
          <SidewaysScroll label={translate('overview.upcoming')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('overview.when')}</TableCell>
                  <TableCell>{translate('overview.tour')}</TableCell>
                  <TableCell>{translate('overview.seats')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((departure) => (
                  <UpcomingRow key={departure.id} departure={departure} />
                ))}
              </TableBody>
            </Table>
          </SidewaysScroll>
        )}
      </CardContent>
    </Card>
  );
}

function seatsOf(departure: UpcomingDeparture) {
  return { ...departure, seatsAvailable: Math.max(0, departure.capacity - departure.seatsConfirmed - departure.seatsHeld), waitlisted: 0 };
}

/** A chip whose label goes onto a second line rather than widening its column (long German labels). */
const WRAPPING_CHIP = { height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

/** Whether the departure runs (its minimum of confirmed travellers reached, or how far below it is), and whether it has a guide yet. */
function RunsFlag({ departure }: { departure: UpcomingDeparture }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {departure.guaranteed ? (
        <Chip size="small" color="success" label={translate('overview.guaranteed')} sx={WRAPPING_CHIP} />
      ) : (
        <Chip size="small" color="warning" variant="outlined" label={translate('overview.below_minimum', { confirmed: departure.seatsConfirmed, min: departure.minPax })} sx={WRAPPING_CHIP} />
      )}
      {!departure.hasGuide && <Chip size="small" color="warning" variant="outlined" label={translate('overview.no_guide')} sx={WRAPPING_CHIP} />}
    </Box>
  );
}

function UpcomingRow({ departure }: { departure: UpcomingDeparture }) {
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {when(departure.startsAt, departure.timeZone)}
        <Typography variant="caption" color="text.secondary" component="div">
          {departure.timeZone}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Link component={RouterLink} to={`/departures/${departure.id}/show`}>
          {departure.tourTitle}
        </Link>
        <Box sx={{ mt: 0.5 }}>
          <RunsFlag departure={departure} />
        </Box>
      </TableCell>
      <TableCell>
        <SeatsBar departure={seatsOf(departure)} />
      </TableCell>
    </TableRow>
  );
}

function moneyList(money: { currency: string; amountMinor: number }[]): string {
  return listOf(money.map((m) => formatMinor(m.amountMinor, m.currency)));
}

function BalancesDue({ summary, canReadBookings }: { summary: ReportSummary | undefined; canReadBookings: boolean }) {
  const due = summary?.balancesDueNext14Days;
  const filter = due ? { balanceDue: true, from: due.from, to: due.to } : {};
  const list = useGetList<Booking>('bookings', { filter, sort: { field: 'startsAt', order: 'ASC' }, pagination: { page: 1, perPage: 8 } }, { enabled: Boolean(due) && canReadBookings && (due?.count ?? 0) > 0 });
  const allHref = `/bookings?${new URLSearchParams({ filter: JSON.stringify(filter), sort: 'startsAt', order: 'ASC' })}`;
  const translate = useTranslate();
  return (
    <Card sx={{ flex: '1 1 320px', minWidth: 0 }} component="section" aria-labelledby="balances-title">
      <CardContent>
        <Typography id="balances-title" component="h3" variant="h6">
          {translate('overview.balances_due')}
        </Typography>
        {summary && summary.overdue.count > 0 && (
          <Typography sx={{ my: 1 }} color="error" data-testid="balances-overdue">
            {translate('overview.overdue', { smart_count: summary.overdue.count, money: moneyList(summary.overdue.money) })}
            {canReadBookings && (
              <>
                {' · '}
                <Link component={RouterLink} to={`/bookings?${new URLSearchParams({ filter: JSON.stringify({ overdue: true }) })}`}>
                  {translate('overview.see_them')}
                </Link>
              </>
            )}
          </Typography>
        )}
        {!due ? (
          <Typography color="text.secondary" sx={{ my: 2 }}>
            {translate('overview.loading')}
          </Typography>
        ) : due.count === 0 ? (
          <Typography color="text.secondary" sx={{ my: 2 }}>
            {translate('overview.nothing_owed')}
          </Typography>
        ) : (
          <>
            <Typography sx={{ my: 1 }} data-testid="balances-due">
              {due.confirmed.count === 0 ? translate('overview.no_confirmed_owes') : translate('overview.confirmed_owe', { smart_count: due.confirmed.count, money: moneyList(due.confirmed.money) })}
            </Typography>
            {due.held.count > 0 && (
              <Typography sx={{ my: 1 }} color="text.secondary" data-testid="balances-due-held">
                {translate('overview.held_owe', { smart_count: due.held.count, money: moneyList(due.held.money) })}
              </Typography>
            )}
            {due.count > due.confirmed.count + due.held.count && (
              <Typography sx={{ my: 1 }} color="text.secondary" data-testid="balances-due-fees">
                {translate('overview.fees_unpaid', { count: due.count - due.confirmed.count - due.held.count })}
              </Typography>
            )}
            {canReadBookings && list.error && <LoadFailure error={list.error} onRetry={() => list.refetch()} what={translate('overview.the_bookings')} />}
            {canReadBookings && list.data && (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {list.data.map((booking) => (
                  <Box component="li" key={booking.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
                    <span style={{ minWidth: 0, flex: '1 1 12rem' }}>
                      <Link component={RouterLink} to={`/bookings/${booking.id}/show`} sx={{ fontFamily: 'monospace' }}>
                        {booking.reference}
                      </Link>{' '}
                      <PersonName name={booking.contact.name} />
                      {booking.status !== 'confirmed' && (
                        <Typography component="span" variant="caption" color="warning.main">
                          {' '}
                          ({inSentence(translate(`words.booking_status.${booking.status}`))})
                        </Typography>
                      )}
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {' '}
                        {translate('overview.departs', { date: localDate(booking.startDate) })}
                      </Typography>
                    </span>
                    <span style={{ whiteSpace: 'nowrap' }}>{formatMinor(booking.balanceMinor, booking.currency)}</span>
                  </Box>
                ))}
              </Box>
            )}
            {canReadBookings && (
              <Button component={RouterLink} to={allHref} size="small" sx={{ mt: 1 }}>
                {translate('overview.open_all', { count: due.count })}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default function BusinessOverview({ canReadBookings }: { canReadBookings: boolean }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const summary = useQuery({
    queryKey: SUMMARY_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.call<ReportSummary>('reports/summary', { signal }),
    // The dashboard is opened to see what is new: asked again each time it is opened.
    refetchOnMount: 'always',
  });
  const data = summary.data;
  const chartsWanted = useAfterFirstPaint();
  const translate = useTranslate();
  // The monthly chart's "this year" is the business's, from the server's clock in its zone (the
  // browser's clock and zone may disagree); the browser's only when the figures could not be had.
  const thisYear = data ? businessYear(data) : summary.error ? new Date().getFullYear() : null;
  const chartPlaceholder = <Card sx={{ height: CHART_CARD_HEIGHT }} aria-busy="true" aria-label={translate('overview.chart_loading')} />;
  return (
    <Stack sx={{ gap: 2, mb: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 32 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {data
            ? translate('overview.figures_as_of', { time: formatTime(data.asOf, data.timeZone), zone: data.timeZone })
            : summary.isFetching
              ? translate('overview.loading_figures')
              : ''}
        </Typography>
        <Button size="small" startIcon={<RefreshIcon />} onClick={() => void summary.refetch()} disabled={summary.isFetching}>
          {translate('overview.refresh')}
        </Button>
      </Stack>
      {summary.error ? <LoadFailure error={summary.error} onRetry={() => summary.refetch()} what={translate('overview.the_figures')} /> : <KpiCards summary={data} canReadBookings={canReadBookings} />}
      {chartsWanted && thisYear !== null ? (
        <Suspense fallback={chartPlaceholder}>
          <MonthlyReportCard key={thisYear} thisYear={thisYear} />
        </Suspense>
      ) : (
        chartPlaceholder
      )}
      {!summary.error && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <UpcomingDepartures summary={data} />
          <BalancesDue summary={data} canReadBookings={canReadBookings} />
        </Stack>
      )}
    </Stack>
  );
}
