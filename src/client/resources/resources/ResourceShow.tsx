/**
 * A resource's page: what it is, its contact and notes, and its schedule: the departures it is
 * assigned to over the coming year, by date (ended ones, of cancelled departures, marked).
 */
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
import type { Resource, ScheduleEntry } from '../../../shared/contract/resources';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { Section } from '../bookings/show/Section';
import { ActiveChip, FORM_WIDTH } from '../common/fields';
import { LoadFailure, ShowLoadError } from '../common/LoadError';
import { RecordLines } from '../common/narrow-screens';
import { KIND_LABEL, resourceSummary } from './resource-text';

function Schedule({ resource }: { resource: Resource }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const schedule = useQuery({
    queryKey: ['resources', 'schedule', resource.id],
    refetchOnMount: 'always',
    queryFn: ({ signal }) => {
      const from = new Date();
      const to = new Date(from.getTime() + 365 * 86_400_000);
      const query = new URLSearchParams({ from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) });
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
        <Schedule resource={resource} />
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
