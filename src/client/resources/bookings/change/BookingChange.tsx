/**
 * Moving a booking to another departure (of its tour or another) and changing its travellers,
 * without cancelling it: the reference, payments, history and voucher stay. The price is taken again
 * by the server, which answers a preview of the booking as it would be (its price, and whether the
 * seats are there) before anything is saved; the difference is shown, and Save makes the change in
 * one go, or says why it was refused.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Autocomplete, Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Title, useDataProvider, useGetList, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import type { Booking, ChangeBooking } from '../../../../shared/contract/bookings';
import { TRAVELLER_CATEGORIES } from '../../../../shared/contract/tour-rules';
import type { Departure } from '../../../../shared/contract/departures';
import type { Tour } from '../../../../shared/contract/tours';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { fieldErrorsOf } from '../../../providers/http-client';
import { FORM_WIDTH } from '../../common/fields';
import { LoadFailure } from '../../common/LoadError';
import { closedFor, departureWhen, todayOnThisCalendar } from '../../departures/departure-text';
import { CATEGORY_LABELS, money, travellerName } from '../booking-text';

type Category = (typeof TRAVELLER_CATEGORIES)[number];
interface Row {
  key: string;
  id?: string;
  category: Category;
  firstName: string;
  lastName: string;
}

let rowKey = 0;

function rowsOf(booking: Booking): Row[] {
  return booking.travellers.map((traveller) => ({ key: traveller.id, id: traveller.id, category: traveller.category, firstName: traveller.firstName, lastName: traveller.lastName }));
}

/** The request for these choices: only what differs from the booking. */
function requestOf(booking: Booking, departureId: string, rows: Row[]): Omit<ChangeBooking, 'preview'> {
  const sameTravellers = rows.length === booking.travellers.length && rows.every((row, index) => row.id === booking.travellers[index].id && row.category === booking.travellers[index].category);
  return {
    ...(departureId !== booking.departureId && { departureId }),
    ...(!sameTravellers && {
      travellers: rows.map((row) => (row.id ? { id: row.id, category: row.category } : { category: row.category, firstName: row.firstName.trim(), lastName: row.lastName.trim() })),
    }),
  };
}

function DeparturePicker({ tourId, value, onChange }: { tourId: string; value: string; onChange: (id: string) => void }) {
  const translate = useTranslate();
  const departures = useGetList<Departure>('departures', { filter: { tourId, from: todayOnThisCalendar() }, sort: { field: 'startsAt', order: 'ASC' }, pagination: { page: 1, perPage: 100 } });
  const current = useGetOne<Departure>('departures', { id: value }, { enabled: Boolean(value) });
  const options = useMemo(() => {
    const list = departures.data ?? [];
    return current.data && !list.some((departure) => departure.id === current.data.id) && current.data.tourId === tourId ? [current.data, ...list] : list;
  }, [departures.data, current.data, tourId]);
  if (departures.error) return <LoadFailure error={departures.error} onRetry={() => departures.refetch()} what={translate('bookings.change.the_departures')} />;
  return (
    <TextField
      select
      label={translate('bookings.change.departure')}
      value={options.some((departure) => departure.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      // A departure's line wraps on a phone rather than widening the page.
      sx={{ minWidth: 0, '& .MuiSelect-select': { whiteSpace: 'normal' } }}
      helperText={translate(departures.isPending ? 'bookings.change.loading' : 'bookings.change.departure_help')}>
      {options.map((departure) => (
        <MenuItem key={departure.id} value={departure.id} disabled={closedFor(departure) !== null && departure.id !== value}>
          {departureWhen(departure)} · {translate('bookings.change.free', { count: departure.seatsAvailable })}
          {closedFor(departure) !== null ? ` · ${translate(`bookings.create.closed_${closedFor(departure)}`)}` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function BookingChange() {
  const { id = '' } = useParams();
  const booking = useGetOne<Booking>('bookings', { id });
  const translate = useTranslate();
  const tours = useGetList<Tour>('tours', { filter: { status: 'published' }, sort: { field: 'code', order: 'ASC' }, pagination: { page: 1, perPage: 100 } });
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [tourId, setTourId] = useState<string | null>(null);
  const [departureId, setDepartureId] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [preview, setPreview] = useState<{ booking: Booking | null; refusal: string | null; problems: Record<string, string> }>({ booking: null, refusal: null, problems: {} });
  const [saving, setSaving] = useState(false);
  const asked = useRef(0);

  const current = booking.data;
  useEffect(() => {
    if (current && rows === null) {
      setRows(rowsOf(current));
      setTourId(current.tourId);
      setDepartureId(current.departureId);
    }
  }, [current, rows]);

  const request = current && rows && departureId ? requestOf(current, departureId, rows) : null;
  const unchanged = request !== null && Object.keys(request).length === 0;
  const requestKey = JSON.stringify(request);
  // A new traveller is named before the price is asked: the server would refuse the nameless row.
  const namesMissing = Boolean(current && rows?.some((row) => !row.id && (row.firstName.trim() === '' || row.lastName.trim() === '') && current.channel !== 'reseller'));
  useEffect(() => {
    if (!current || !request || unchanged || namesMissing) {
      setPreview({ booking: null, refusal: null, problems: {} });
      return;
    }
    const ask = ++asked.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await dataProvider.call<Booking>(`bookings/${encodeURIComponent(current.id)}/change`, { method: 'POST', body: { ...request, preview: true } });
        if (ask === asked.current) setPreview({ booking: answer, refusal: null, problems: {} });
      } catch (failure) {
        if (ask === asked.current) setPreview({ booking: null, refusal: failure instanceof Error ? failure.message : translate('bookings.change.cannot'), problems: fieldErrorsOf(failure) ?? {} });
      }
    }, 350);
    return () => clearTimeout(timer);
    // requestKey stands for the request's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, current?.id, unchanged, namesMissing]);

  if (booking.error) return <LoadFailure error={booking.error} onRetry={() => booking.refetch()} what={translate('bookings.page.this_booking')} />;
  if (!current || !rows || !tourId || !departureId) return <Typography sx={{ p: 2 }}>Loading…</Typography>;
  if (current.status !== 'held' && current.status !== 'confirmed') {
    return (
      <Box sx={{ p: 2, ...FORM_WIDTH }}>
        <Alert severity="info">Only a held or confirmed booking can be moved or changed; this one is {current.status}.</Alert>
      </Box>
    );
  }

  const setRow = (key: string, change: Partial<Row>) => setRows(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const save = async () => {
    if (!request) return;
    setSaving(true);
    try {
      await dataProvider.call<Booking>(`bookings/${encodeURIComponent(current.id)}/change`, { method: 'POST', body: request });
      notify('bookings.change.changed', { type: 'success' });
      navigate(`/bookings/${encodeURIComponent(current.id)}/show`);
    } catch (failure) {
      notify(failure instanceof Error ? translate('bookings.change.not_changed', { reason: failure.message }) : 'bookings.change.not_changed_plain', { type: 'error' });
      setPreview({ booking: null, refusal: failure instanceof Error ? failure.message : translate('bookings.change.refused'), problems: fieldErrorsOf(failure) ?? {} });
    } finally {
      setSaving(false);
    }
  };
  const after = preview.booking;
  const difference = after ? after.totalMinor - current.totalMinor : 0;
  // A refusal about fields is said beside them; the sentence above says so in words, not by the fields' paths.
  const fieldsRefused = Object.keys(preview.problems).length > 0;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, ...FORM_WIDTH }}>
      <Title title={translate('bookings.change.title', { reference: current.reference })} />
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {translate('bookings.change.heading', { reference: current.reference })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('bookings.change.stays')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack sx={{ gap: 2 }}>
          <Autocomplete
            options={tours.data ?? []}
            value={(tours.data ?? []).find((tour) => tour.id === tourId) ?? null}
            getOptionLabel={(tour) => `${tour.code} · ${tour.title}`}
            onChange={(_event, tour) => {
              if (!tour) return;
              setTourId(tour.id);
              if (tour.id !== current.tourId) setDepartureId('');
              else setDepartureId(current.departureId);
            }}
            renderInput={(params) => <TextField {...params} label={translate('bookings.change.tour')} helperText={tours.error ? translate('bookings.change.tours_failed') : undefined} />}
          />
          <DeparturePicker tourId={tourId} value={departureId} onChange={setDepartureId} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label={translate('bookings.change.travellers')}>
        <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
          {translate('bookings.change.travellers')}
        </Typography>
        <Stack sx={{ gap: 1.5 }}>
          {rows.map((row, index) => (
            <Stack key={row.key} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' }, flexWrap: { sm: 'wrap' } }}>
              <TextField select size="small" label={translate('bookings.change.traveller_n', { n: index + 1 })} value={row.category} onChange={(event) => setRow(row.key, { category: event.target.value as Category })} sx={{ flex: { sm: '0 0 150px' } }}>
                {TRAVELLER_CATEGORIES.map((category) => (
                  <MenuItem key={category} value={category}>
                    {CATEGORY_LABELS[category]}
                  </MenuItem>
                ))}
              </TextField>
              {row.id ? (
                <Typography sx={{ flex: 1, alignSelf: { sm: 'center' }, minWidth: 0 }}>{travellerName(row)}</Typography>
              ) : (
                <>
                  {/* Each name at least 160 px wide on a desktop (the row wraps rather than squeeze them), the whole width on a phone. */}
                  <TextField
                    size="small"
                    label={translate('bookings.change.first_name')}
                    value={row.firstName}
                    onChange={(event) => setRow(row.key, { firstName: event.target.value })}
                    error={Boolean(preview.problems[`travellers.${index}.firstName`])}
                    helperText={preview.problems[`travellers.${index}.firstName`]}
                    required
                    sx={{ flex: { sm: '1 1 160px' }, minWidth: 0 }}
                  />
                  <TextField
                    size="small"
                    label={translate('bookings.change.last_name')}
                    value={row.lastName}
                    onChange={(event) => setRow(row.key, { lastName: event.target.value })}
                    error={Boolean(preview.problems[`travellers.${index}.lastName`])}
                    helperText={preview.problems[`travellers.${index}.lastName`]}
                    required
                    sx={{ flex: { sm: '1 1 160px' }, minWidth: 0 }}
                  />
                </>
              )}
              <IconButton aria-label={translate('bookings.change.remove_traveller', { n: index + 1 })} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }} disabled={rows.length === 1} onClick={() => setRows(rows.filter((other) => other.key !== row.key))}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Button size="small" startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => setRows([...rows, { key: `new-${(rowKey += 1)}`, category: 'ADULT', firstName: '', lastName: '' }])}>
          {translate('bookings.change.add_traveller')}
        </Button>
      </Paper>
      <Box role="status" aria-live="polite" sx={{ mb: 2 }}>
        {unchanged ? (
          <Typography color="text.secondary">{translate('bookings.change.nothing_changed')}</Typography>
        ) : namesMissing ? (
          <Typography color="text.secondary">{translate('bookings.change.name_new_travellers')}</Typography>
        ) : preview.refusal ? (
          <Alert severity="error">{fieldsRefused ? translate('bookings.change.fix_fields') : translate('bookings.change.cannot_be_made', { reason: preview.refusal })}</Alert>
        ) : after ? (
          <Alert severity={difference > 0 ? 'info' : difference < 0 ? 'warning' : 'success'}>
            {translate('bookings.change.now_and_after', {
              now: money(current, current.totalMinor),
              after: money(after, after.totalMinor),
              when: departureWhen({ ...after }),
              seats: translate('bookings.change.seats', { smart_count: after.seats }),
            })}{' '}
            {difference > 0 ? translate('bookings.change.pays_more', { money: money(after, difference) }) : difference < 0 ? translate('bookings.change.less', { money: money(after, -difference) }) : translate('bookings.change.same')}
          </Alert>
        ) : (
          <Typography color="text.secondary">{translate('bookings.change.working_out')}</Typography>
        )}
      </Box>
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button variant="contained" disabled={saving || unchanged || !after || namesMissing} onClick={() => void save()}>
          {translate('bookings.change.save')}
        </Button>
        <Button onClick={() => navigate(`/bookings/${encodeURIComponent(current.id)}/show`)}>{translate('bookings.change.back')}</Button>
      </Stack>
    </Box>
  );
}
