/**
 * Scheduling one departure and changing it: the tour, the local date and time (in the tour's zone,
 * which the form names), the seats, the status, and the prices, which start as the tour's.
 */
import { Box, Typography } from '@mui/material';
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
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DEPARTURE_RULES, type Departure } from '../../../shared/contract/departures';
import type { Tour } from '../../../shared/contract/tours';
import { FORM_WIDTH, GuardedDeleteButton } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { PriceFields } from '../common/MoneyInput';
import { requiredText, type Validator } from '../common/validators';
import { KeepDraft } from '../../session/KeepDraft';
import { departureWhen, STATUS_LABELS } from './departure-text';

const TIME = new RegExp(DEPARTURE_RULES.time.pattern);
const dateRule: Validator = (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : 'Enter a date.');
const timeRule: Validator = (value) => (typeof value === 'string' && TIME.test(value) ? undefined : 'Enter a time such as 09:30.');
const capacityRule: Validator = (value) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= DEPARTURE_RULES.capacity.minimum && number <= DEPARTURE_RULES.capacity.maximum ? undefined : 'Enter a whole number of seats from 1 to 10,000.';
};
const OPEN_OR_CLOSED = (['open', 'closed'] as const).map((status) => ({ id: status, name: STATUS_LABELS[status] }));

/** Date, time and seats, with the zone they are in named. */
function WhenInputs({ tour }: { tour: Tour | undefined }) {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="startDate" label="Date" type="date" validate={dateRule} isRequired fullWidth={false} slotProps={{ inputLabel: { shrink: true } }} />
        <TextInput source="startTime" label="Time" type="time" validate={timeRule} isRequired fullWidth={false} slotProps={{ inputLabel: { shrink: true } }} />
        <NumberInput source="capacity" label="Seats" min={1} max={10_000} step={1} validate={capacityRule} isRequired fullWidth={false} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {tour ? `Local time in ${tour.timeZone}, where the tour starts.` : 'Local time in the tour’s time zone.'}
      </Typography>
    </>
  );
}

function PriceInputs({ currency }: { currency: string }) {
  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 1 }}>
        Prices for this date
      </Typography>
      <PriceFields currency={currency} supplementHelp="Supplement per traveller" />
    </>
  );
}

function CreateInputs() {
  const tourId = useWatch({ name: 'tourId' }) as string | undefined;
  const tour = useGetOne<Tour>('tours', { id: tourId ?? '' }, { enabled: Boolean(tourId) }).data;
  return (
    <>
      <KeepDraft />
      <ReferenceInput source="tourId" reference="tours">
        <AutocompleteInput label="Tour" optionText={(choice: Tour) => `${choice.code} · ${choice.title}`} validate={requiredText('a tour')} isRequired />
      </ReferenceInput>
      <WhenInputs tour={tour} />
      <SelectInput source="status" label="Status" choices={OPEN_OR_CLOSED} helperText="A closed departure takes no new bookings" />
      {tour && (
        <Typography variant="body2" color="text.secondary">
          Prices start as the tour’s; change them for this date once it is scheduled.
        </Typography>
      )}
    </>
  );
}

export function DepartureCreate() {
  return (
    <Create sx={FORM_WIDTH} title="New departure" redirect="show">
      <SimpleForm defaultValues={{ tourId: null, startDate: '', startTime: '09:00', capacity: 16, status: 'open' }} noValidate>
        <CreateInputs />
      </SimpleForm>
    </Create>
  );
}

function EditInputs() {
  const departure = useRecordContext<Departure>();
  const tour = useGetOne<Tour>('tours', { id: departure?.tourId ?? '' }, { enabled: Boolean(departure?.tourId) }).data;
  if (!departure) return null;
  return (
    <>
      <KeepDraft waitForRecord />
      <Typography variant="body1" sx={{ mb: 1 }}>
        {departure.tourCode} · {departure.tourTitle}
      </Typography>
      <WhenInputs tour={tour} />
      <SelectInput source="status" label="Status" choices={OPEN_OR_CLOSED} helperText="A closed departure takes no new bookings; cancel it from its page" />
      {tour ? <PriceInputs currency={tour.currency} /> : <Typography color="text.secondary">Loading the tour’s currency…</Typography>}
    </>
  );
}

function DepartureTitle() {
  const departure = useRecordContext<Departure>();
  return <>{departure ? `${departure.tourCode} · ${departureWhen(departure)}` : 'Departure'}</>;
}

export function DepartureEdit() {
  return (
    <Edit
      sx={FORM_WIDTH}
      title={<DepartureTitle />}
      mutationMode="pessimistic"
      redirect="show"
      queryOptions={{ onError: () => undefined }}
      redirectOnError={false}
      error={<EditLoadError what="This departure" />}
      actions={
        <TopToolbar>
          <ShowButton />
        </TopToolbar>
      }
    >
      <SimpleForm
        noValidate
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <GuardedDeleteButton confirmContent="Delete this departure? Only a departure nobody has booked can be deleted; cancel it otherwise." />
          </Toolbar>
        }
      >
        <EditInputs />
      </SimpleForm>
    </Edit>
  );
}

export { DepartureTitle };
