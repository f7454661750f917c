/**
 * A resource's page: what it is, its contact and notes, and its schedule: the departures it is
 * assigned to over the coming year, by date, or a month at a time (ended ones, of cancelled
 * departures, marked).
 */
import { Box, Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
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
  return (
    <Box>
      <MonthHeading month={month} onMonth={setMonth} variant="subtitle1" />
      {schedule.error ? (
        <LoadFailure error={schedule.error} onRetry={() => schedule.refetch()} what="The schedule" />
      ) : (
        <MonthGrid
          days={days}
          itemsOn={on}
          itemKey={(entry) => entry.id}
          renderItem={(entry) => (
            <Link
              to={`/departures/${encodeURIComponent(entry.departureId)}/show`}
              title={`${entry.tourTitle}, leaving ${entry.startDate} ${entry.startTime} ${entry.timeZone}${entry.endedAt !== null ? ' (cancelled)' : ''}`}
              sx={{ display: 'block', px: 0.5, borderRadius: 0.5, fontSize: 12, lineHeight: 1.6, bgcolor: entry.endedAt !== null ? 'action.disabledBackground' : 'action.selected', color: 'text.primary', textDecoration: entry.endedAt !== null ? 'line-through' : 'none', overflowWrap: 'anywhere' }}
            >
              {entry.tourCode}
            </Link>
          )}
          label="The month (scrolls sideways)"
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
