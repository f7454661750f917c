/**
 * Bookings by month, this year beside the same months of last year (GET /api/reports/monthly), by
 * the month the booking was made or the month it departs. Revenue is drawn per currency (never
 * added across currencies); bookings and travellers are counts, added up. A table of the same
 * figures is one switch away (and is what a screen reader is offered). Loaded after the first
 * paint: @mui/x-charts lives in this module only.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Card, CardContent, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, ToggleButton, ToggleButtonGroup, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDataProvider, useStore, useTranslate } from 'react-admin';
import type { MonthlyReport, ReportBasis } from '../../../shared/contract/reports';
import { currencyDigits, formatMinor } from '../../../shared/money';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { intlLocale } from '../../i18n/language';
import { LoadFailure } from '../../resources/common/LoadFailure';

type Metric = 'revenue' | 'bookings' | 'travellers';
const CHART_HEIGHT = 300;

/** Twelve figures per year for the metric (and the currency, for revenue). */
export function seriesOf(report: MonthlyReport | undefined, year: number, metric: Metric, currency: string | null): number[] {
  const values = new Array<number>(12).fill(0);
  for (const row of report?.data ?? []) {
    if (!row.month.startsWith(`${year}-`)) continue;
    const month = Number(row.month.slice(5, 7)) - 1;
    if (metric === 'revenue') {
      if (row.currency === currency) values[month] += row.bookedMinor;
    } else values[month] += metric === 'bookings' ? row.bookings : row.travellers;
  }
  return values;
}

/** `thisYear`: the business's current year (in its time zone), where the chart starts. */
export default function MonthlyReportCard({ thisYear }: { thisYear: number }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [year, setYear] = useState(thisYear);
  const [basis, setBasis] = useStore<ReportBasis>('dashboard.monthly.basis', 'booking');
  const [metric, setMetric] = useStore<Metric>('dashboard.monthly.metric', 'revenue');
  const [view, setView] = useStore<'chart' | 'table'>('dashboard.monthly.view', 'chart');
  // This year's bars in the theme's primary colour (light lagoon on the dark card, deep lagoon on the light one).
  const thisYearColour = useTheme().palette.primary.main;
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const translate = useTranslate();
  const MONTHS = translate('monthly.months').split(', ');
  const monthly = useQuery({
    queryKey: ['reports', 'monthly', year, basis],
    queryFn: ({ signal }) => dataProvider.call<MonthlyReport>(`reports/monthly?year=${year}&basis=${basis}`, { signal }),
    refetchOnMount: 'always',
  });
  const currencies = useMemo(() => [...new Set((monthly.data?.data ?? []).map((row) => row.currency))].sort(), [monthly.data]);
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? null);
  const current = seriesOf(monthly.data, year, metric, currency);
  const previous = seriesOf(monthly.data, year - 1, metric, currency);
  const format = (value: number | null) => (value === null ? '' : metric === 'revenue' && currency ? formatMinor(value, currency) : String(value));
  const scale = metric === 'revenue' && currency ? 10 ** currencyDigits(currency) : 1;
  const what = metric === 'revenue' ? (currency ? translate('monthly.booked_in', { currency }) : translate('monthly.booked')) : translate(`monthly.${metric}`);
  const by = translate(basis === 'booking' ? 'monthly.by_booked' : 'monthly.by_departure');

  return (
    <Card component="section" aria-labelledby="monthly-title" sx={{ minHeight: 430 }} data-testid="monthly-report">
      <CardContent>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id="monthly-title" component="h3" variant="h6" sx={{ flex: '1 1 auto' }}>
            {what} {by}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <IconButton aria-label={translate('monthly.previous_year')} size="small" onClick={() => setYear(year - 1)}>
              <ChevronLeftIcon />
            </IconButton>
            <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
              {translate('monthly.versus', { year, previous: year - 1 })}
            </Typography>
            <IconButton aria-label={translate('monthly.next_year')} size="small" onClick={() => setYear(year + 1)} disabled={year >= thisYear + 1}>
              <ChevronRightIcon />
            </IconButton>
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <ToggleButtonGroup size="small" exclusive value={basis} onChange={(_, next: ReportBasis | null) => next && setBasis(next)} aria-label={translate('monthly.count_by')}>
            <ToggleButton value="booking">{translate('monthly.booking_date')}</ToggleButton>
            <ToggleButton value="departure">{translate('monthly.departure_date')}</ToggleButton>
          </ToggleButtonGroup>
          <ToggleButtonGroup size="small" exclusive value={metric} onChange={(_, next: Metric | null) => next && setMetric(next)} aria-label={translate('monthly.figure')}>
            <ToggleButton value="revenue">{translate('monthly.revenue')}</ToggleButton>
            <ToggleButton value="bookings">{translate('monthly.bookings')}</ToggleButton>
            <ToggleButton value="travellers">{translate('monthly.travellers')}</ToggleButton>
          </ToggleButtonGroup>
          {metric === 'revenue' && currencies.length > 1 && (
            <TextField select size="small" label={translate('monthly.currency')} value={currency ?? ''} onChange={(event) => setCurrency(event.target.value)} fullWidth={false} sx={{ width: 120 }}>
              {currencies.map((code) => (
                <MenuItem key={code} value={code}>
                  {code}
                </MenuItem>
              ))}
            </TextField>
          )}
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)} aria-label={translate('monthly.show_as')} sx={{ ml: 'auto' }}>
            <ToggleButton value="chart">{translate('monthly.chart')}</ToggleButton>
            <ToggleButton value="table">{translate('monthly.table')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {monthly.error ? (
          <LoadFailure error={monthly.error} onRetry={() => monthly.refetch()} what={translate('monthly.the_monthly_figures')} />
        ) : !monthly.data ? (
          <Box sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }}>
            <Typography color="text.secondary">{translate('monthly.loading')}</Typography>
          </Box>
        ) : metric === 'revenue' && !currency ? (
          <Box sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }}>
            <Typography color="text.secondary">
              {translate('monthly.no_bookings', { previous: year - 1, year })}
            </Typography>
          </Box>
        ) : view === 'table' ? (
          <Box sx={{ maxHeight: CHART_HEIGHT + 40, overflow: 'auto', contain: 'inline-size' }} tabIndex={0} role="region" aria-label={translate('monthly.table_label', { what, by })}>
            <Table size="small" stickyHeader data-testid="monthly-table">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('monthly.month')}</TableCell>
                  <TableCell align="right">{year}</TableCell>
                  <TableCell align="right">{year - 1}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {MONTHS.map((name, index) => (
                  <TableRow key={name}>
                    <TableCell>{name}</TableCell>
                    <TableCell align="right">{format(current[index])}</TableCell>
                    <TableCell align="right">{format(previous[index])}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : (
          <Box role="img" aria-label={translate('monthly.chart_label', { what, by, year, previous: year - 1 })}>
            <BarChart
              height={CHART_HEIGHT}
              xAxis={[{ scaleType: 'band', data: MONTHS }]}
              yAxis={[{ valueFormatter: (value: number) => (scale === 1 ? String(value) : new Intl.NumberFormat(intlLocale(), { notation: 'compact' }).format(value / scale)), width: 56 }]}
              series={[
                { data: previous, label: String(year - 1), color: '#9e9e9e', valueFormatter: format },
                { data: current, label: String(year), color: thisYearColour, valueFormatter: format },
              ]}
              skipAnimation
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
