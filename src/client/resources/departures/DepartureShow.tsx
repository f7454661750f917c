/**
 * A departure's page: when it leaves (in its zone, named), the tour, its seats as a bar and in
 * words, its prices in the tour's currency, and the actions the user may take: change, cancel
 * with a reason (kept), delete when nobody has booked it.
 */
import AddIcon from '@mui/icons-material/Add';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useGetList, useGetOne, useNotify, useRecordContext, useRefresh } from 'react-admin';
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

const CATEGORY_NAMES = { ADULT: 'Adult', CHILD: 'Child', INFANT: 'Infant' } as const;

function CancelButton({ departure }: { departure: Departure }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const cancel = async () => {
    if (reason.trim() === '') {
      setError('Say why: the reason is kept with the departure.');
      return;
    }
    setBusy(true);
    try {
      await dataProvider.call(`departures/${encodeURIComponent(departure.id)}/cancel`, { method: 'POST', body: { reason: reason.trim() } });
      notify('Departure cancelled', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'The departure could not be cancelled.', { type: 'error' });
      setError(fieldErrorsOf(failure)?.reason ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" size="small" startIcon={<EventBusyIcon />} onClick={() => setOpen(true)}>
        Cancel departure
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">Cancel the departure of {departureWhen(departure)}?</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            It will take no more bookings, and it cannot be opened again.
            {departure.seatsHeld + departure.seatsConfirmed + departure.waitlisted > 0
              ? ' Each of its bookings is cancelled with this reason and no fee; what their customers paid becomes a refund due.'
              : ''}
          </Typography>
          <TextField
            label="Reason"
            required
            fullWidth
            multiline
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error !== null}
            helperText={error ?? 'Kept with the departure and in the audit log'}
            slotProps={{ htmlInput: { maxLength: DEPARTURE_RULES.reason.maxLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Keep it</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void cancel()}>
            Cancel departure
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
  if (!departure) return <TopToolbar />;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {canBook === true && departure.status === 'open' && (
        <Button size="small" component={RouterLink} to={`/bookings/create?departureId=${encodeURIComponent(departure.id)}`} startIcon={<AddIcon />}>
          Book
        </Button>
      )}
      {canReadBookings === true && <DownloadButton path={`departures/${encodeURIComponent(departure.id)}/manifest.csv`} label="Manifest" what="The manifest" />}
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
        · back on {localDate(departure.endDate)} · bookings close {departure.bookingCutoffHours} hours before departure
      </Typography>
      {departure.status === 'cancelled' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Cancelled: {departure.cancelReason}
        </Alert>
      )}
      <Typography component="h3" variant="h6">
        Seats
      </Typography>
      <Box sx={{ my: 1, maxWidth: 480 }}>
        <SeatsBar departure={departure} wide />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {departure.guaranteed ? `Guaranteed: the minimum of ${departure.minPax} confirmed travellers is reached.` : `Not guaranteed yet: ${departure.minPax} confirmed travellers needed, ${departure.seatsConfirmed} so far.`}
        {departure.checkedIn !== undefined && departure.checkedIn > 0 && ` Checked in: ${departure.checkedIn} ${departure.checkedIn === 1 ? 'traveller' : 'travellers'}.`}
      </Typography>
      {departure.status !== 'cancelled' && departure.seatsAvailable > 0 && departure.waitlisted > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {departure.seatsAvailable === 1 ? '1 seat is' : `${departure.seatsAvailable} seats are`} free and {departure.waitlisted} {departure.waitlisted === 1 ? 'traveller is' : 'travellers are'} on the waitlist. Seats are never given to the waitlist by themselves: confirm the waitlisted bookings below that fit.
        </Alert>
      )}
      {seesMoney && (
        <Typography component="h3" variant="h6" sx={{ mt: 3 }}>
          Prices for this date
        </Typography>
      )}
      {!seesMoney || departure.prices === undefined ? null : tour.error ? (
        <Typography color="error">The tour’s currency could not be loaded.</Typography>
      ) : !currency ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, rowGap: 0.5, my: 1 }}>
          {(Object.keys(CATEGORY_NAMES) as (keyof typeof CATEGORY_NAMES)[]).map((category) => (
            <Box key={category} sx={{ display: 'contents' }}>
              <dt>{CATEGORY_NAMES[category]}</dt>
              <dd style={{ margin: 0 }}>{departure.prices![category] === null ? 'Not sold' : formatMinor(departure.prices![category]!, currency)}</dd>
            </Box>
          ))}
          <dt>Single room</dt>
          <dd style={{ margin: 0 }}>{departure.singleSupplementMinor === null ? 'Not offered' : `+${formatMinor(departure.singleSupplementMinor, currency)}`}</dd>
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
  const bookings = useGetList<Booking>(
    'bookings',
    { filter: { departureId: departure?.id }, sort: { field: 'createdAt', order: 'ASC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: Boolean(departure) && canAccess === true },
  );
  if (!departure || canAccess !== true) return null;
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
      <Typography component="h3" variant="h6">
        Bookings{bookings.total !== undefined ? ` (${bookings.total})` : ''}
      </Typography>
      {bookings.error ? (
        <LoadFailure error={bookings.error} onRetry={() => bookings.refetch()} what="The bookings" />
      ) : !bookings.data ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : bookings.data.length === 0 ? (
        <Typography color="text.secondary">Nobody has booked this departure yet.</Typography>
      ) : (
        <>
          {small ? (
            // Phones: each booking on two lines (who and its status; travellers and balance), not a table to scroll sideways.
            <RecordLines label="Bookings of this departure" records={bookings.data}>
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
            <SidewaysScroll label="Bookings of this departure (scrolls sideways)">
              <Table size="small" aria-label="Bookings of this departure">
                <TableHead>
                  <TableRow>
                    <TableCell>Reference</TableCell>
                    <TableCell>Lead</TableCell>
                    <TableCell>Travellers</TableCell>
                    <TableCell>Status</TableCell>
                    {seesMoney && <TableCell align="right">Balance</TableCell>}
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
              <Link to={`/bookings?filter=${encodeURIComponent(JSON.stringify({ departureId: departure.id }))}`}>All {bookings.total} bookings of this departure</Link>
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
  return (
    <Show title={<DepartureTitle />} actions={<ShowActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<ShowLoadError what="This departure" />}>
      <DepartureDetails />
      <DepartureSections />
    </Show>
  );
}
