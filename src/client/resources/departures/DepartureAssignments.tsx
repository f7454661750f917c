/**
 * The guides, drivers and vehicles on a departure's page: who is assigned for which days, a warning
 * when a vehicle has fewer seats than the departure has seats taken, and (for who may manage
 * resources) assigning one more or taking one off. A resource already busy on those days is
 * refused by the server however many clerks assign at once; the dialog then names where it is,
 * each with a link, and keeps what was chosen so another resource or other days can be tried.
 */
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Alert, Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useCanAccess, useDataProvider, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { labelsIn, t } from '../../i18n';
import type { Departure } from '../../../shared/contract/departures';
import type { Assignment, AssignmentWarning, CreatedAssignment, ResourceBusy, ResourceListItem } from '../../../shared/contract/resources';
import { RESOURCE_RULES } from '../../../shared/contract/resource-rules';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { ApiError } from '../../providers/http-client';
import { LoadFailure } from '../common/LoadError';
import { RecordLines } from '../common/narrow-screens';
import { KIND_LABEL, resourceSummary } from '../resources/resource-text';
import { departureDays, localDate } from './departure-text';

interface Conflict {
  departureId: string;
  tourTitle: string;
  startDate: string;
}

function daysText(assignment: Pick<Assignment, 'dayFrom' | 'dayTo'>, days: number): string {
  if (assignment.dayFrom === 1 && assignment.dayTo === days) return t(days === 1 ? 'departures.crew.the_day' : 'departures.crew.all_days');
  return assignment.dayFrom === assignment.dayTo ? t('departures.crew.day', { day: assignment.dayFrom }) : t('departures.crew.days', { from: assignment.dayFrom, to: assignment.dayTo });
}

export const WARNING_TEXT = labelsIn<AssignmentWarning>('departures.crew.warning', ['VEHICLE_TOO_SMALL']);

function conflictsOf(error: unknown): Conflict[] {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return [];
  const conflicts = (error.body as { conflicts?: unknown }).conflicts;
  return Array.isArray(conflicts) ? (conflicts as Conflict[]) : [];
}

/** Under a choice in the picker: free, or each other departure it is on and its days off on these days. */
function BusyLines({ busy }: { busy: ResourceBusy[] | undefined }) {
  const translate = useTranslate();
  if (busy === undefined) return null;
  if (busy.length === 0)
    return (
      <Typography variant="body2" color="success.main">
        {translate('departures.crew.free')}
      </Typography>
    );
  return (
    <>
      {busy.map((entry) => (
        <Typography key={entry.kind === 'departure' ? entry.departureId : `${entry.from}-${entry.to}`} variant="body2" color="warning.main">
          {entry.kind === 'departure'
            ? translate('departures.crew.busy_with', { tour: entry.tourTitle, date: localDate(entry.startDate) })
            : `${entry.from === entry.to ? translate('departures.crew.off_on', { date: localDate(entry.from) }) : translate('departures.crew.off_between', { from: localDate(entry.from), to: localDate(entry.to) })}${entry.reason ? ` (${entry.reason})` : ''}`}
        </Typography>
      ))}
    </>
  );
}

function AssignDialog({ departure, open, onClose, onAssigned }: { departure: Departure; open: boolean; onClose: () => void; onAssigned: (warnings: AssignmentWarning[]) => void }) {
  const days = departureDays(departure);
  const [search, setSearch] = useState('');
  const [resource, setResource] = useState<ResourceListItem | null>(null);
  const [dayFrom, setDayFrom] = useState(1);
  const [dayTo, setDayTo] = useState(days);
  const [role, setRole] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; conflicts: Conflict[] } | null>(null);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const translate = useTranslate();
  // Each choice says whether it is free on the departure's days, and if not, with what.
  const choices = useGetList<ResourceListItem>(
    'resources',
    { filter: { active: true, busyFor: departure.id, ...(search.trim() ? { q: search.trim() } : {}) }, sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 25 } },
    { enabled: open },
  );
  const daysWrong = dayFrom < 1 || dayTo > days || dayFrom > dayTo;
  const assign = async () => {
    if (!resource || daysWrong) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await dataProvider.call<CreatedAssignment>(`departures/${encodeURIComponent(departure.id)}/assignments`, {
        method: 'POST',
        body: { resourceId: resource.id, dayFrom, dayTo, ...(role.trim() ? { role: role.trim() } : {}) },
      });
      setResource(null);
      setRole('');
      onAssigned(created.warnings);
    } catch (error) {
      setFailure({ message: error instanceof Error ? error.message : translate('departures.crew.assign_failed'), conflicts: conflictsOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="assign-title">
      <DialogTitle id="assign-title">{translate('departures.crew.assign_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
            options={choices.data ?? []}
            loading={choices.isPending}
            value={resource}
            onChange={(_event, value) => setResource(value)}
            onInputChange={(_event, value, reason) => {
              if (reason === 'input') setSearch(value);
            }}
            filterOptions={(options) => options}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderOption={(props, option) => (
              <li {...props} key={option.id}>
                <Box>
                  <Typography>{option.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {resourceSummary(option)}
                  </Typography>
                  <BusyLines busy={option.busy} />
                </Box>
              </li>
            )}
            noOptionsText={translate(choices.error ? 'departures.crew.load_failed' : 'departures.crew.none_by_name')}
            renderInput={(params) => <TextField {...params} label={translate('departures.crew.resource')} required helperText={translate('departures.crew.resource_help')} />}
          />
          {days > 1 && (
            <Stack direction="row" spacing={2}>
              <TextField
                label={translate('departures.crew.from_day')}
                type="number"
                value={dayFrom}
                onChange={(event) => setDayFrom(Number(event.target.value))}
                slotProps={{ htmlInput: { min: 1, max: days } }}
                error={daysWrong}
                sx={{ flex: 1 }}
              />
              <TextField
                label={translate('departures.crew.to_day')}
                type="number"
                value={dayTo}
                onChange={(event) => setDayTo(Number(event.target.value))}
                slotProps={{ htmlInput: { min: 1, max: days } }}
                error={daysWrong}
                helperText={daysWrong ? translate('departures.crew.days_wrong', { days }) : translate('departures.crew.of_days', { days })}
                sx={{ flex: 1 }}
              />
            </Stack>
          )}
          <TextField label={translate('departures.crew.role')} value={role} onChange={(event) => setRole(event.target.value)} helperText={translate('departures.crew.role_help')} slotProps={{ htmlInput: { maxLength: RESOURCE_RULES.role.maxLength } }} />
          {failure && (
            <Alert severity="error" role="alert">
              {failure.conflicts.length > 0 ? (
                <>
                  {translate('departures.crew.busy', { name: resource?.name ?? translate('departures.crew.this_resource') })}
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {failure.conflicts.map((conflict) => (
                      <li key={conflict.departureId}>
                        <Link to={`/departures/${encodeURIComponent(conflict.departureId)}/show`} onClick={onClose}>
                          {translate('departures.crew.leaving', { tour: conflict.tourTitle, date: localDate(conflict.startDate) })}
                        </Link>
                      </li>
                    ))}
                  </Box>
                </>
              ) : (
                translate('departures.crew.not_assigned', { reason: failure.message })
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('departures.crew.close')}</Button>
        <Button variant="contained" disabled={busy || !resource || daysWrong} onClick={() => void assign()}>
          {translate('departures.crew.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RemoveButton({ departure, assignment, onRemoved }: { departure: Departure; assignment: Assignment; onRemoved: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const remove = async () => {
    setBusy(true);
    try {
      await dataProvider.call(`departures/${encodeURIComponent(departure.id)}/assignments/${encodeURIComponent(assignment.id)}`, { method: 'DELETE' });
      notify('departures.crew.taken_off', { type: 'success', messageArgs: { name: assignment.resourceName } });
      setOpen(false);
      onRemoved();
    } catch (error) {
      notify('departures.crew.not_taken_off', { type: 'error', messageArgs: { reason: error instanceof Error ? error.message : translate('departures.crew.unreachable') } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} aria-label={translate('departures.crew.take_off_name', { name: assignment.resourceName })}>
        {translate('departures.crew.take_off')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`remove-${assignment.id}`}>
        <DialogTitle id={`remove-${assignment.id}`}>{translate('departures.crew.take_off_title', { name: assignment.resourceName })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('departures.crew.take_off_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('departures.crew.keep')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void remove()}>
            {translate('departures.crew.take_off')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function DepartureAssignments({ departure }: { departure: Departure }) {
  const { canAccess: canRead } = useCanAccess({ resource: 'resources', action: 'list' });
  const { canAccess: canManage } = useCanAccess({ resource: 'resources', action: 'edit' });
  const [open, setOpen] = useState(false);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const assignments = useQuery({
    queryKey: ['departures', 'assignments', departure.id],
    enabled: canRead === true,
    queryFn: ({ signal }) => dataProvider.call<{ data: Assignment[]; warnings: AssignmentWarning[] }>(`departures/${encodeURIComponent(departure.id)}/assignments`, { signal }),
  });
  if (canRead !== true) return null;
  const days = departureDays(departure);
  const changed = () => {
    void assignments.refetch();
    refresh();
  };
  const current = assignments.data?.data.filter((assignment) => assignment.endedAt === null) ?? [];
  const hasGuide = current.some((assignment) => assignment.kind === 'guide');
  return (
    <Box component="section" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }} aria-labelledby="assignments-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" variant="h6" id="assignments-title">
          {translate('departures.crew.title')}
        </Typography>
        {canManage === true && departure.status !== 'cancelled' && (
          <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setOpen(true)}>
            {translate('departures.crew.assign')}
          </Button>
        )}
      </Stack>
      {assignments.error ? (
        <LoadFailure error={assignments.error} onRetry={() => assignments.refetch()} what={translate('departures.crew.the_crew')} />
      ) : !assignments.data ? (
        <Typography color="text.secondary">{translate('departures.crew.loading')}</Typography>
      ) : (
        <>
          {assignments.data.warnings.map((warning) => (
            <Alert key={warning} severity="warning" sx={{ my: 1 }}>
              {WARNING_TEXT[warning]}
            </Alert>
          ))}
          {departure.status !== 'cancelled' && !hasGuide && (
            <Alert severity="info" sx={{ my: 1 }}>
              {translate('departures.crew.no_guide')}
            </Alert>
          )}
          {assignments.data.data.length > 0 && (
            <RecordLines label={translate('departures.crew.of_departure')} records={assignments.data.data}>
              {(assignment) => (
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <span>
                    <Link to={`/resources/${encodeURIComponent(assignment.resourceId)}/show`}>{assignment.resourceName}</Link> · {KIND_LABEL[assignment.kind]} ·{' '}
                    {daysText(assignment, days)}
                    {assignment.role && ` · ${assignment.role}`}
                  </span>
                  {assignment.endedAt !== null ? (
                    <Chip size="small" variant="outlined" label={translate('departures.crew.departure_cancelled')} />
                  ) : (
                    canManage === true && <RemoveButton departure={departure} assignment={assignment} onRemoved={changed} />
                  )}
                </Box>
              )}
            </RecordLines>
          )}
        </>
      )}
      <AssignDialog
        departure={departure}
        open={open}
        onClose={() => setOpen(false)}
        onAssigned={(warnings) => {
          setOpen(false);
          notify(warnings.length > 0 ? translate('departures.crew.assigned_warning', { warnings: warnings.map((warning) => WARNING_TEXT[warning]).join(' ') }) : 'departures.crew.assigned', { type: warnings.length > 0 ? 'warning' : 'success' });
          changed();
        }}
      />
    </Box>
  );
}
