/**
 * A customer's page: their contact, language, marketing consent and notes; what they booked and
 * spent; their bookings; and merging another customer (a second record of the same person) into this one.
 */
import CallMergeIcon from '@mui/icons-material/CallMerge';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Alert, Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { EditButton, Link, Show, TopToolbar, useCanAccess, useDataProvider, useGetList, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Booking } from '../../../shared/contract/bookings';
import type { Customer } from '../../../shared/contract/customers';
import type { Message } from '../../../shared/contract/messages';
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
  const translate = useTranslate();
  const bookings = useGetList<Booking>('bookings', { filter: { customerId: customer.id }, sort: { field: 'createdAt', order: 'DESC' }, pagination: { page: 1, perPage: 10 } }, { enabled: canAccess === true });
  if (canAccess !== true) return <Typography color="text.secondary">{translate('customers.show.no_bookings_access')}</Typography>;
  if (bookings.error) return <LoadFailure error={bookings.error} onRetry={() => bookings.refetch()} what={translate('customers.show.their_bookings')} />;
  if (!bookings.data) return <Typography color="text.secondary">{translate('customers.show.loading')}</Typography>;
  if (bookings.data.length === 0) return <Typography color="text.secondary">{translate('customers.show.no_bookings')}</Typography>;
  return (
    <>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }} aria-label={translate('customers.show.their_bookings')}>
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
          <Link to={`/bookings?filter=${encodeURIComponent(JSON.stringify({ customerId: customer.id }))}`}>{translate('customers.show.all_bookings', { count: bookings.total ?? 0 })}</Link>
        </Typography>
      )}
    </>
  );
}

function CustomerMessages({ customer }: { customer: Customer }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const translate = useTranslate();
  const messages = useQuery<Message[]>({
    queryKey: ['customers', 'messages', customer.id],
    refetchOnMount: 'always',
    queryFn: async ({ signal }) => (await dataProvider.call<{ data: Message[] }>(`customers/${encodeURIComponent(customer.id)}/messages`, { signal })).data,
  });
  if (messages.error) return <LoadFailure error={messages.error} onRetry={() => void messages.refetch()} what={translate('customers.show.the_messages')} />;
  if (!messages.data) return <Typography color="text.secondary">{translate('customers.show.loading')}</Typography>;
  if (messages.data.length === 0) return <Typography color="text.secondary">{translate('customers.show.nothing_sent')}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={translate('customers.show.messages_sent')}>
      {messages.data.slice(0, 20).map((message) => (
        <li key={message.id}>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {translate(`message_kind.${message.kind}`)} ·{' '}
            {message.status === 'sent'
              ? `${translate('customers.show.sent', { time: formatDateTime(message.sentAt!) })}${message.subject ? ` · “${message.subject}”` : ''}`
              : message.status === 'failed'
                ? `${translate('customers.show.not_sent')}${message.error ? `: ${message.error}` : ''}`
                : translate('customers.show.going_out')}
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
  const translate = useTranslate();
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
      notify('customers.show.merged', { type: 'success', messageArgs: { other: customerName(other), customer: customerName(customer) } });
      close();
      refresh();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : translate('customers.show.not_merged'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<CallMergeIcon />} onClick={() => setOpen(true)}>
        {translate('customers.show.merge_button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="merge-title" fullWidth maxWidth="sm">
        <DialogTitle id="merge-title">{translate('customers.show.merge_title', { name: customerName(customer) })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('customers.show.merge_text')}
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
            noOptionsText={translate(search.trim().length < 2 ? 'customers.show.type_two' : 'customers.show.no_match')}
            renderInput={(params) => <TextField {...params} label={translate('customers.show.the_other')} autoFocus />}
          />
          {other && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate('customers.show.will_belong', { other: customerName(other), customer: customerName(customer), smart_count: other.bookingCount })}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('customers.show.cancel')}</Button>
          <Button variant="contained" disabled={!other || busy} onClick={() => void merge()}>
            {translate('customers.show.merge')}
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
  const translate = useTranslate();
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
      notify('customers.show.erased_done', { type: 'success' });
      close();
      refresh();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : translate('customers.show.not_erased'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" startIcon={<PersonOffIcon />} onClick={() => setOpen(true)}>
        {translate('customers.show.erase_button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="erase-title" fullWidth maxWidth="sm">
        <DialogTitle id="erase-title">{translate('customers.show.erase_title', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('customers.show.erase_text')}
          </DialogContentText>
          <Stack sx={{ gap: 2 }}>
            <TextField label={translate('customers.show.why')} value={reason} onChange={(event) => setReason(event.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} helperText={translate('customers.show.why_help')} />
            <TextField label={translate('customers.show.type_to_confirm', { name })} value={typed} onChange={(event) => setTyped(event.target.value)} />
          </Stack>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('customers.show.keep_them')}</Button>
          <Button variant="contained" color="error" disabled={!ready || busy} onClick={() => void erase()}>
            {translate('customers.show.erase_for_good')}
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
  const translate = useTranslate();
  if (!customer) return null;
  const erased = customer.erasedAt !== null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5">
          {customerName(customer)}
        </Typography>
        {customer.marketingConsent && <Chip size="small" color="success" label={translate('customers.show.agreed_marketing')} />}
        {erased && <Chip size="small" label={translate('customers.show.erased')} />}
      </Stack>
      {erased && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('customers.show.erased_on', { date: formatDate(customer.erasedAt!) })}
        </Alert>
      )}
      <Typography sx={{ mt: 1, wordBreak: 'break-word' }}>
        {customer.email ?? translate('customers.show.no_email')} · {customer.phone ?? translate('customers.show.no_phone')} · {translate('customers.show.writes_in', { language: languageName(customer.language) })}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {translate('customers.show.since', { date: formatDate(customer.createdAt) })}
        {customer.lastBookingAt && translate('customers.show.last_booked', { time: formatDateTime(customer.lastBookingAt) })}
      </Typography>
      {customer.notes && (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }} color="text.secondary">
          {customer.notes}
        </Typography>
      )}
      <Section title={translate('customers.show.bookings_money')}>
        <Typography>
          {translate('customers.show.counted', { smart_count: customer.bookingCount, spent: spentText(customer.spent) })}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <TheirBookings customer={customer} />
        </Box>
      </Section>
      {canUpdate === true && !erased && (
        <Section title={translate('customers.show.duplicates')}>
          <Typography variant="body2" color="text.secondary">
            {translate('customers.show.duplicates_text')}
          </Typography>
          <MergeButton customer={customer} />
        </Section>
      )}
      <Section title={translate('customers.show.messages_sent')}>
        <CustomerMessages customer={customer} />
      </Section>
      <Section title={translate('customers.show.their_data')}>
        <Typography variant="body2" color="text.secondary">
          {translate('customers.show.data_text')}
          {canErase === true && !erased ? translate('customers.show.data_text_erase') : ''}.
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          <DownloadButton path={`customers/${encodeURIComponent(customer.id)}/export`} label={translate('customers.show.export')} what={translate('customers.show.the_export')} />
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
  const translate = useTranslate();
  return (
    // A customer's counts follow bookings made anywhere (a reseller's too): read again whenever the page opens.
    <Show sx={FORM_WIDTH} title={translate('customers.show.customer')} actions={<ShowActions />} queryOptions={{ onError: () => undefined, refetchOnMount: 'always' }} redirectOnError={false} error={<ShowLoadError what={translate('customers.show.this_customer')} />}>
      <CustomerDetails />
    </Show>
  );
}
