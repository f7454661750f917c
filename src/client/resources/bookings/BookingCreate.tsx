/**
 * A new booking, step by step: the tour and departure (free seats shown), the travellers, extras
 * and single rooms, then the lead contact beside a live price summary, and hold or confirm. The
 * summary adds the same integer lines the server will (prices as the departure sells them now).
 * One Idempotency-Key per form: a double click on Book, or a retry after a lost answer, makes one
 * booking. Without enough seats the server's answer says how many are free and offers the waitlist.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Step,
  StepButton,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Title, useDataProvider, useGetList, useGetOne, useNotify } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router';
import { BOOKING_CHANNELS, BOOKING_RULES, type Booking, type NewBooking } from '../../../shared/contract/bookings';
import type { Departure } from '../../../shared/contract/departures';
import type { Tour } from '../../../shared/contract/tours';
import { isEmailAddress } from '../../../shared/field-rules';
import { birthDateWarning, DEFAULT_AGE_BANDS, noAdultWarning } from '../../../shared/traveller-ages';
import { formatMinor } from '../../../shared/money';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { ApiError } from '../../providers/http-client';
import { useIsSmallScreen } from '../common/fields';
import { LoadFailure } from '../common/LoadError';
import { useTourComponents } from '../tours/tour-parts';
import { departureWhen, todayOnThisCalendar } from '../departures/departure-text';
import { CATEGORY_LABELS, CHANNEL_LABELS, newIdempotencyKey } from './booking-text';

type Category = keyof typeof CATEGORY_LABELS;
interface TravellerRow {
  key: number;
  category: Category;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

const STEPS = ['Departure', 'Travellers', 'Extras and rooms', 'Contact and book'] as const;
const HOLDS = [
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 24 * 60, label: '1 day' },
  { minutes: 3 * 24 * 60, label: '3 days' },
  { minutes: 7 * 24 * 60, label: '7 days' },
];
let rowKey = 0;
const newRow = (category: Category = 'ADULT'): TravellerRow => ({ key: (rowKey += 1), category, firstName: '', lastName: '', dateOfBirth: '' });

/** The lines the server will add up, from what the departure and the components sell now. */
function priceLines(departure: Departure | undefined, travellers: TravellerRow[], extras: Record<string, number>, components: { id: string; name: string; priceMinor: number | null }[], singleRooms: number) {
  if (!departure) return [];
  const lines: { label: string; amount: number }[] = [];
  for (const category of Object.keys(CATEGORY_LABELS) as Category[]) {
    const count = travellers.filter((traveller) => traveller.category === category).length;
    const price = departure.prices[category];
    if (count > 0 && price !== null) lines.push({ label: `${count} × ${CATEGORY_LABELS[category].toLowerCase()}`, amount: count * price });
  }
  for (const component of components) {
    const quantity = extras[component.id] ?? 0;
    if (quantity > 0 && component.priceMinor !== null) lines.push({ label: `${component.name} × ${quantity}`, amount: quantity * component.priceMinor });
  }
  if (singleRooms > 0 && departure.singleSupplementMinor !== null) lines.push({ label: `Single room × ${singleRooms}`, amount: singleRooms * departure.singleSupplementMinor });
  return lines;
}

function DepartureCard({ departure, currency, selected, onSelect }: { departure: Departure; currency: string; selected: boolean; onSelect: () => void }) {
  const free = departure.seatsAvailable;
  return (
    <Card variant="outlined" sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}>
      <CardActionArea onClick={onSelect} aria-pressed={selected}>
        <CardContent sx={{ py: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{departureWhen(departure)}</Typography>
          <Typography variant="body2" color={free === 0 ? 'error' : 'text.secondary'}>
            {free === 0 ? 'Full: waitlist only' : `${free} of ${departure.capacity} seats free`}
            {departure.waitlisted > 0 ? ` · ${departure.waitlisted} waiting` : ''}
            {departure.prices.ADULT !== null ? ` · adult ${formatMinor(departure.prices.ADULT, currency)}` : ''}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** What the form holds, kept in the tab so Back, Forward and a reload find it as it was. */
interface Draft {
  tourId: string | null;
  departureId: string | null;
  travellers: TravellerRow[];
  extras: Record<string, number>;
  singleRooms: number;
  contact: { name: string; email: string; phone: string };
  channel: (typeof BOOKING_CHANNELS)[number];
  notes: string;
  holdMinutes: number;
  waitlist: boolean;
  idempotencyKey: string;
  /** Set once the booking is made: coming back to this draft starts a new one. */
  madeBookingId?: string;
}

const DRAFT_PREFIX = 'bo-booking-draft:';

function readBookingDraft(id: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_PREFIX + id);
    if (raw === null) return null;
    const draft = JSON.parse(raw) as Draft;
    if (!draft || typeof draft !== 'object' || !Array.isArray(draft.travellers) || draft.travellers.length === 0) return null;
    // New rows get keys above the restored ones.
    rowKey = Math.max(rowKey, ...draft.travellers.map((row) => row.key));
    return draft;
  } catch {
    return null;
  }
}

function writeBookingDraft(id: string, draft: Draft): void {
  try {
    sessionStorage.setItem(DRAFT_PREFIX + id, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the form still works, only Back and reload lose it
  }
}

function freshDraft(departureId: string | null): Draft {
  return {
    tourId: null,
    departureId,
    travellers: [newRow()],
    extras: {},
    singleRooms: 0,
    contact: { name: '', email: '', phone: '' },
    channel: 'phone',
    notes: '',
    holdMinutes: 60,
    waitlist: false,
    idempotencyKey: newIdempotencyKey(),
  };
}

/**
 * The draft's id and the step live in the address (?draft=…&step=2), each step a history entry of
 * its own: the browser's Back goes one step back, Forward one step on, and a reload of the tab
 * finds the same step with what was typed (kept in the tab's session storage under the draft's id).
 * Opening "New booking" again starts a new draft.
 */
function useBookingDraft(): { draftId: string; step: number; setStep: (step: number, replace?: boolean) => void; initial: Draft } {
  const [search, setSearch] = useSearchParams();
  const draftParam = search.get('draft');
  const [{ draftId, initial }] = useState(() => {
    const stored = draftParam ? readBookingDraft(draftParam) : null;
    if (draftParam && !stored?.madeBookingId) return { draftId: draftParam, initial: stored ?? freshDraft(search.get('departureId')) };
    return { draftId: newIdempotencyKey(), initial: freshDraft(search.get('departureId')) };
  });
  useEffect(() => {
    if (draftParam === draftId) return;
    // A new draft, or one whose booking was made already: a new draft in the same history entry.
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('draft', draftId);
        next.delete('step');
        return next;
      },
      { replace: true },
    );
  }, [draftParam, draftId, setSearch]);
  const raw = Number(search.get('step') ?? 0);
  const step = draftParam === draftId && Number.isInteger(raw) && raw >= 0 && raw < STEPS.length ? raw : 0;
  const setStep = (next: number, replace = false) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('draft', draftId);
        if (next === 0) params.delete('step');
        else params.set('step', String(next));
        return params;
      },
      { replace },
    );
  return { draftId, step, setStep, initial };
}

export function BookingCreate() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const small = useIsSmallScreen();
  const [search] = useSearchParams();
  const { draftId, step, setStep, initial } = useBookingDraft();
  const [tourId, setTourId] = useState<string | null>(initial.tourId);
  const [departureId, setDepartureId] = useState<string | null>(initial.departureId);
  const [travellers, setTravellers] = useState<TravellerRow[]>(initial.travellers);
  const [extras, setExtras] = useState<Record<string, number>>(initial.extras);
  const [singleRooms, setSingleRooms] = useState(initial.singleRooms);
  const [contact, setContact] = useState(initial.contact);
  const [channel, setChannel] = useState<(typeof BOOKING_CHANNELS)[number]>(initial.channel);
  const [notes, setNotes] = useState(initial.notes);
  const [holdMinutes, setHoldMinutes] = useState(initial.holdMinutes);
  const [waitlist, setWaitlist] = useState(initial.waitlist);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ message: string; available?: number } | null>(null);
  const [sending, setSending] = useState(false);
  // One key for this form (kept with its draft, so a reload after a lost answer still books once):
  // every press of Book sends it, so the server makes one booking at most.
  const [idempotencyKey, setIdempotencyKey] = useState(initial.idempotencyKey);
  const made = useRef(false);
  useEffect(() => {
    if (made.current) return;
    writeBookingDraft(draftId, { tourId, departureId, travellers, extras, singleRooms, contact, channel, notes, holdMinutes, waitlist, idempotencyKey });
  }, [draftId, tourId, departureId, travellers, extras, singleRooms, contact, channel, notes, holdMinutes, waitlist, idempotencyKey]);

  const preselected = useGetOne<Departure>('departures', { id: search.get('departureId') ?? '' }, { enabled: Boolean(search.get('departureId')) });
  useEffect(() => {
    if (preselected.data && tourId === null) setTourId(preselected.data.tourId);
  }, [preselected.data, tourId]);
  // Arrived from a departure: its tour is chosen for the clerk once the departure has loaded; until
  // then the field waits, so that nothing typed into it is overwritten.
  const choosingFromDeparture = Boolean(search.get('departureId')) && preselected.isPending && tourId === null;
  const tours = useGetList<Tour>('tours', { filter: { status: 'published' }, sort: { field: 'title', order: 'ASC' }, pagination: { page: 1, perPage: 100 } });
  const tour = tours.data?.find((candidate) => candidate.id === tourId);
  const departures = useGetList<Departure>(
    'departures',
    { filter: { tourId, status: 'open', from: todayOnThisCalendar() }, sort: { field: 'startsAt', order: 'ASC' }, pagination: { page: 1, perPage: 60 } },
    { enabled: tourId !== null },
  );
  const departure = departures.data?.find((candidate) => candidate.id === departureId) ?? (preselected.data?.id === departureId ? preselected.data : undefined);
  const components = useTourComponents(tourId ?? '');
  const optional = useMemo(() => (components.data ?? []).filter((component) => component.inclusion === 'optional'), [components.data]);
  const currency = tour?.currency ?? 'EUR';
  const lines = priceLines(departure, travellers, extras, optional, singleRooms);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const seats = travellers.filter((traveller) => traveller.category !== 'INFANT').length;
  const adults = travellers.filter((traveller) => traveller.category === 'ADULT').length;
  const soldCategories = departure ? (Object.keys(CATEGORY_LABELS) as Category[]).filter((category) => departure.prices[category] !== null) : (['ADULT'] as Category[]);
  const tooFew = departure !== undefined && seats > departure.seatsAvailable;
  // Warnings, not refusals: the clerk may know better.
  const bands = tour ?? DEFAULT_AGE_BANDS;
  const ageWarnings = travellers.map((traveller) => birthDateWarning(traveller, departure?.startDate, bands));
  const adultWarning = seats > 0 ? noAdultWarning(travellers) : null;

  const check = (upTo: number): Record<string, string> => {
    const found: Record<string, string> = {};
    if (upTo >= 0 && !departure) found.departureId = 'Choose a departure.';
    if (upTo >= 1) {
      travellers.forEach((traveller, index) => {
        if (!traveller.firstName.trim()) found[`travellers.${index}.firstName`] = 'Enter a first name.';
        if (!traveller.lastName.trim()) found[`travellers.${index}.lastName`] = 'Enter a last name.';
        if (!soldCategories.includes(traveller.category)) found[`travellers.${index}.category`] = `${CATEGORY_LABELS[traveller.category]} places are not sold on this departure.`;
      });
      if (seats === 0) found.travellers = 'An infant travels with an adult or a child.';
    }
    if (upTo >= 2 && singleRooms > adults) found.singleRooms = `At most one per adult (${adults}).`;
    if (upTo >= 3) {
      if (!contact.name.trim()) found['contact.name'] = 'Enter the lead contact’s name.';
      if (!isEmailAddress(contact.email.trim())) found['contact.email'] = 'Enter an e-mail address such as name@example.com.';
    }
    return found;
  };
  const stepOf = (field: string) => (field === 'departureId' ? 0 : field.startsWith('travellers') ? 1 : field.startsWith('extras') || field === 'singleRooms' ? 2 : 3);
  const go = (target: number) => {
    if (target > step) {
      const found = check(target - 1);
      setProblems(found);
      if (Object.keys(found).length > 0) {
        const first = Math.min(...Object.keys(found).map(stepOf));
        if (first !== step) setStep(first, true);
        return;
      }
    }
    if (target !== step) setStep(target);
  };

  const submit = async (status: 'held' | 'confirmed') => {
    const found = check(3);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setStep(Math.min(...Object.keys(found).map(stepOf)), true);
      return;
    }
    const body: NewBooking = {
      departureId: departure!.id,
      contact: { name: contact.name.trim(), email: contact.email.trim(), ...(contact.phone.trim() && { phone: contact.phone.trim() }) },
      travellers: travellers.map((traveller) => ({
        category: traveller.category,
        firstName: traveller.firstName.trim(),
        lastName: traveller.lastName.trim(),
        ...(traveller.dateOfBirth && { dateOfBirth: traveller.dateOfBirth }),
      })),
      extras: Object.entries(extras)
        .filter(([, quantity]) => quantity > 0)
        .map(([componentId, quantity]) => ({ componentId, quantity })),
      singleRooms,
      status,
      ...(status === 'held' && { holdMinutes }),
      ...(waitlist && { waitlist: true }),
      channel,
      ...(notes.trim() && { notes: notes.trim() }),
    };
    setSending(true);
    setRefusal(null);
    try {
      const booking = await dataProvider.call<Booking>('bookings', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
      // Made: coming back to this draft (Back from the booking's page) starts a new booking.
      made.current = true;
      writeBookingDraft(draftId, { ...freshDraft(null), madeBookingId: booking.id });
      notify(`Booking ${booking.reference} ${booking.status === 'waitlisted' ? 'put on the waitlist' : booking.status}`, { type: 'success' });
      navigate(`/bookings/${booking.id}/show`);
    } catch (error) {
      // Refused: nothing was booked, and the key is free again for the corrected request.
      setIdempotencyKey(newIdempotencyKey());
      const data = error instanceof ApiError ? (error.data as { code?: string; available?: number; errors?: Record<string, string> } | null) : null;
      if (data?.errors) {
        setProblems(data.errors);
        const first = Math.min(...Object.keys(data.errors).map(stepOf));
        if (first !== step) setStep(first, true);
      }
      setRefusal({ message: error instanceof Error ? error.message : 'The booking was not made.', available: data?.code === 'SOLD_OUT' ? data.available : undefined });
      notify(error instanceof Error ? error.message : 'The booking was not made.', { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  const updateTraveller = (index: number, change: Partial<TravellerRow>) => setTravellers((rows) => rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  const summary = (
    <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 80 } }} aria-live="polite">
      <Typography component="h2" variant="h6">
        Price
      </Typography>
      {tour && <Typography variant="body2" color="text.secondary">{tour.code} · {tour.title}</Typography>}
      {departure && <Typography variant="body2" color="text.secondary">{departureWhen(departure)}</Typography>}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, my: 1.5 }}>
        {lines.map((line) => (
          <Box key={line.label} sx={{ display: 'contents' }}>
            <dt>{line.label}</dt>
            <dd style={{ margin: 0, textAlign: 'right' }}>{formatMinor(line.amount, currency)}</dd>
          </Box>
        ))}
        <dt style={{ fontWeight: 700 }}>Total</dt>
        <dd style={{ margin: 0, textAlign: 'right', fontWeight: 700 }}>{formatMinor(total, currency)}</dd>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {seats === 1 ? '1 seat' : `${seats} seats`} (infants sit on a lap){departure ? ` · ${departure.seatsAvailable} free` : ''}
      </Typography>
    </Paper>
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="New booking" />
      <Stepper nonLinear activeStep={step} orientation={small ? 'vertical' : 'horizontal'} sx={{ mb: 3 }}>
        {STEPS.map((label, index) => (
          <Step key={label} completed={index < step}>
            <StepButton onClick={() => go(index)}>{label}</StepButton>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
        <Box component="section" aria-label={STEPS[step]}>
          {step === 0 && (
            <Stack sx={{ gap: 2 }}>
              {tours.error ? (
                <LoadFailure error={tours.error} onRetry={() => tours.refetch()} what="The tours" />
              ) : (
                <Autocomplete
                  options={tours.data ?? []}
                  loading={tours.isPending}
                  disabled={choosingFromDeparture}
                  value={tour ?? null}
                  onChange={(_event, value) => {
                    setTourId(value?.id ?? null);
                    setDepartureId(null);
                    setExtras({});
                  }}
                  getOptionLabel={(option) => `${option.code} · ${option.title}`}
                  isOptionEqualToValue={(option, value) => option.id === value.id}
                  renderInput={(params) => <TextField {...params} label="Tour" helperText={choosingFromDeparture ? 'Finding the departure’s tour…' : 'Published tours'} />}
                />
              )}
              {tourId !== null && departures.error && <LoadFailure error={departures.error} onRetry={() => departures.refetch()} what="The departures" />}
              {tourId !== null && departures.data?.length === 0 && <Alert severity="info">This tour has no open departures from today on.</Alert>}
              {problems.departureId && <Alert severity="error">{problems.departureId}</Alert>}
              <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
                {(departures.data ?? []).map((candidate) => (
                  <DepartureCard key={candidate.id} departure={candidate} currency={currency} selected={candidate.id === departureId} onSelect={() => setDepartureId(candidate.id)} />
                ))}
              </Box>
            </Stack>
          )}
          {step === 1 && (
            <Stack sx={{ gap: 2 }}>
              {problems.travellers && <Alert severity="error">{problems.travellers}</Alert>}
              {travellers.map((traveller, index) => (
                <Paper key={traveller.key} variant="outlined" sx={{ p: 1.5 }}>
                  {/* A row that wraps where the names and the date would be cut off; one field a line on a phone. */}
                  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' }, flexWrap: { sm: 'wrap' } }}>
                    <TextField
                      select
                      label="Category"
                      value={traveller.category}
                      onChange={(event) => updateTraveller(index, { category: event.target.value as Category })}
                      // Wide enough for "Infant · ISK 389,000" on a desktop; the whole row on a phone.
                      sx={{ flex: { sm: '0 0 240px' } }}
                      error={Boolean(problems[`travellers.${index}.category`])}
                      helperText={problems[`travellers.${index}.category`]}
                    >
                      {(Object.keys(CATEGORY_LABELS) as Category[]).map((category) => (
                        <MenuItem key={category} value={category} disabled={!soldCategories.includes(category)}>
                          {CATEGORY_LABELS[category]}
                          {departure && departure.prices[category] !== null ? ` · ${formatMinor(departure.prices[category]!, currency)}` : ' · not sold'}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      label="First name"
                      required
                      value={traveller.firstName}
                      onChange={(event) => updateTraveller(index, { firstName: event.target.value })}
                      error={Boolean(problems[`travellers.${index}.firstName`])}
                      helperText={problems[`travellers.${index}.firstName`]}
                      sx={{ flex: { sm: '1 1 150px' } }}
                      slotProps={{ htmlInput: { maxLength: BOOKING_RULES.name.maxLength, name: `travellers.${index}.firstName` } }}
                    />
                    <TextField
                      label="Last name"
                      required
                      value={traveller.lastName}
                      onChange={(event) => updateTraveller(index, { lastName: event.target.value })}
                      error={Boolean(problems[`travellers.${index}.lastName`])}
                      helperText={problems[`travellers.${index}.lastName`]}
                      sx={{ flex: { sm: '1 1 150px' } }}
                      slotProps={{ htmlInput: { maxLength: BOOKING_RULES.name.maxLength, name: `travellers.${index}.lastName` } }}
                    />
                    <TextField
                      label="Born"
                      type="date"
                      value={traveller.dateOfBirth}
                      onChange={(event) => updateTraveller(index, { dateOfBirth: event.target.value })}
                      error={Boolean(problems[`travellers.${index}.dateOfBirth`])}
                      helperText={problems[`travellers.${index}.dateOfBirth`]}
                      sx={{ flex: { sm: '0 0 170px' } }}
                      id={`traveller-${traveller.key}-born`}
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': ageWarnings[index] ? `traveller-${traveller.key}-age` : undefined } }}
                    />
                    <IconButton aria-label={`Remove traveller ${index + 1}`} disabled={travellers.length === 1} onClick={() => setTravellers((rows) => rows.filter((_, at) => at !== index))}>
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                  {ageWarnings[index] && (
                    <Typography id={`traveller-${traveller.key}-age`} variant="body2" color="warning.main" sx={{ mt: 1 }}>
                      {ageWarnings[index]}
                    </Typography>
                  )}
                </Paper>
              ))}
              <Box>
                <Button startIcon={<AddIcon />} disabled={travellers.length >= BOOKING_RULES.travellers.maxItems} onClick={() => setTravellers((rows) => [...rows, newRow()])}>
                  Add traveller
                </Button>
              </Box>
              {adultWarning && <Alert severity="warning">{adultWarning}</Alert>}
              {tooFew && (
                <Alert severity="warning">
                  {departure!.seatsAvailable === 0 ? 'This departure is full.' : `Only ${departure!.seatsAvailable} seats are free.`} You can put the booking on the waitlist: it takes no seat until it is confirmed.
                </Alert>
              )}
            </Stack>
          )}
          {step === 2 && (
            <Stack sx={{ gap: 2 }}>
              {components.error && <LoadFailure error={components.error} onRetry={() => components.refetch()} what="The extras" />}
              {optional.length === 0 && !components.isPending && <Typography color="text.secondary">This tour has no optional extras.</Typography>}
              {optional.map((component, index) => (
                <Stack key={component.id} direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                  <TextField
                    label="Quantity"
                    type="number"
                    value={extras[component.id] ?? 0}
                    onChange={(event) => setExtras((current) => ({ ...current, [component.id]: Math.max(0, Math.min(BOOKING_RULES.quantity.maximum, Math.floor(Number(event.target.value) || 0))) }))}
                    sx={{ width: 110 }}
                    error={Boolean(problems[`extras.${index}.componentId`])}
                    helperText={problems[`extras.${index}.componentId`]}
                    slotProps={{ htmlInput: { min: 0, max: BOOKING_RULES.quantity.maximum, 'aria-label': `${component.name}: quantity` } }}
                  />
                  <Box>
                    <Typography>{component.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {component.priceMinor !== null ? `${formatMinor(component.priceMinor, currency)} each` : ''} · day {component.dayFrom}
                      {component.dayTo !== component.dayFrom ? `–${component.dayTo}` : ''}
                    </Typography>
                  </Box>
                </Stack>
              ))}
              {departure && departure.singleSupplementMinor !== null ? (
                <TextField
                  label="Single rooms"
                  type="number"
                  value={singleRooms}
                  onChange={(event) => setSingleRooms(Math.max(0, Math.floor(Number(event.target.value) || 0)))}
                  sx={{ width: 200 }}
                  error={Boolean(problems.singleRooms)}
                  helperText={problems.singleRooms ?? `${formatMinor(departure.singleSupplementMinor, currency)} each; at most one per adult (${adults})`}
                  slotProps={{ htmlInput: { min: 0, max: adults } }}
                />
              ) : (
                <Typography color="text.secondary">Single rooms are not sold on this departure.</Typography>
              )}
            </Stack>
          )}
          {step === 3 && (
            <Stack sx={{ gap: 2 }}>
              <TextField label="Lead contact’s name" required value={contact.name} onChange={(event) => setContact({ ...contact, name: event.target.value })} error={Boolean(problems['contact.name'])} helperText={problems['contact.name']} slotProps={{ htmlInput: { name: 'contact.name', maxLength: BOOKING_RULES.name.maxLength } }} />
              <TextField label="E-mail" required type="email" value={contact.email} onChange={(event) => setContact({ ...contact, email: event.target.value })} error={Boolean(problems['contact.email'])} helperText={problems['contact.email']} slotProps={{ htmlInput: { name: 'contact.email' } }} />
              <TextField label="Phone" value={contact.phone} onChange={(event) => setContact({ ...contact, phone: event.target.value })} helperText={problems['contact.phone']} slotProps={{ htmlInput: { name: 'contact.phone', maxLength: BOOKING_RULES.phone.maxLength } }} />
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                <TextField select label="Booked by" value={channel} onChange={(event) => setChannel(event.target.value as (typeof BOOKING_CHANNELS)[number])} sx={{ minWidth: 160 }}>
                  {BOOKING_CHANNELS.map((value) => (
                    <MenuItem key={value} value={value}>
                      {CHANNEL_LABELS[value]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField select label="Hold the seats for" value={holdMinutes} onChange={(event) => setHoldMinutes(Number(event.target.value))} sx={{ minWidth: 180 }} helperText="When held, not confirmed">
                  {HOLDS.map((hold) => (
                    <MenuItem key={hold.minutes} value={hold.minutes}>
                      {hold.label}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <TextField label="Notes" multiline minRows={2} value={notes} onChange={(event) => setNotes(event.target.value)} slotProps={{ htmlInput: { maxLength: BOOKING_RULES.notes.maxLength } }} />
              {(tooFew || refusal?.available !== undefined) && (
                <FormControlLabel control={<Checkbox checked={waitlist} onChange={(event) => setWaitlist(event.target.checked)} />} label="Put it on the waitlist if the seats are not free" />
              )}
              {refusal && (
                <Alert severity="error">
                  {refusal.message}
                  {refusal.available !== undefined && !waitlist ? ' Tick “waitlist” to put it on the waitlist, or take fewer travellers.' : ''}
                </Alert>
              )}
            </Stack>
          )}
          <Stack direction="row" sx={{ gap: 1, mt: 3, flexWrap: 'wrap' }}>
            {step > 0 && <Button onClick={() => go(step - 1)}>Back</Button>}
            {step < STEPS.length - 1 && (
              <Button variant="contained" onClick={() => go(step + 1)}>
                Next
              </Button>
            )}
            {step === STEPS.length - 1 && (
              <>
                <Button variant="outlined" disabled={sending} onClick={() => void submit('held')}>
                  Hold seats
                </Button>
                <Button variant="contained" disabled={sending} onClick={() => void submit('confirmed')}>
                  Book and confirm
                </Button>
              </>
            )}
          </Stack>
        </Box>
        {summary}
      </Box>
    </Box>
  );
}
