/**
 * A customer's page: their contact, language, marketing consent and notes; what they booked and
 * spent; their bookings; and merging another customer (a second record of the same person) into this one.
 */
import CallMergeIcon from '@mui/icons-material/CallMerge';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Alert, Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useGetList, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { Booking } from '../../../shared/contract/bookings';
import type { Customer } from '../../../shared/contract/customers';
import { MESSAGE_KIND_LABELS, type Message } from '../../../shared/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { balanceText, bookingWhen } from '../bookings/booking-text';
import { BookingStatusChip } from '../bookings/BookingList';
import { Section } from '../bookings/show/Section';
import { DownloadButton } from '../common/DownloadButton';
import { FORM_WIDTH } from '../common/fields';
import { LoadFailure, ShowLoadError } from '../common/LoadError';
import { customerName, languageName, spentText } from './customer-text';

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

function CustomerMessages({ customer }: { customer: Customer }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const messages = useQuery<Message[]>({
    queryKey: ['customers', 'messages', customer.id],
    refetchOnMount: 'always',
    queryFn: async ({ signal }) => (await dataProvider.call<{ data: Message[] }>(`customers/${encodeURIComponent(customer.id)}/messages`, { signal })).data,
  });
  if (messages.error) return <LoadFailure error={messages.error} onRetry={() => void messages.refetch()} what="The messages" />;
  if (!messages.data) return <Typography color="text.secondary">Loading…</Typography>;
  if (messages.data.length === 0) return <Typography color="text.secondary">Nothing sent yet.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Messages sent to them">
      {messages.data.slice(0, 20).map((message) => (
        <li key={message.id}>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {MESSAGE_KIND_LABELS[message.kind].replace(/ \(.*\)$/, '')} · {message.status === 'sent' ? `sent ${formatDateTime(message.sentAt!)}${message.subject ? ` · “${message.subject}”` : ''}` : message.status === 'failed' ? `not sent${message.error ? `: ${message.error}` : ''}` : 'going out'}
          </Typography>
        </li>
      ))}
    </Box>
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

/**
 * Erasing asks why (kept in the audit log) and for the customer's name typed again: it cannot be
 * undone. A refusal (a booking still to come) is shown in the dialog, naming the bookings.
 */
function EraseButton({ customer }: { customer: Customer }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = customerName(customer);
  const ready = reason.trim() !== '' && typed.trim().toLowerCase() === name.trim().toLowerCase();
  const close = () => {
    setOpen(false);
    setReason('');
    setTyped('');
    setFailure(null);
  };
  const erase = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await dataProvider.call<Customer>(`customers/${encodeURIComponent(customer.id)}/erase`, { method: 'POST', body: { reason: reason.trim() } });
      notify('Customer erased', { type: 'success' });
      close();
      refresh();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The customer was not erased.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" startIcon={<PersonOffIcon />} onClick={() => setOpen(true)}>
        Erase this customer
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="erase-title" fullWidth maxWidth="sm">
        <DialogTitle id="erase-title">Erase {name}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Their name, e-mail, phone and notes, the contact on their bookings and every traveller’s name, birth date and notes on them are removed for good, the audit log included. Money, references and statuses stay, so the reports do not change. Bookings still to come must be cancelled first.
          </DialogContentText>
          <Stack sx={{ gap: 2 }}>
            <TextField label="Why (kept in the audit log)" value={reason} onChange={(event) => setReason(event.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} helperText="For example: asked by e-mail on 3 March" />
            <TextField label={`Type “${name}” to confirm`} value={typed} onChange={(event) => setTyped(event.target.value)} />
          </Stack>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Keep them</Button>
          <Button variant="contained" color="error" disabled={!ready || busy} onClick={() => void erase()}>
            Erase for good
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function CustomerDetails() {
  const customer = useRecordContext<Customer>();
  const { canAccess: canUpdate } = useCanAccess({ resource: 'customers', action: 'edit' });
  const { canAccess: canErase } = useCanAccess({ resource: 'customers', action: 'erase' });
  if (!customer) return null;
  const erased = customer.erasedAt !== null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5">
          {customerName(customer)}
        </Typography>
        {customer.marketingConsent && <Chip size="small" color="success" label="Agreed to marketing" />}
        {erased && <Chip size="small" label="Erased" />}
      </Stack>
      {erased && (
        <Alert severity="info" sx={{ mt: 2 }}>
          Erased on {formatDate(customer.erasedAt!)}: their personal data is gone; their bookings’ money and references stay.
        </Alert>
      )}
      <Typography sx={{ mt: 1, wordBreak: 'break-word' }}>
        {customer.email ?? 'No e-mail'} · {customer.phone ?? 'no phone'} · writes in {languageName(customer.language)}
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
      {canUpdate === true && !erased && (
        <Section title="Duplicates">
          <Typography variant="body2" color="text.secondary">
            The same person booked under another e-mail? Merge the other record into this one.
          </Typography>
          <MergeButton customer={customer} />
        </Section>
      )}
      <Section title="Messages sent to them">
        <CustomerMessages customer={customer} />
      </Section>
      <Section title="Their data">
        <Typography variant="body2" color="text.secondary">
          Everything held about them, as one file (their right of access){canErase === true && !erased ? ', or erased for good (their right to be forgotten)' : ''}.
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          <DownloadButton path={`customers/${encodeURIComponent(customer.id)}/export`} label="Export (JSON)" what="The export" />
          {canErase === true && !erased && <EraseButton customer={customer} />}
        </Stack>
      </Section>
    </Box>
  );
}

function ShowActions() {
  const customer = useRecordContext<Customer>();
  const { canAccess } = useCanAccess({ resource: 'customers', action: 'edit' });
  return <TopToolbar>{canAccess === true && customer?.erasedAt === null && <EditButton />}</TopToolbar>;
}

export function CustomerShow() {
  return (
    // A customer's counts follow bookings made anywhere (a reseller's too): read again whenever the page opens.
    <Show sx={FORM_WIDTH} title="Customer" actions={<ShowActions />} queryOptions={{ onError: () => undefined, refetchOnMount: 'always' }} redirectOnError={false} error={<ShowLoadError what="This customer" />}>
      <CustomerDetails />
    </Show>
  );
}
