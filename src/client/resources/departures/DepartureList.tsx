/** The departures list: when (local, zone named), tour, seats, status; filters by tour, dates, status and free seats; scheduling in bulk. */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useRef, useState } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  CheckboxGroupInput,
  CreateButton,
  Datagrid,
  FilterButton,
  Form,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useStore,
  useTranslate,
} from 'react-admin';
import { DEPARTURE_RULES, DEPARTURE_STATUSES, type BulkDepartures, type Departure } from '../../../shared/contract/departures';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { RowLink, useIsSmallScreen } from '../common/fields';
import { ListLoadError, ListPagination } from '../common/LoadError';
import { requiredText } from '../common/validators';
import { closedFor, departureWhen, localDate, STATUS_COLOURS, STATUS_LABELS, todayOnThisCalendar, weekdayNames } from './departure-text';
import { t } from '../../i18n';
import { listOf } from '../../i18n/language';
import { DepartureCalendar } from './DepartureCalendar';
import { SeatsBar } from './SeatsBar';
import { SubmitButton } from '../common/SubmitButton';

type View = 'list' | 'calendar';

function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, value: View | null) => value && onChange(value)} aria-label={translate('departures.show_as')}>
      <ToggleButton value="list" aria-label={translate('departures.as_list')}>
        <ViewListIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="calendar" aria-label={translate('departures.as_calendar')}>
        <CalendarMonthIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}


const filters = [
  <ReferenceInput key="tourId" source="tourId" reference="tours" alwaysOn>
    <AutocompleteInput label="resources.departures.fields.tourId" optionText={(tour) => `${tour.code} · ${tour.title}`} sx={{ minWidth: 260 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" alwaysOn emptyText="departures.any_status" choices={DEPARTURE_STATUSES.map((status) => ({ id: status, name: `departures.status.${status}` }))} />,
  <TextInput key="from" source="from" type="date" slotProps={{ inputLabel: { shrink: true } }} />,
  <TextInput key="to" source="to" type="date" slotProps={{ inputLabel: { shrink: true } }} />,
  <BooleanInput key="hasSeats" source="hasSeats" />,
  <SelectInput
    key="unassigned"
    source="unassigned"
    emptyText="departures.any"
    choices={[
      { id: 'guide', name: 'departures.no_guide_yet' },
      { id: 'vehicle', name: 'departures.no_vehicle_yet' },
    ]}
  />,
];

/** An open departure that has started or is past its booking cut-off takes no more bookings: said, not shown as plainly "Open". */
function closedNowText(departure: Departure, translate: (key: string) => string): string | null {
  const closedNow = departure.status === 'open' ? closedFor(departure) : null;
  return closedNow === 'started' ? translate('departures.now_started') : closedNow === 'cutoff' ? translate('departures.now_past_cutoff') : null;
}

export function DepartureStatusChip(_props: { label?: string }) {
  const departure = useRecordContext<Departure>();
  const translate = useTranslate();
  if (!departure) return null;
  const now = closedNowText(departure, translate);
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {now ? (
        <Chip size="small" label={now} variant="outlined" title={translate('departures.now_help', { why: now })} />
      ) : (
        <Chip size="small" label={STATUS_LABELS[departure.status]} color={STATUS_COLOURS[departure.status]} variant={departure.status === 'closed' ? 'outlined' : 'filled'} />
      )}
      {departure.guaranteed && departure.status !== 'cancelled' && <Chip size="small" label={translate('departures.guaranteed')} color="primary" variant="outlined" />}
    </Stack>
  );
}

/** Who is assigned (names), or a warning chip when an open departure has no guide yet. */
function CrewField({ departure }: { departure: Departure }) {
  const current = (departure.assignments ?? []).filter((assignment) => assignment.endedAt === null);
  const names = current.map((assignment) => assignment.resourceName).join(', ');
  const translate = useTranslate();
  const noGuide = departure.status !== 'cancelled' && departure.assignments !== undefined && !current.some((assignment) => assignment.kind === 'guide');
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {names && <span>{names}</span>}
      {noGuide && <Chip size="small" color="warning" variant="outlined" label={translate('departures.no_guide')} />}
    </Stack>
  );
}

const date = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : t('departures.enter_date'));

function BulkScheduleButton() {
  const [open, setOpen] = useState(false);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  // The button is disabled while a schedule is sent; this also holds if a second submit slips through.
  const sending = useRef(false);
  const submit = async (values: Record<string, unknown>) => {
    if (sending.current) return undefined;
    const body: BulkDepartures = {
      tourId: String(values.tourId ?? ''),
      from: String(values.from ?? ''),
      to: String(values.to ?? ''),
      weekdays: ((values.weekdays as number[] | undefined) ?? []).map(Number).sort(),
      startTime: String(values.startTime ?? ''),
      capacity: Number(values.capacity),
    };
    sending.current = true;
    try {
      const answer = await dataProvider.call<{ data: Departure[]; skipped: string[] }>('departures/bulk', { method: 'POST', body });
      const made = answer.data.length;
      const skipped = answer.skipped.length;
      const skippedText = skipped > 0 ? translate('departures.bulk.skipped', { smart_count: skipped, dates: `${listOf(answer.skipped.slice(0, 5).map(localDate))}${skipped > 5 ? '…' : ''}` }) : '';
      notify(`${translate('departures.bulk.scheduled', { smart_count: made })}${skippedText}`, { type: made > 0 ? 'success' : 'warning' });
      setOpen(false);
      return undefined;
    } catch (error) {
      notify(error instanceof Error ? error.message : 'departures.bulk.failed', { type: 'error' });
      return fieldErrorsOf(error) ?? undefined;
    } finally {
      sending.current = false;
    }
  };
  const defaults = { tourId: null, from: '', to: '', weekdays: [6], startTime: '09:00', capacity: 16 };
  return (
    <>
      <Button size="small" startIcon={<EventRepeatIcon />} onClick={() => setOpen(true)}>
        {translate('departures.bulk.button')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="bulk-title">
          <Form record={defaults} defaultValues={defaults} onSubmit={submit} noValidate>
            <DialogTitle id="bulk-title">{translate('departures.bulk.title')}</DialogTitle>
            <DialogContent>
              <ReferenceInput source="tourId" reference="tours">
                <AutocompleteInput label="resources.departures.fields.tourId" optionText={(tour) => `${tour.code} · ${tour.title}`} validate={requiredText('departures.bulk.what_tour')} isRequired />
              </ReferenceInput>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
                <TextInput source="from" label="resources.departures.fields.from" type="date" validate={date} isRequired slotProps={{ inputLabel: { shrink: true } }} />
                <TextInput source="to" label="resources.departures.fields.to" type="date" validate={date} isRequired slotProps={{ inputLabel: { shrink: true } }} helperText={translate('departures.bulk.at_most_days', { max: DEPARTURE_RULES.bulkMax })} />
              </Stack>
              <CheckboxGroupInput
                source="weekdays"
                label="resources.departures.fields.weekdays"
                choices={weekdayNames().map((name, index) => ({ id: index + 1, name }))}
                translateChoice={false}
                validate={(value: unknown) => (Array.isArray(value) && value.length > 0 ? undefined : translate('departures.bulk.weekdays_help'))}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
                <TextInput source="startTime" label="resources.departures.fields.startTime" type="time" validate={requiredText('departures.bulk.what_time')} isRequired slotProps={{ inputLabel: { shrink: true } }} />
                <NumberInput source="capacity" label="resources.departures.fields.capacity" min={1} max={10_000} step={1} isRequired />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>{translate('departures.bulk.cancel')}</Button>
              <SubmitButton label={translate('departures.bulk.schedule')} />
            </DialogActions>
          </Form>
        </Dialog>
      )}
    </>
  );
}

function ListActions({ view, onView }: { view: View; onView: (view: View) => void }) {
  const { canAccess } = useCanAccess({ resource: 'departures', action: 'create' });
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <FilterButton />
      <ViewSwitch view={view} onChange={onView} />
      {canAccess === true && <BulkScheduleButton />}
      {canAccess === true && <CreateButton />}
    </TopToolbar>
  );
}

export function DepartureList() {
  // The tour filter reads the tours: a role that may not (a guide's) filters without it.
  const { canAccess: canReadTours } = useCanAccess({ resource: 'tours', action: 'list' });
  // Whether a guide or a vehicle is missing tells who is assigned: only for who may read the resources.
  const { canAccess: canReadResources } = useCanAccess({ resource: 'resources', action: 'list' });
  const shownFilters = filters.filter((filter) => (filter.key !== 'tourId' || canReadTours === true) && (filter.key !== 'unassigned' || canReadResources === true));
  const small = useIsSmallScreen();
  const [view, setView] = useStore<View>('departures.view', 'list');
  const translate = useTranslate();
  const EMPTY = <p style={{ padding: 16 }}>{translate('departures.empty')}</p>;
  return (
    <List
      filters={shownFilters}
      actions={<ListActions view={view} onView={setView} />}
      sort={{ field: 'startsAt', order: 'ASC' }}
      // Staff open the list for what leaves next: it starts today, in a From filter that one click
      // removes to see the past.
      filterDefaultValues={{ from: todayOnThisCalendar() }}
      perPage={25}
      pagination={view === 'calendar' ? false : <ListPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      error={<ListLoadError what={translate('departures.the_departures')} />}
      empty={false}
      exporter={false}
    >
      {view === 'calendar' ? (
        <DepartureCalendar />
      ) : small ? (
        <SimpleList<Departure>
          linkType="show"
          primaryText={(departure) => departureWhen(departure)}
          secondaryText={(departure) => `${departure.tourCode} · ${departure.tourTitle}`}
          tertiaryText={(departure) => `${closedNowText(departure, translate) ?? STATUS_LABELS[departure.status]} · ${departure.seatsHeld + departure.seatsConfirmed}/${departure.capacity}`}
          empty={EMPTY}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={EMPTY}>
          <FunctionField<Departure> source="startsAt" sortBy="startsAt" render={(departure) => <RowLink to={`/departures/${encodeURIComponent(departure.id)}/show`}>{departureWhen(departure)}</RowLink>} />
          <FunctionField<Departure> source="tour" sortable={false} render={(departure) => `${departure.tourCode} · ${departure.tourTitle}`} />
          <FunctionField<Departure> source="seats" sortable={false} render={(departure) => <SeatsBar departure={departure} />} />
          <FunctionField<Departure> source="crew" sortable={false} render={(departure) => <CrewField departure={departure} />} />
          <DepartureStatusChip label="resources.departures.fields.status" />
        </Datagrid>
      )}
    </List>
  );
}
