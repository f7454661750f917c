/**
 * A resource's page: what it is, its contact and notes, and its schedule: the departures it is
 * assigned to over the coming year, by date, or a month at a time (ended ones, of cancelled
 * departures, marked).
 */
import { Box, Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { formatCalendarDate } from '../../dates';
import type { Resource, ScheduleEntry } from '../../../shared/contract/resources';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { Section } from '../bookings/show/Section';
import { ActiveChip, FORM_WIDTH } from '../common/fields';
import { LoadFailure, ShowLoadError } from '../common/LoadError';
import { addDays } from '../../../shared/local-time';
import { monthDays } from '../common/month';
import { MonthGrid, MonthHeading } from '../common/MonthGrid';
import { RecordLines } from '../common/narrow-screens';
import { todayOnThisCalendar } from '../departures/departure-text';
import { resourceSummary } from './resource-text';

function Schedule({ resource }: { resource: Resource }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const translate = useTranslate();
  const schedule = useQuery({
    queryKey: ['resources', 'schedule', resource.id],
    refetchOnMount: 'always',
    queryFn: ({ signal }) => {
      const from = todayOnThisCalendar();
      const query = new URLSearchParams({ from, to: addDays(from, 365) });
      return dataProvider.call<{ from: string; to: string; data: ScheduleEntry[] }>(`resources/${encodeURIComponent(resource.id)}/schedule?${query.toString()}`, { signal });
    },
  });
  if (schedule.error) return <LoadFailure error={schedule.error} onRetry={() => schedule.refetch()} what={translate('crew_screens.the_schedule')} />;
  if (!schedule.data) return <Typography color="text.secondary">{translate('crew_screens.loading')}</Typography>;
  const { data, from, to } = schedule.data;
  const span = { from: formatCalendarDate(from), to: formatCalendarDate(to) };
  if (data.length === 0) return <Typography color="text.secondary">{translate('crew_screens.not_assigned', span)}</Typography>;
  return (
    <RecordLines label={translate('crew_screens.assignments_from', span)} records={data}>
      {(entry) => (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <span>
            {entry.fromDate === entry.toDate ? formatCalendarDate(entry.fromDate, { weekday: true }) : `${formatCalendarDate(entry.fromDate, { weekday: true })} – ${formatCalendarDate(entry.toDate, { weekday: true })}`} · <Link to={`/departures/${encodeURIComponent(entry.departureId)}/show`}>{entry.tourCode} · {entry.tourTitle}</Link>
            {entry.role && ` · ${entry.role}`}
          </span>
          {entry.endedAt !== null && <Chip size="small" label={translate('crew_screens.departure_cancelled')} variant="outlined" />}
        </Box>
      )}
    </RecordLines>
  );
}

/** The resource's month: each day shows the departures it works on that day (their local dates), each a link. */
function ScheduleMonth({ resource }: { resource: Resource }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [month, setMonth] = useState(() => todayOnThisCalendar().slice(0, 7));
  const translate = useTranslate();
  const days = monthDays(month);
  const from = days[0]!.date;
  const to = days[days.length - 1]!.date;
  const schedule = useQuery({
    queryKey: ['resources', 'schedule', resource.id, from, to],
    queryFn: ({ signal }) => dataProvider.call<{ data: ScheduleEntry[] }>(`resources/${encodeURIComponent(resource.id)}/schedule?from=${from}&to=${to}`, { signal }),
  });
  const on = (date: string) => (schedule.data?.data ?? []).filter((entry) => entry.fromDate <= date && date <= entry.toDate);
  return (
    <Box>
      <MonthHeading month={month} onMonth={setMonth} variant="subtitle1" />
      {schedule.error ? (
        <LoadFailure error={schedule.error} onRetry={() => schedule.refetch()} what={translate('crew_screens.the_schedule')} />
      ) : (
        <MonthGrid
          days={days}
          itemsOn={on}
          itemKey={(entry) => entry.id}
          renderItem={(entry) => (
            <Link
              to={`/departures/${encodeURIComponent(entry.departureId)}/show`}
              title={`${translate('crew_screens.leaving', { tour: entry.tourTitle, date: formatCalendarDate(entry.startDate), time: entry.startTime, zone: entry.timeZone })}${entry.endedAt !== null ? translate('crew_screens.cancelled_suffix') : ''}`}
              sx={{ display: 'block', px: 0.5, borderRadius: 0.5, fontSize: 12, lineHeight: 1.6, bgcolor: entry.endedAt !== null ? 'action.disabledBackground' : 'action.selected', color: 'text.primary', textDecoration: entry.endedAt !== null ? 'line-through' : 'none', overflowWrap: 'anywhere' }}
            >
              {entry.tourCode}
            </Link>
          )}
          label={translate('crew_screens.month_scroll')}
          busy={schedule.isPending}
          minWidth={560}
          cellHeight={72}
        />
      )}
    </Box>
  );
}

function ScheduleViews({ resource }: { resource: Resource }) {
  const [view, setView] = useState<'list' | 'month'>('list');
  const translate = useTranslate();
  return (
    <>
      <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, value: 'list' | 'month' | null) => value && setView(value)} aria-label={translate('crew_screens.show_as')} sx={{ mb: 1 }}>
        <ToggleButton value="list">{translate('crew_screens.coming_year')}</ToggleButton>
        <ToggleButton value="month">{translate('crew_screens.month')}</ToggleButton>
      </ToggleButtonGroup>
      {view === 'list' ? <Schedule resource={resource} /> : <ScheduleMonth resource={resource} />}
    </>
  );
}

function Details() {
  const resource = useRecordContext<Resource>();
  const translate = useTranslate();
  if (!resource) return null;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {resource.name}
        </Typography>
        <ActiveChip active={resource.active} />
      </Box>
      <Typography>{resourceSummary(resource)}</Typography>
      <Section title={translate('crew_screens.contact')}>
        <Typography>{[resource.phone, resource.email].filter(Boolean).join(' · ') || translate('crew_screens.no_contact')}</Typography>
        {resource.userName && <Typography color="text.secondary">{translate('crew_screens.signs_in_as', { name: resource.userName })}</Typography>}
      </Section>
      {resource.notes && (
        <Section title={translate('crew_screens.notes')}>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{resource.notes}</Typography>
        </Section>
      )}
      <Section title={translate('crew_screens.schedule_of')}>
        <ScheduleViews resource={resource} />
      </Section>
    </Stack>
  );
}

function Actions() {
  const { canAccess } = useCanAccess({ resource: 'resources', action: 'edit' });
  return <TopToolbar>{canAccess === true && <EditButton />}</TopToolbar>;
}

export function ResourceShow() {
  const translate = useTranslate();
  return (
    <Show sx={FORM_WIDTH} title={translate('crew_screens.resource')} actions={<Actions />} queryOptions={{ onError: () => undefined }} error={<ShowLoadError what={translate('crew_screens.this_resource')} />}>
      <Box sx={{ p: 2 }}>
        <Details />
      </Box>
    </Show>
  );
}
