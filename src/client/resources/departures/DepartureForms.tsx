/**
 * Scheduling one departure and changing it: the tour, the local date and time (in the tour's zone,
 * which the form names), the seats, the status, and the prices, which start as the tour's.
 */
import { Alert, Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  ShowButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { t } from '../../i18n';
import { useWatch } from 'react-hook-form';
import { DEPARTURE_RULES, type Departure } from '../../../shared/contract/departures';
import type { Tour } from '../../../shared/contract/tours';
import { FORM_WIDTH, GuardedDeleteButton } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { PriceFields } from '../common/MoneyInput';
import { requiredText, type Validator } from '../common/validators';
import { KeepDraft } from '../../session/KeepDraft';
import { departureWhen } from './departure-text';
import { instantOf, localDateAt } from '../../../shared/local-time';

const TIME = new RegExp(DEPARTURE_RULES.time.pattern);
const dateRule: Validator = (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : t('departures.enter_date'));
const timeRule: Validator = (value) => (typeof value === 'string' && TIME.test(value) ? undefined : t('departures.form.enter_time'));
const capacityRule: Validator = (value) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= DEPARTURE_RULES.capacity.minimum && number <= DEPARTURE_RULES.capacity.maximum ? undefined : t('departures.form.capacity_range');
};
const OPEN_OR_CLOSED = (['open', 'closed'] as const).map((status) => ({ id: status, name: `departures.status.${status}` }));

/**
 * A word before saving when the chosen moment is today or has passed in the tour's zone (the
 * server refuses a departure that has started; one today sells only until its cut-off).
 */
function WhenNotice({ tour, kept }: { tour: Tour | undefined; kept?: Departure }) {
  const translate = useTranslate();
  const [date, time] = useWatch({ name: ['startDate', 'startTime'] }) as [string | undefined, string | undefined];
  // A departure's own moment, unchanged, is no news (one under way keeps its start).
  if (kept && date === kept.startDate && time === kept.startTime) return null;
  if (!tour || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !time || !TIME.test(time)) return null;
  const now = new Date();
  const startsAt = instantOf(date, time, tour.timeZone);
  if (startsAt !== null && Date.parse(startsAt) <= now.getTime()) {
    return <Alert severity="error" sx={{ mb: 1 }}>{translate('departures.form.has_started', { zone: tour.timeZone })}</Alert>;
  }
  if (date === localDateAt(now, tour.timeZone)) {
    return <Alert severity="warning" sx={{ mb: 1 }}>{translate('departures.form.starts_today', { hours: tour.bookingCutoffHours })}</Alert>;
  }
  return null;
}

/** Date, time and seats, with the zone they are in named. */
function WhenInputs({ tour, kept }: { tour: Tour | undefined; kept?: Departure }) {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="startDate" type="date" validate={dateRule} isRequired fullWidth={false} slotProps={{ inputLabel: { shrink: true } }} />
        <TextInput source="startTime" label="resources.departures.fields.time" type="time" validate={timeRule} isRequired fullWidth={false} slotProps={{ inputLabel: { shrink: true } }} />
        <NumberInput source="capacity" min={1} max={10_000} step={1} validate={capacityRule} isRequired fullWidth={false} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {tour ? translate('departures.form.local_time_in', { zone: tour.timeZone }) : translate('departures.form.local_time')}
      </Typography>
      <WhenNotice tour={tour} kept={kept} />
    </>
  );
}

function PriceInputs({ currency }: { currency: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 1 }}>
        {translate('departures.form.prices_for_date')}
      </Typography>
      <PriceFields currency={currency} supplementHelp="departures.form.supplement" />
    </>
  );
}

function CreateInputs() {
  const tourId = useWatch({ name: 'tourId' }) as string | undefined;
  const tour = useGetOne<Tour>('tours', { id: tourId ?? '' }, { enabled: Boolean(tourId) }).data;
  const translate = useTranslate();
  return (
    <>
      <KeepDraft />
      <ReferenceInput source="tourId" reference="tours">
        <AutocompleteInput label="resources.departures.fields.tourId" optionText={(choice: Tour) => `${choice.code} · ${choice.title}`} validate={requiredText('departures.bulk.what_tour')} isRequired />
      </ReferenceInput>
      <WhenInputs tour={tour} />
      <SelectInput source="status" choices={OPEN_OR_CLOSED} helperText="departures.form.closed_help" />
      {tour && (
        <Typography variant="body2" color="text.secondary">
          {translate('departures.form.prices_start')}
        </Typography>
      )}
    </>
  );
}

export function DepartureCreate() {
  const translate = useTranslate();
  return (
    <Create sx={FORM_WIDTH} title={translate('departures.form.new')} redirect="show">
      <SimpleForm defaultValues={{ tourId: null, startDate: '', startTime: '09:00', capacity: 16, status: 'open' }} noValidate>
        <CreateInputs />
      </SimpleForm>
    </Create>
  );
}

function EditInputs() {
  const departure = useRecordContext<Departure>();
  const tour = useGetOne<Tour>('tours', { id: departure?.tourId ?? '' }, { enabled: Boolean(departure?.tourId) }).data;
  const translate = useTranslate();
  if (!departure) return null;
  return (
    <>
      <KeepDraft waitForRecord />
      <Typography variant="body1" sx={{ mb: 1 }}>
        {departure.tourCode} · {departure.tourTitle}
      </Typography>
      <WhenInputs tour={tour} kept={departure} />
      <SelectInput source="status" choices={OPEN_OR_CLOSED} helperText="departures.form.closed_help_edit" />
      {tour ? <PriceInputs currency={tour.currency} /> : <Typography color="text.secondary">{translate('departures.form.loading_currency')}</Typography>}
    </>
  );
}

function DepartureTitle() {
  const departure = useRecordContext<Departure>();
  const translate = useTranslate();
  return <>{departure ? `${departure.tourCode} · ${departureWhen(departure)}` : translate('departures.form.departure')}</>;
}

export function DepartureEdit() {
  const translate = useTranslate();
  return (
    <Edit
      sx={FORM_WIDTH}
      title={<DepartureTitle />}
      mutationMode="pessimistic"
      redirect="show"
      queryOptions={{ onError: () => undefined }}
      redirectOnError={false}
      error={<EditLoadError what={translate('departures.this_departure')} />}
      actions={
        <TopToolbar>
          <ShowButton />
        </TopToolbar>
      }
    >
      <ListPricesForm />
    </Edit>
  );
}

/**
 * The form edits the departure's list prices (its own, its season's or its tour's), not the price
 * shown now, which may be less a rule (early bird): typing over that would make the rule's price the
 * list price and take the rule off it twice. The prices are sent only when changed (index.ts).
 */
function ListPricesForm() {
  const translate = useTranslate();
  const departure = useRecordContext<Departure>();
  return (
    <SimpleForm
      noValidate
      record={departure && { ...departure, prices: departure.pricing?.listPrices ?? departure.prices }}
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          <GuardedDeleteButton confirmContent={translate('departures.form.delete_confirm')} />
        </Toolbar>
      }
    >
      <EditInputs />
    </SimpleForm>
  );
}

export { DepartureTitle };
