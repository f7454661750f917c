/**
 * A resource's page: what it is, its contact and notes, and its schedule: the departures it is
 * assigned to over the coming year, by date, or a month at a time (ended ones, of cancelled
 * departures, marked).
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Chip, IconButton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
import type { Resource, ScheduleEntry } from '../../../shared/contract/resources';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { Section } from '../bookings/show/Section';
import { ActiveChip, FORM_WIDTH } from '../common/fields';
import { LoadFailure, ShowLoadError } from '../common/LoadError';
import { addDays } from '../../../shared/local-time';
import { monthDays, monthName, shiftMonth } from '../common/month';
import { RecordLines, SidewaysScroll } from '../common/narrow-screens';
import { todayOnThisCalendar, WEEKDAY_NAMES } from '../departures/departure-text';
import { KIND_LABEL, resourceSummary } from './resource-text';

function Schedule({ resource }: { resource: Resource }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const schedule = useQuery({
    queryKey: ['resources', 'schedule', resource.id],
    refetchOnMount: 'always',
    queryFn: ({ signal }) => {
      const from = todayOnThisCalendar();
      const query = new URLSearchParams({ from, to: addDays(from, 365) });
      return dataProvider.call<{ from: string; to: string; data: ScheduleEntry[] }>(`resources/${encodeURIComponent(resource.id)}/schedule?${query.toString()}`, { signal });
    },
  });
  if (schedule.error) return <LoadFailure error={schedule.error} onRetry={() => schedule.refetch()} what="The schedule" />;
  if (!schedule.data) return <Typography color="text.secondary">Loading…</Typography>;
  const { data, from, to } = schedule.data;
  if (data.length === 0) return <Typography color="text.secondary">Not assigned to any departure from {from} to {to}.</Typography>;
  return (
    <RecordLines label={`Assignments from ${from} to ${to}`} records={data}>
      {(entry) => (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <span>
            {entry.fromDate === entry.toDate ? entry.fromDate : `${entry.fromDate} – ${entry.toDate}`} · <Link to={`/departures/${encodeURIComponent(entry.departureId)}/show`}>{entry.tourCode} · {entry.tourTitle}</Link>
            {entry.role && ` · ${entry.role}`}
          </span>
          {entry.endedAt !== null && <Chip size="small" label="Departure cancelled" variant="outlined" />}
        </Box>
      )}
    </RecordLines>
  );
}

/** The resource's month: each day shows the departures it works on that day (their local dates), each a link. */
function ScheduleMonth({ resource }: { resource: Resource }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [month, setMonth] = useState(() => todayOnThisCalendar().slice(0, 7));
  const days = monthDays(month);
  const from = days[0]!.date;
  const to = days[days.length - 1]!.date;
  const schedule = useQuery({
    queryKey: ['resources', 'schedule', resource.id, from, to],
    queryFn: ({ signal }) => dataProvider.call<{ data: ScheduleEntry[] }>(`resources/${encodeURIComponent(resource.id)}/schedule?from=${from}&to=${to}`, { signal }),
  });
  const on = (date: string) => (schedule.data?.data ?? []).filter((entry) => entry.fromDate <= date && date <= entry.toDate);
  const today = todayOnThisCalendar();
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        <IconButton aria-label="Previous month" onClick={() => setMonth(shiftMonth(month, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography component="h4" variant="subtitle1" sx={{ minWidth: 150, textAlign: 'center' }} aria-live="polite">
          {monthName.format(new Date(`${month}-01T00:00:00Z`))}
        </Typography>
        <IconButton aria-label="Next month" onClick={() => setMonth(shiftMonth(month, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      {schedule.error ? (
        <LoadFailure error={schedule.error} onRetry={() => schedule.refetch()} what="The schedule" />
      ) : (
        <SidewaysScroll label="The month (scrolls sideways)">
          <Box component="table" sx={{ width: '100%', minWidth: 560, borderCollapse: 'collapse', tableLayout: 'fixed' }} aria-busy={schedule.isPending}>
            <thead>
              <tr>
                {WEEKDAY_NAMES.map((name) => (
                  <Box component="th" key={name} scope="col" sx={{ p: 0.5, fontWeight: 600, fontSize: 13, textAlign: 'left' }}>
                    <abbr title={name} style={{ textDecoration: 'none' }}>
                      {name.slice(0, 3)}
                    </abbr>
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: days.length / 7 }, (_, week) => (
                <tr key={week}>
                  {days.slice(week * 7, week * 7 + 7).map((day) => (
                    <Box component="td" key={day.date} sx={{ verticalAlign: 'top', border: 1, borderColor: 'divider', p: 0.5, height: 72, bgcolor: day.inMonth ? undefined : 'action.hover' }}>
                      <Typography variant="caption" sx={{ fontWeight: day.date === today ? 700 : 400, color: day.inMonth ? 'text.primary' : 'text.secondary' }}>
                        {Number(day.date.slice(8))}
                        {day.date === today ? ' · today' : ''}
                      </Typography>
                      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 0.25 }}>
                        {on(day.date).map((entry) => (
                          <li key={entry.id}>
                            <Link
                              to={`/departures/${encodeURIComponent(entry.departureId)}/show`}
                              title={`${entry.tourTitle}, leaving ${entry.startDate} ${entry.startTime} ${entry.timeZone}${entry.endedAt !== null ? ' (cancelled)' : ''}`}
                              sx={{ display: 'block', px: 0.5, borderRadius: 0.5, fontSize: 12, lineHeight: 1.6, bgcolor: entry.endedAt !== null ? 'action.disabledBackground' : 'action.selected', color: 'text.primary', textDecoration: entry.endedAt !== null ? 'line-through' : 'none', overflowWrap: 'anywhere' }}
                            >
                              {entry.tourCode}
                            </Link>
                          </li>
                        ))}
                      </Stack>
                    </Box>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </SidewaysScroll>
      )}
    </Box>
  );
}

function ScheduleViews({ resource }: { resource: Resource }) {
  const [view, setView] = useState<'list' | 'month'>('list');
  return (
    <>
      <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, value: 'list' | 'month' | null) => value && setView(value)} aria-label="Show the schedule as" sx={{ mb: 1 }}>
        <ToggleButton value="list">Coming year</ToggleButton>
        <ToggleButton value="month">Month</ToggleButton>
      </ToggleButtonGroup>
      {view === 'list' ? <Schedule resource={resource} /> : <ScheduleMonth resource={resource} />}
    </>
  );
}

function Details() {
  const resource = useRecordContext<Resource>();
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
      <Section title="Contact">
        <Typography>{[resource.phone, resource.email].filter(Boolean).join(' · ') || 'No phone or e-mail given.'}</Typography>
        {resource.userName && <Typography color="text.secondary">Signs in as {resource.userName}</Typography>}
      </Section>
      {resource.notes && (
        <Section title="Notes">
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{resource.notes}</Typography>
        </Section>
      )}
      <Section title={`${KIND_LABEL[resource.kind]}’s schedule`}>
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
  return (
    <Show sx={FORM_WIDTH} title="Resource" actions={<Actions />} queryOptions={{ onError: () => undefined }} error={<ShowLoadError what="This resource" />}>
      <Box sx={{ p: 2 }}>
        <Details />
      </Box>
    </Show>
  );
}
