/**
 * Departures by month: each day lists its departures (local time, tour code, seats taken), coloured
 * by occupancy, each a link to its page. Days are the departures' own local dates (in their tours'
 * zones), so a departure never moves to another day with the browser's zone.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { Departure } from '../../../shared/contract/departures';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { useIsSmallScreen } from '../common/narrow-screens';
import { LoadFailure } from '../common/LoadError';
import { monthDays } from '../common/month';
import { MonthGrid, MonthHeading } from '../common/MonthGrid';
import { localDate } from './departure-text';

const MAX_PAGES = 10;

/** Occupancy → a colour a glance can read (and words for those who cannot see it). */
export function occupancy(departure: Departure): { colour: string; text: string; label: 'cancelled' | 'full' | 'filling' | 'selling' | 'empty' } {
  if (departure.status === 'cancelled') return { colour: 'action.disabledBackground', text: 'text.secondary', label: 'cancelled' };
  const share = (departure.seatsHeld + departure.seatsConfirmed) / departure.capacity;
  // Light fills carry black text; the error fill takes its theme's own contrast text (white on the
  // light theme's dark red, black on the dark theme's light salmon): readable at 12 px (WCAG AA).
  if (share >= 1) return { colour: 'error.main', text: 'error.contrastText', label: 'full' };
  if (share >= 0.75) return { colour: 'warning.light', text: 'common.black', label: 'filling' };
  if (share > 0) return { colour: 'success.light', text: 'common.black', label: 'selling' };
  return { colour: 'action.hover', text: 'text.primary', label: 'empty' };
}

function DepartureChip({ departure }: { departure: Departure }) {
  const look = occupancy(departure);
  const translate = useTranslate();
  return (
    <Link
      to={`/departures/${departure.id}/show`}
      title={translate('departures.calendar.chip_title', {
        tour: departure.tourTitle,
        time: departure.startTime,
        zone: departure.timeZone,
        taken: departure.seatsHeld + departure.seatsConfirmed,
        capacity: departure.capacity,
        state: translate(`departures.calendar.occupancy.${look.label}`),
      })}
      sx={{ display: 'block', px: 0.5, borderRadius: 0.5, fontSize: 12, lineHeight: 1.6, bgcolor: look.colour, color: look.text, textDecoration: departure.status === 'cancelled' ? 'line-through' : 'none', overflowWrap: 'anywhere' }}
    >
      {departure.startTime} {departure.tourCode} {departure.seatsHeld + departure.seatsConfirmed}/{departure.capacity}
    </Link>
  );
}

/** A phone's month: the days that have departures, one under the other. */
function Agenda({ days, byDate }: { days: { date: string; inMonth: boolean }[]; byDate: Map<string, Departure[]> }) {
  const withDepartures = days.filter((day) => day.inMonth && byDate.has(day.date));
  const translate = useTranslate();
  if (withDepartures.length === 0) return <Typography color="text.secondary">{translate('departures.calendar.none_this_month')}</Typography>;
  return (
    <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
      {withDepartures.map((day) => (
        <li key={day.date}>
          <Typography variant="subtitle2">{localDate(day.date)}</Typography>
          <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 0.5 }}>
            {byDate.get(day.date)!.map((departure) => (
              <li key={departure.id}>
                <DepartureChip departure={departure} />
              </li>
            ))}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}

export function DepartureCalendar() {
  const small = useIsSmallScreen();
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [month, setMonth] = useState(() => (typeof filterValues.from === 'string' && filterValues.from ? filterValues.from.slice(0, 7) : new Date().toISOString().slice(0, 7)));
  const days = monthDays(month);
  const from = days[0].date;
  const to = days[days.length - 1].date;
  const filter = { ...filterValues, from, to };
  const departures = useQuery({
    queryKey: ['departures', 'calendar', filter],
    queryFn: async ({ signal }) => {
      const all: Departure[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const answer = await dataProvider.getList<Departure>('departures', { filter, pagination: { page, perPage: 100 }, sort: { field: 'startsAt', order: 'ASC' }, signal });
        all.push(...answer.data);
        if (all.length >= (answer.total ?? 0) || answer.data.length === 0) return { data: all, total: answer.total ?? all.length };
      }
      return { data: all, total: all.length };
    },
  });
  const byDate = new Map<string, Departure[]>();
  for (const departure of departures.data?.data ?? []) byDate.set(departure.startDate, [...(byDate.get(departure.startDate) ?? []), departure]);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <MonthHeading month={month} onMonth={setMonth}>
        <Button size="small" onClick={() => setMonth(new Date().toISOString().slice(0, 7))}>
          {translate('month.this_month')}
        </Button>
      </MonthHeading>
      {departures.error ? (
        <LoadFailure error={departures.error} onRetry={() => departures.refetch()} what={translate('departures.the_departures')} />
      ) : small ? (
        <Agenda days={days} byDate={byDate} />
      ) : (
        <MonthGrid
          days={days}
          itemsOn={(date) => byDate.get(date) ?? []}
          itemKey={(departure) => departure.id}
          renderItem={(departure) => <DepartureChip departure={departure} />}
          label={translate('departures.calendar.grid_label')}
          busy={departures.isPending}
          minWidth={640}
          cellHeight={96}
        />
      )}
      <Stack direction="row" sx={{ gap: 2, mt: 1, flexWrap: 'wrap' }} aria-label={translate('departures.calendar.colours')}>
        {[
          ['action.hover', 'empty'],
          ['success.light', 'selling'],
          ['warning.light', 'filling'],
          ['error.main', 'full'],
          ['action.disabledBackground', 'cancelled'],
        ].map(([colour, state]) => (
          <Stack key={state} direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: colour, border: 1, borderColor: 'divider' }} />
            <Typography variant="caption">{translate(`departures.calendar.occupancy.${state}`)}</Typography>
          </Stack>
        ))}
      </Stack>
      {departures.data && departures.data.total > departures.data.data.length && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
          {translate('departures.calendar.first_of', { shown: departures.data.data.length, total: departures.data.total })}
        </Typography>
      )}
    </Box>
  );
}
