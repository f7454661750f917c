/**
 * A departure's page: when it leaves (in its zone, named), the tour, its seats as a bar and in
 * words, its prices in the tour's currency, and the actions the user may take: change, cancel
 * with a reason (kept), delete when nobody has booked it.
 */
import AddIcon from '@mui/icons-material/Add';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useGetList, useGetOne, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { Booking } from '../../../shared/contract/bookings';
import { balanceText, travellersText } from '../bookings/booking-text';
import { BookingStatusChip } from '../bookings/BookingList';
import { DownloadButton } from '../common/DownloadButton';
import { PersonName, RecordLines, SidewaysScroll, useIsSmallScreen } from '../common/narrow-screens';
import { LoadFailure } from '../common/LoadError';
import { DEPARTURE_RULES, type Departure } from '../../../shared/contract/departures';
import type { Tour } from '../../../shared/contract/tours';
import { formatMinor } from '../../../shared/money';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { ShowLoadError } from '../common/LoadError';
import { DepartureTitle } from './DepartureForms';
import { DepartureStatusChip } from './DepartureList';
import { DepartureAssignments } from './DepartureAssignments';
import { DepartureMargin } from './DepartureMargin';
import { departureWhen, localDate } from './departure-text';
import { SeatsBar } from './SeatsBar';
import { useSeesMoney } from '../common/sees-money';

const CATEGORIES = ['ADULT', 'CHILD', 'INFANT'] as const;

function CancelButton({ departure }: { departure: Departure }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const cancel = async () => {
    if (reason.trim() === '') {
      setError(translate('departures.show.say_why'));
      return;
    }
    setBusy(true);
    try {
      await dataProvider.call(`departures/${encodeURIComponent(departure.id)}/cancel`, { method: 'POST', body: { reason: reason.trim() } });
      notify('departures.show.cancelled_done', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'departures.show.cancel_failed', { type: 'error' });
      setError(fieldErrorsOf(failure)?.reason ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" size="small" startIcon={<EventBusyIcon />} onClick={() => setOpen(true)}>
        {translate('departures.show.cancel_departure')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">{translate('departures.show.cancel_title', { when: departureWhen(departure) })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {translate('departures.show.cancel_text')}
            {departure.seatsHeld + departure.seatsConfirmed + departure.waitlisted > 0 ? translate('departures.show.cancel_bookings') : ''}
          </Typography>
          <TextField
            label={translate('departures.show.reason')}
            required
            fullWidth
            multiline
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error !== null}
            helperText={error ?? translate('departures.show.reason_help')}
            slotProps={{ htmlInput: { maxLength: DEPARTURE_RULES.reason.maxLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('departures.show.keep_it')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void cancel()}>
            {translate('departures.show.cancel_departure')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ShowActions() {
  const departure = useRecordContext<Departure>();
  const { canAccess: canChange } = useCanAccess({ resource: 'departures', action: 'edit' });
  const { canAccess: canReadBookings } = useCanAccess({ resource: 'bookings', action: 'list' });
  const { canAccess: canBook } = useCanAccess({ resource: 'bookings', action: 'create' });
  const translate = useTranslate();
  if (!departure) return <TopToolbar />;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {canBook === true && departure.status === 'open' && (
        <Button size="small" component={RouterLink} to={`/bookings/create?departureId=${encodeURIComponent(departure.id)}`} startIcon={<AddIcon />}>
          {translate('departures.show.book')}
        </Button>
      )}
      {canReadBookings === true && <DownloadButton path={`departures/${encodeURIComponent(departure.id)}/manifest.csv`} label={translate('departures.show.manifest')} what={translate('departures.show.the_manifest')} />}
      {canReadBookings === true && (
        <Button component={RouterLink} to={`/passenger-lists?departure=${encodeURIComponent(departure.id)}`} size="small">
          {translate('passenger_lists.open_one')}
        </Button>
      )}
      {canChange === true && departure.status !== 'cancelled' && <CancelButton departure={departure} />}
      {canChange === true && departure.status !== 'cancelled' && <EditButton />}
    </TopToolbar>
  );
}

function DepartureDetails() {
  const departure = useRecordContext<Departure>();
  // A role that sees no money (a guide's) reads the departure without its prices, and may not read the tour.
  const seesMoney = useSeesMoney();
  const tour = useGetOne<Tour>('tours', { id: departure?.tourId ?? '' }, { enabled: Boolean(departure?.tourId) && seesMoney });
  const translate = useTranslate();
  if (!departure) return null;
  const currency = tour.data?.currency;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5">
          {departureWhen(departure)}
        </Typography>
        <DepartureStatusChip />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {seesMoney ? (
          <Link to={`/tours/${departure.tourId}/show`}>
            {departure.tourCode} · {departure.tourTitle}
          </Link>
        ) : (
          `${departure.tourCode} · ${departure.tourTitle}`
        )}{' '}
        · {translate('departures.show.facts', { date: localDate(departure.endDate), hours: departure.bookingCutoffHours })}
      </Typography>
      {departure.status === 'cancelled' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('departures.show.cancelled_reason', { reason: departure.cancelReason ?? '' })}
        </Alert>
      )}
      <Typography component="h3" variant="h6">
        {translate('departures.show.seats')}
      </Typography>
      <Box sx={{ my: 1, maxWidth: 480 }}>
        <SeatsBar departure={departure} wide />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {departure.guaranteed ? translate('departures.show.guaranteed', { min: departure.minPax }) : translate('departures.show.not_guaranteed', { min: departure.minPax, confirmed: departure.seatsConfirmed })}
        {/* Polyglot trims each plural form, so the space between the two sentences is written here. */}
        {departure.checkedIn !== undefined && departure.checkedIn > 0 && ` ${translate('departures.show.checked_in', { smart_count: departure.checkedIn })}`}
      </Typography>
      {departure.status !== 'cancelled' && departure.seatsAvailable > 0 && departure.waitlisted > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('departures.show.waitlist', { seats: translate('departures.show.free_seats', { smart_count: departure.seatsAvailable }), smart_count: departure.waitlisted })}
        </Alert>
      )}
      {seesMoney && (
        <Typography component="h3" variant="h6" sx={{ mt: 3 }}>
          {translate('departures.form.prices_for_date')}
        </Typography>
      )}
      {!seesMoney || departure.prices === undefined ? null : tour.error ? (
        <Typography color="error">{translate('departures.show.currency_failed')}</Typography>
      ) : !currency ? (
        <Typography color="text.secondary">{translate('departures.show.loading')}</Typography>
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, rowGap: 0.5, my: 1 }}>
          {CATEGORIES.map((category) => (
            <Box key={category} sx={{ display: 'contents' }}>
              <dt>{translate(`traveller.category.${category}`)}</dt>
              <dd style={{ margin: 0 }}>{departure.prices![category] === null ? translate('departures.show.not_sold') : formatMinor(departure.prices![category]!, currency)}</dd>
            </Box>
          ))}
          <dt>{translate('traveller.single_room')}</dt>
          <dd style={{ margin: 0 }}>{departure.singleSupplementMinor === null ? translate('departures.show.not_offered') : `+${formatMinor(departure.singleSupplementMinor, currency)}`}</dd>
        </Box>
      )}
    </Box>
  );
}

function ReferenceLink({ booking }: { booking: Booking }) {
  return (
    <Link to={`/bookings/${booking.id}/show`} style={{ fontFamily: 'monospace' }}>
      {booking.reference}
    </Link>
  );
}

function DepartureBookings() {
  const departure = useRecordContext<Departure>();
  const { canAccess } = useCanAccess({ resource: 'bookings', action: 'list' });
  const small = useIsSmallScreen();
  const seesMoney = useSeesMoney();
  const translate = useTranslate();
  const bookings = useGetList<Booking>(
    'bookings',
    { filter: { departureId: departure?.id }, sort: { field: 'createdAt', order: 'ASC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: Boolean(departure) && canAccess === true },
  );
  if (!departure || canAccess !== true) return null;
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
      <Typography component="h3" variant="h6">
        {bookings.total !== undefined ? translate('departures.show.bookings_count', { count: bookings.total }) : translate('departures.show.bookings')}
      </Typography>
      {bookings.error ? (
        <LoadFailure error={bookings.error} onRetry={() => bookings.refetch()} what={translate('departures.show.the_bookings')} />
      ) : !bookings.data ? (
        <Typography color="text.secondary">{translate('departures.show.loading')}</Typography>
      ) : bookings.data.length === 0 ? (
        <Typography color="text.secondary">{translate('departures.show.nobody_booked')}</Typography>
      ) : (
        <>
          {small ? (
            // Phones: each booking on two lines (who and its status; travellers and balance), not a table to scroll sideways.
            <RecordLines label={translate('departures.show.bookings_of')} records={bookings.data}>
              {(booking) => (
                <>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                    <span>
                      <ReferenceLink booking={booking} /> <PersonName name={booking.contact.name} />
                    </span>
                    <BookingStatusChip status={booking.status} />
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <span>{travellersText(booking.travellers)}</span>
                    {seesMoney && <span style={{ whiteSpace: 'nowrap' }}>{balanceText(booking)}</span>}
                  </Typography>
                </>
              )}
            </RecordLines>
          ) : (
            <SidewaysScroll label={translate('departures.show.bookings_of_scroll')}>
              <Table size="small" aria-label={translate('departures.show.bookings_of')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('departures.show.reference')}</TableCell>
                    <TableCell>{translate('departures.show.lead')}</TableCell>
                    <TableCell>{translate('departures.show.travellers')}</TableCell>
                    <TableCell>{translate('departures.show.status')}</TableCell>
                    {seesMoney && <TableCell align="right">{translate('departures.show.balance')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {bookings.data.map((booking) => (
                    <TableRow key={booking.id}>
                      <TableCell>
                        <ReferenceLink booking={booking} />
                      </TableCell>
                      <TableCell>{booking.contact.name}</TableCell>
                      <TableCell>{travellersText(booking.travellers)}</TableCell>
                      <TableCell>
                        <BookingStatusChip status={booking.status} />
                      </TableCell>
                      {seesMoney && <TableCell align="right">{balanceText(booking)}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </SidewaysScroll>
          )}
          {(bookings.total ?? 0) > bookings.data.length && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              <Link to={`/bookings?filter=${encodeURIComponent(JSON.stringify({ departureId: departure.id }))}`}>{translate('departures.show.all_bookings', { count: bookings.total ?? 0 })}</Link>
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

/** Who runs it, what it made and who booked it: each shown only to who may read it. */
function DepartureSections() {
  const departure = useRecordContext<Departure>();
  if (!departure) return null;
  return (
    <>
      <DepartureAssignments departure={departure} />
      <DepartureMargin departure={departure} />
      <DepartureBookings />
    </>
  );
}

export function DepartureShow() {
  const translate = useTranslate();
  return (
    <Show title={<DepartureTitle />} actions={<ShowActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<ShowLoadError what={translate('departures.this_departure')} />}>
      <DepartureDetails />
      <DepartureSections />
    </Show>
  );
}
