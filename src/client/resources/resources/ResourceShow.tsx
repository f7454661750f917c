/**
 * A resource's page: what it is, its contact and notes, and its schedule: the departures it is
 * assigned to over the coming year, by date, or a month at a time (ended ones, of cancelled
 * departures, marked).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, Chip, IconButton, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { formatCalendarDate } from '../../dates';
import { RESOURCE_RULES, type Resource, type ScheduleEntry, type Unavailability } from '../../../shared/contract/resources';
import { fieldErrorsOf } from '../../providers/http-client';
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

/** The resource's days off from today on: listed, added (from, to, reason) and removed by those who manage resources. */
function DaysOff({ resource }: { resource: Resource }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess: canManage } = useCanAccess({ resource: 'resources', action: 'edit' });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const path = `resources/${encodeURIComponent(resource.id)}/unavailability`;
  const key = ['resources', 'unavailability', resource.id];
  const daysOff = useQuery({ queryKey: key, queryFn: ({ signal }) => dataProvider.call<{ data: Unavailability[] }>(`${path}?from=${todayOnThisCalendar()}`, { signal }) });
  const when = (entry: { from: string; to: string }) => (entry.from === entry.to ? formatCalendarDate(entry.from, { weekday: true }) : `${formatCalendarDate(entry.from, { weekday: true })} – ${formatCalendarDate(entry.to, { weekday: true })}`);
  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!from) found.from = translate('crew_screens.off_from_needed');
    if (Object.keys(found).length > 0) return setProblems(found);
    setSaving(true);
    setRefusal(null);
    try {
      await dataProvider.call(path, { method: 'POST', body: { from, to: to || from, ...(reason.trim() && { reason: reason.trim() }) } });
      setFrom('');
      setTo('');
      setReason('');
      setProblems({});
      notify('crew_screens.days_off_added', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['resources'] });
    } catch (error) {
      setProblems(fieldErrorsOf(error) ?? {});
      setRefusal(error instanceof Error ? error.message : translate('crew_screens.days_off_not_added'));
    } finally {
      setSaving(false);
    }
  };
  const remove = async (entry: Unavailability) => {
    try {
      await dataProvider.call(`${path}/${encodeURIComponent(entry.id)}`, { method: 'DELETE' });
      notify('crew_screens.days_off_removed', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['resources'] });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'crew_screens.days_off_not_added', { type: 'error' });
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {translate('crew_screens.days_off_help')}
      </Typography>
      {daysOff.error ? (
        <LoadFailure error={daysOff.error} onRetry={() => daysOff.refetch()} what={translate('crew_screens.the_days_off')} />
      ) : !daysOff.data ? (
        <Typography color="text.secondary">{translate('crew_screens.loading')}</Typography>
      ) : daysOff.data.data.length === 0 ? (
        <Typography color="text.secondary">{translate('crew_screens.no_days_off')}</Typography>
      ) : (
        <Box component="ul" aria-label={translate('crew_screens.days_off')} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
          {daysOff.data.data.map((entry) => (
            <Box component="li" key={entry.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <span>
                {when(entry)}
                {entry.reason && ` · ${entry.reason}`}
              </span>
              {canManage === true && (
                <IconButton size="small" aria-label={translate('crew_screens.remove_days_off', { when: when(entry) })} onClick={() => void remove(entry)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      {canManage === true && (
        <Box component="form" onSubmit={(event) => void add(event)} noValidate sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField size="small" type="date" label={translate('crew_screens.off_from')} value={from} onChange={(event) => setFrom(event.target.value)} required error={Boolean(problems.from)} helperText={problems.from} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField size="small" type="date" label={translate('crew_screens.off_to')} value={to} onChange={(event) => setTo(event.target.value)} error={Boolean(problems.to)} helperText={problems.to} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }} />
          <TextField size="small" label={translate('crew_screens.off_reason')} value={reason} onChange={(event) => setReason(event.target.value)} slotProps={{ htmlInput: { maxLength: RESOURCE_RULES.unavailabilityReason.maxLength } }} sx={{ flex: '1 1 160px' }} />
          <Button type="submit" variant="outlined" disabled={saving}>
            {translate('crew_screens.add_days_off')}
          </Button>
        </Box>
      )}
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
    </Stack>
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
      <Section title={translate('crew_screens.days_off')}>
        <DaysOff resource={resource} />
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
