/**
 * A customer's page: their contact, language, marketing consent and notes; what they booked and
 * spent; their bookings; and merging another customer (a second record of the same person) into this one.
 */
import CallMergeIcon from '@mui/icons-material/CallMerge';
import { Alert, Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useGetList, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { Booking } from '../../../shared/contract/bookings';
import type { Customer } from '../../../shared/contract/customers';
import { formatDate, formatDateTime } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { balanceText, bookingWhen } from '../bookings/booking-text';
import { BookingStatusChip } from '../bookings/BookingList';
import { Section } from '../bookings/show/Section';
import { FORM_WIDTH } from '../common/fields';
import { LoadFailure, ShowLoadError } from '../common/LoadError';
import { customerName, LANGUAGE_NAMES, spentText } from './customer-text';

function TheirBookings({ customer }: { customer: Customer }) {
  const { canAccess } = useCanAccess({ resource: 'bookings', action: 'list' });
  const bookings = useGetList<Booking>('bookings', { filter: { customerId: customer.id }, sort: { field: 'createdAt', order: 'DESC' }, pagination: { page: 1, perPage: 10 } }, { enabled: canAccess === true });
  if (canAccess !== true) return <Typography color="text.secondary">You may not see bookings.</Typography>;
  if (bookings.error) return <LoadFailure error={bookings.error} onRetry={() => bookings.refetch()} what="Their bookings" />;
  if (!bookings.data) return <Typography color="text.secondary">Loading…</Typography>;
  if (bookings.data.length === 0) return <Typography color="text.secondary">No bookings.</Typography>;
  return (
    <>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }} aria-label="Their bookings">
        {bookings.data.map((booking) => (
          <Box component="li" key={booking.id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Link to={`/bookings/${encodeURIComponent(booking.id)}/show`} style={{ fontFamily: 'monospace' }}>
              {booking.reference}
            </Link>
            <span>
              {booking.tourCode} · {bookingWhen(booking)}
            </span>
            <BookingStatusChip status={booking.status} />
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
              {balanceText(booking)}
            </Typography>
          </Box>
        ))}
      </Box>
      {(bookings.total ?? 0) > bookings.data.length && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Link to={`/bookings?filter=${encodeURIComponent(JSON.stringify({ customerId: customer.id }))}`}>All {bookings.total} bookings</Link>
        </Typography>
      )}
    </>
  );
}

/** Another customer found by name, e-mail or phone, whose bookings then move here. */
function MergeButton({ customer }: { customer: Customer }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [other, setOther] = useState<Customer | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const found = useGetList<Customer>('customers', { filter: { q: search }, sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 10 } }, { enabled: open && search.trim().length >= 2 });
  const options = (found.data ?? []).filter((one) => one.id !== customer.id && one.erasedAt === null);
  const close = () => {
    setOpen(false);
    setOther(null);
    setSearch('');
    setFailure(null);
  };
  const merge = async () => {
    if (!other) return;
    setBusy(true);
    setFailure(null);
    try {
      await dataProvider.call<Customer>(`customers/${encodeURIComponent(customer.id)}/merge`, { method: 'POST', body: { otherId: other.id } });
      notify(`${customerName(other)} merged into ${customerName(customer)}`, { type: 'success' });
      close();
      refresh();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The customers were not merged.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<CallMergeIcon />} onClick={() => setOpen(true)}>
        Merge another customer into this one
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="merge-title" fullWidth maxWidth="sm">
        <DialogTitle id="merge-title">Merge into {customerName(customer)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The other customer’s bookings move here and the other record is removed. This customer keeps their name, e-mail, language and marketing consent; a phone or e-mail they lack is taken from the other, and both sets of notes are kept.
          </DialogContentText>
          <Autocomplete<Customer>
            options={options}
            value={other}
            onChange={(_event, value) => setOther(value)}
            inputValue={search}
            onInputChange={(_event, value) => setSearch(value)}
            filterOptions={(all) => all}
            getOptionLabel={(one) => `${customerName(one)}${one.email ? ` <${one.email}>` : ''}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={found.isFetching}
            noOptionsText={search.trim().length < 2 ? 'Type two letters or more' : 'No other customer matches'}
            renderInput={(params) => <TextField {...params} label="The other customer (name, e-mail or phone)" autoFocus />}
          />
          {other && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {customerName(other)}’s {other.bookingCount === 1 ? 'booking' : `${other.bookingCount} bookings`} will belong to {customerName(customer)}. This cannot be undone.
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" disabled={!other || busy} onClick={() => void merge()}>
            Merge
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function CustomerDetails() {
  const customer = useRecordContext<Customer>();
  const { canAccess: canUpdate } = useCanAccess({ resource: 'customers', action: 'edit' });
  if (!customer) return null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5">
          {customerName(customer)}
        </Typography>
        {customer.marketingConsent && <Chip size="small" color="success" label="Agreed to marketing" />}
      </Stack>
      <Typography sx={{ mt: 1, wordBreak: 'break-word' }}>
        {customer.email ?? 'No e-mail'} · {customer.phone ?? 'no phone'} · writes in {LANGUAGE_NAMES[customer.language] ?? customer.language}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        Customer since {formatDate(customer.createdAt)}
        {customer.lastBookingAt && ` · last booked ${formatDateTime(customer.lastBookingAt)}`}
      </Typography>
      {customer.notes && (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }} color="text.secondary">
          {customer.notes}
        </Typography>
      )}
      <Section title="Bookings and money">
        <Typography>
          {customer.bookingCount === 1 ? '1 booking' : `${customer.bookingCount} bookings`} not cancelled or expired · spent {spentText(customer.spent)}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <TheirBookings customer={customer} />
        </Box>
      </Section>
      {canUpdate === true && (
        <Section title="Duplicates">
          <Typography variant="body2" color="text.secondary">
            The same person booked under another e-mail? Merge the other record into this one.
          </Typography>
          <MergeButton customer={customer} />
        </Section>
      )}
    </Box>
  );
}

function ShowActions() {
  const { canAccess } = useCanAccess({ resource: 'customers', action: 'edit' });
  return <TopToolbar>{canAccess === true && <EditButton />}</TopToolbar>;
}

export function CustomerShow() {
  return (
    // A customer's counts follow bookings made anywhere (a reseller's too): read again whenever the page opens.
    <Show sx={FORM_WIDTH} title="Customer" actions={<ShowActions />} queryOptions={{ onError: () => undefined, refetchOnMount: 'always' }} redirectOnError={false} error={<ShowLoadError what="This customer" />}>
      <CustomerDetails />
    </Show>
  );
}
