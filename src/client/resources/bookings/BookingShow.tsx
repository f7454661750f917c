/**
 * A booking's page: reference and standing, the departure in its zone, the lead contact, the
 * travellers and extras with the prices they were sold at, the money (total, paid, balance in
 * the booking's currency), its payments and refunds, and its history from the audit log. The
 * actions each user may take: confirm, amend, cancel with a fee, record a payment or a refund,
 * download the voucher. Each action says what the server answered; a refused one changes nothing.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import PaymentsIcon from '@mui/icons-material/Payments';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EditButton, Link, Show, Title, TopToolbar, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { bookingKey, BOOKING_RULES, PAYMENT_METHODS, type Booking, type Payment, type TimelineEntry } from '../../../shared/contract/bookings';
import { currencyDigits, majorTextToMinor, minorToMajorText } from '../../../shared/money';
import { balanceDueDate } from '../../../shared/payment-schedule';
import { formatCalendarDate, formatDate, formatDateTime } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { DownloadButton } from '../common/DownloadButton';
import { RecordLines, SidewaysScroll, useIsSmallScreen } from '../common/narrow-screens';
import { LoadFailure, ShowLoadError } from '../common/LoadError';
import { BookingStatusChips } from './BookingList';
import {
  amendmentLines,
  balanceText,
  bookingWhen,
  counted,
  CATEGORY_LABELS,
  CHANNEL_LABELS,
  holdText,
  METHOD_LABELS,
  money,
  newIdempotencyKey,
  travellersText,
} from './booking-text';

function useBookingAction() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (path: string, body: unknown, success: string, headers?: Record<string, string>): Promise<Record<string, string> | null | false> => {
    try {
      await dataProvider.call(path, { method: 'POST', body, headers });
      notify(success, { type: 'success' });
      refresh();
      return null;
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'The booking was not changed.', { type: 'error' });
      return fieldErrorsOf(failure) ?? false;
    }
  };
}

/** An amount typed in major units of `currency`: the minor units, or why it is not one. */
function readAmount(text: string, currency: string): { minor: number } | { problem: string } {
  if (text.trim() === '') return { problem: 'Enter an amount.' };
  const parsed = majorTextToMinor(text, currency);
  return parsed.ok ? { minor: parsed.minor } : { problem: `The amount ${parsed.problem}.` };
}

function ConfirmButton({ booking }: { booking: Booking }) {
  const act = useBookingAction();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      color="success"
      startIcon={<CheckCircleIcon />}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await act(`bookings/${encodeURIComponent(booking.id)}/confirm`, undefined, `Booking ${booking.reference} confirmed`);
        setBusy(false);
      }}
    >
      Confirm
    </Button>
  );
}

function CancelBookingButton({ booking }: { booking: Booking }) {
  const act = useBookingAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fee, setFee] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problems: Record<string, string> = {};
    if (reason.trim() === '') problems.reason = 'Say why: the reason is kept with the booking.';
    let feeMinor = 0;
    if (fee.trim() !== '') {
      const amount = readAmount(fee, booking.currency);
      if ('problem' in amount) problems.feeMinor = amount.problem;
      else if (amount.minor > booking.paidMinor) problems.feeMinor = `At most what was paid: ${money(booking, booking.paidMinor)}.`;
      else feeMinor = amount.minor;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const refused = await act(`bookings/${encodeURIComponent(booking.id)}/cancel`, { reason: reason.trim(), feeMinor }, `Booking ${booking.reference} cancelled`);
    setBusy(false);
    if (refused === null) setOpen(false);
    else if (refused) setErrors(refused);
  };
  return (
    <>
      <Button size="small" color="error" startIcon={<EventBusyIcon />} onClick={() => setOpen(true)}>
        Cancel booking
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="cancel-booking-title">
        <DialogTitle id="cancel-booking-title">Cancel booking {booking.reference}?</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            Its {booking.seats === 1 ? 'seat is' : `${booking.seats} seats are`} freed at once. Paid so far: {money(booking, booking.paidMinor)}. A fee is kept; the rest of what was paid becomes a refund due.
          </Typography>
          <Stack sx={{ gap: 2 }}>
            <TextField
              label="Reason"
              required
              fullWidth
              multiline
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={Boolean(errors.reason)}
              helperText={errors.reason ?? 'Kept with the booking and in its history'}
              slotProps={{ htmlInput: { maxLength: BOOKING_RULES.reason.maxLength } }}
            />
            <TextField
              label={`Cancellation fee (${booking.currency})`}
              value={fee}
              onChange={(event) => setFee(event.target.value)}
              error={Boolean(errors.feeMinor)}
              helperText={errors.feeMinor ?? `Kept from what was paid; at most ${money(booking, booking.paidMinor)}. Empty: no fee.`}
              slotProps={{ htmlInput: { inputMode: currencyDigits(booking.currency) === 0 ? 'numeric' : 'decimal' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Keep it</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void submit()}>
            Cancel booking
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function RecordPaymentButton({ booking }: { booking: Booking }) {
  const act = useBookingAction();
  const refundable = booking.paidMinor - (booking.cancellation?.feeMinor ?? 0);
  const initialKind = booking.balanceMinor < 0 ? 'refund' : 'payment';
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'payment' | 'refund'>(initialKind);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<(typeof PAYMENT_METHODS)[number]>('card');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // One key per opening of the dialog: a double click on Record, or a retry after a lost answer, records once.
  const [key, setKey] = useState(newIdempotencyKey);
  const openDialog = () => {
    const suggested = initialKind === 'refund' ? -booking.balanceMinor : Math.max(0, booking.balanceMinor);
    setKind(initialKind);
    setAmount(suggested > 0 ? minorToMajorText(suggested, booking.currency) : '');
    setReference('');
    setErrors({});
    setKey(newIdempotencyKey());
    setOpen(true);
  };
  const submit = async () => {
    const parsed = readAmount(amount, booking.currency);
    const problems: Record<string, string> = {};
    if ('problem' in parsed) problems.amountMinor = parsed.problem;
    else if (parsed.minor === 0) problems.amountMinor = 'Enter an amount above 0.';
    else if (kind === 'payment' && parsed.minor > booking.balanceMinor) problems.amountMinor = `The balance is ${money(booking, Math.max(0, booking.balanceMinor))}: a payment cannot be more.`;
    else if (kind === 'refund' && parsed.minor > refundable) problems.amountMinor = `At most ${money(booking, Math.max(0, refundable))} can be refunded.`;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || 'problem' in parsed) return;
    setBusy(true);
    const refused = await act(
      `bookings/${encodeURIComponent(booking.id)}/payments`,
      { kind, amountMinor: parsed.minor, method, ...(reference.trim() && { reference: reference.trim() }) },
      `${kind === 'payment' ? 'Payment' : 'Refund'} of ${money(booking, parsed.minor)} recorded`,
      { 'Idempotency-Key': key },
    );
    setBusy(false);
    if (refused === null) setOpen(false);
    else if (refused) setErrors(refused);
  };
  return (
    <>
      <Button size="small" startIcon={<PaymentsIcon />} onClick={openDialog}>
        Record payment
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="payment-title">
        <DialogTitle id="payment-title">Record a payment or a refund</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {booking.reference}: total {money(booking, booking.totalMinor)}, paid {money(booking, booking.paidMinor)}, {balanceText(booking).toLowerCase()}. Payments are never changed afterwards: a mistake is put right with a refund.
          </Typography>
          <Stack sx={{ gap: 2 }}>
            <TextField select label="Kind" value={kind} onChange={(event) => setKind(event.target.value as 'payment' | 'refund')}>
              <MenuItem value="payment">Payment received</MenuItem>
              <MenuItem value="refund">Refund paid out</MenuItem>
            </TextField>
            <TextField
              label={`Amount (${booking.currency})`}
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(errors.amountMinor)}
              helperText={errors.amountMinor ?? (currencyDigits(booking.currency) === 0 ? 'Whole amounts' : `Up to ${currencyDigits(booking.currency)} decimals`)}
              slotProps={{ htmlInput: { inputMode: currencyDigits(booking.currency) === 0 ? 'numeric' : 'decimal' } }}
            />
            <TextField select label="Method" value={method} onChange={(event) => setMethod(event.target.value as (typeof PAYMENT_METHODS)[number])}>
              {PAYMENT_METHODS.map((value) => (
                <MenuItem key={value} value={value}>
                  {METHOD_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={Boolean(errors.reference)}
              helperText={errors.reference ?? 'The card slip, the transfer’s reference… (optional)'}
              slotProps={{ htmlInput: { maxLength: BOOKING_RULES.paymentReference.maxLength } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
          <Button variant="contained" disabled={busy} onClick={() => void submit()}>
            Record {kind}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ShowActions() {
  const booking = useRecordContext<Booking>();
  const { canAccess: canUpdate } = useCanAccess({ resource: 'bookings', action: 'edit' });
  const { canAccess: canCancel } = useCanAccess({ resource: 'bookings', action: 'cancel' });
  const { canAccess: canPay } = useCanAccess({ resource: 'payments', action: 'create' });
  if (!booking) return <TopToolbar />;
  const active = booking.status === 'held' || booking.status === 'confirmed' || booking.status === 'waitlisted';
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {/* The customer's paper: only a confirmed booking has one. */}
      {booking.status === 'confirmed' && <DownloadButton path={`bookings/${encodeURIComponent(booking.id)}/voucher.pdf`} label="Voucher" what="The voucher" icon={<PictureAsPdfIcon />} />}
      {canPay === true && booking.status !== 'expired' && (booking.balanceMinor !== 0 || booking.paidMinor > 0) && <RecordPaymentButton booking={booking} />}
      {canUpdate === true && (booking.status === 'held' || booking.status === 'waitlisted') && <ConfirmButton booking={booking} />}
      {canCancel === true && active && <CancelBookingButton booking={booking} />}
      {canUpdate === true && <EditButton label="Amend" />}
    </TopToolbar>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Payments({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const payments = useQuery({
    // Under 'bookings': every change of a booking (and the page's refresh) refetches it.
    queryKey: ['bookings', 'payments', booking.id],
    queryFn: ({ signal }) => dataProvider.call<{ data: Payment[] }>(`bookings/${encodeURIComponent(booking.id)}/payments`, { signal }),
  });
  const small = useIsSmallScreen();
  if (payments.error) return <LoadFailure error={payments.error} onRetry={() => payments.refetch()} what="The payments" />;
  if (!payments.data) return <Typography color="text.secondary">Loading…</Typography>;
  if (payments.data.data.length === 0) return <Typography color="text.secondary">Nothing paid yet.</Typography>;
  const received = (payment: Payment) => formatDateTime(payment.receivedAt);
  const kind = (payment: Payment) => (payment.kind === 'payment' ? 'Payment' : 'Refund');
  const amount = (payment: Payment) => (payment.kind === 'refund' ? `−${money(booking, payment.amountMinor)}` : money(booking, payment.amountMinor));
  if (small) {
    // Phones: each payment on two lines (what and how much; when, how and by whom), not a table whose amounts are off the screen.
    return (
      <RecordLines label="Payments and refunds" records={payments.data.data}>
        {(payment) => (
          <>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <strong>{kind(payment)}</strong>
              <span style={{ whiteSpace: 'nowrap' }}>{amount(payment)}</span>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {[received(payment), METHOD_LABELS[payment.method], payment.reference || null, payment.recordedByName ? `by ${payment.recordedByName}` : null].filter(Boolean).join(' · ')}
            </Typography>
          </>
        )}
      </RecordLines>
    );
  }
  return (
    <SidewaysScroll label="Payments and refunds (scrolls sideways)">
      <Table size="small" aria-label="Payments and refunds">
        <TableHead>
          <TableRow>
            <TableCell>Received</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Method</TableCell>
            <TableCell>Reference</TableCell>
            <TableCell>Recorded by</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.data.data.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell>{received(payment)}</TableCell>
              <TableCell>{kind(payment)}</TableCell>
              <TableCell>{METHOD_LABELS[payment.method]}</TableCell>
              <TableCell>{payment.reference || '—'}</TableCell>
              <TableCell>{payment.recordedByName ?? '—'}</TableCell>
              <TableCell align="right">{amount(payment)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SidewaysScroll>
  );
}

const TIMELINE_LABELS: Record<string, string> = {
  'booking.created': 'Booked',
  'booking.confirmed': 'Confirmed',
  'booking.cancelled': 'Cancelled',
  'booking.expired': 'Hold expired',
  'booking.updated': 'Amended',
  'payment.recorded': 'Payment recorded',
  'refund.recorded': 'Refund recorded',
};

function timelineDetail(entry: TimelineEntry, booking: Booking): string {
  const details = entry.details ?? {};
  const amount = typeof details.amountMinor === 'number' ? money(booking, details.amountMinor) : null;
  switch (entry.action) {
    case 'booking.created':
      return `as ${String(details.status ?? '')}, ${counted(Number(details.seats ?? 0), 'seat')}, ${typeof details.totalMinor === 'number' ? money(booking, details.totalMinor) : ''}`;
    case 'booking.cancelled':
      return details.departureCancelled ? `with the departure: ${String(details.reason ?? '')}` : `${String(details.reason ?? '')}${typeof details.feeMinor === 'number' && details.feeMinor > 0 ? `; fee ${money(booking, details.feeMinor)}` : ''}`;
    case 'payment.recorded':
    case 'refund.recorded':
      return `${amount ?? ''} by ${METHOD_LABELS[details.method as keyof typeof METHOD_LABELS] ?? String(details.method ?? '')}`;
    case 'booking.updated':
      return amendmentLines(details).join('; ');
    default:
      return '';
  }
}

function Timeline({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const timeline = useQuery({
    queryKey: ['bookings', 'timeline', booking.id],
    queryFn: ({ signal }) => dataProvider.call<{ data: TimelineEntry[] }>(`bookings/${encodeURIComponent(booking.id)}/timeline`, { signal }),
  });
  if (timeline.error) return <LoadFailure error={timeline.error} onRetry={() => timeline.refetch()} what="The history" />;
  if (!timeline.data) return <Typography color="text.secondary">Loading…</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider' }}>
      {timeline.data.data.map((entry, index) => (
        <Box component="li" key={`${entry.at}-${index}`} sx={{ pl: 2, pb: 1.5, position: 'relative' }}>
          <Typography variant="body2">
            <strong>{TIMELINE_LABELS[entry.action] ?? entry.action}</strong> {timelineDetail(entry, booking)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(entry.at)} · {entry.actorName ?? 'automatically'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function BookingDetails() {
  const booking = useRecordContext<Booking>();
  const lines = useMemo(() => {
    if (!booking) return [];
    return [
      ...booking.travellers.map((traveller) => ({
        key: traveller.id,
        label: `${traveller.firstName} ${traveller.lastName}`,
        detail: `${CATEGORY_LABELS[traveller.category]}${traveller.dateOfBirth ? `, born ${traveller.dateOfBirth}` : ''}${traveller.notes ? ` · ${traveller.notes}` : ''}`,
        amount: traveller.unitPriceMinor,
      })),
      ...booking.extras.map((extra) => ({ key: extra.componentId, label: extra.name, detail: `Extra × ${extra.quantity} at ${money(booking, extra.unitPriceMinor)}`, amount: extra.quantity * extra.unitPriceMinor })),
      ...(booking.singleRooms > 0
        ? [{ key: 'single', label: 'Single rooms', detail: `× ${booking.singleRooms} at ${money(booking, booking.singleSupplementMinor)}`, amount: booking.singleRooms * booking.singleSupplementMinor }]
        : []),
    ];
  }, [booking]);
  if (!booking) return null;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h5" sx={{ fontFamily: 'monospace', letterSpacing: 2 }}>
          {booking.reference}
        </Typography>
        <BookingStatusChips />
        <Chip size="small" variant="outlined" label={CHANNEL_LABELS[booking.channel]} />
      </Stack>
      <Typography sx={{ mt: 1 }}>
        <Link to={`/departures/${booking.departureId}/show`}>{bookingWhen(booking)}</Link> ·{' '}
        <Link to={`/tours/${booking.tourId}/show`}>
          {booking.tourCode} · {booking.tourTitle}
        </Link>
      </Typography>
      {booking.status === 'held' && <Alert severity="warning" sx={{ mt: 2 }}>Seats {holdText(booking)}. Confirm it before then, or the seats are freed.</Alert>}
      {booking.status === 'waitlisted' && <Alert severity="info" sx={{ mt: 2 }}>On the waitlist: it takes no seat until it is confirmed, which needs {booking.seats === 1 ? 'a free seat' : `${booking.seats} free seats`}.</Alert>}
      {booking.status === 'expired' && <Alert severity="info" sx={{ mt: 2 }}>The hold expired and the seats were freed. Make a new booking to sell them again.</Alert>}
      {booking.cancellation && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Cancelled on {formatDate(booking.cancellation.at)}: {booking.cancellation.reason}
          {booking.cancellation.feeMinor > 0 ? ` · fee kept ${money(booking, booking.cancellation.feeMinor)}` : ''}
        </Alert>
      )}

      <Section title="Lead contact">
        <Typography>
          {booking.contact.name} · <a href={`mailto:${booking.contact.email}`}>{booking.contact.email}</a>
          {booking.contact.phone ? ` · ${booking.contact.phone}` : ''}
        </Typography>
        {booking.notes && <Typography color="text.secondary">Notes: {booking.notes}</Typography>}
      </Section>

      <Section title={`Travellers: ${travellersText(booking.travellers)}`}>
        <Paper variant="outlined" sx={{ overflowX: 'auto', contain: 'inline-size' }} tabIndex={0} role="region" aria-label="What was sold (scrolls sideways)">
          <Table size="small" aria-label="What was sold">
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.key}>
                  <TableCell>
                    <strong>{line.label}</strong>
                    <Typography variant="body2" color="text.secondary">
                      {line.detail}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{money(booking, line.amount)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell>
                  <strong>Total</strong>
                </TableCell>
                <TableCell align="right">
                  <strong>{money(booking, booking.totalMinor)}</strong>
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell>Paid{booking.refundedMinor > 0 ? ` (after ${money(booking, booking.refundedMinor)} refunded)` : ''}</TableCell>
                <TableCell align="right">{money(booking, booking.paidMinor)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell>
                  <strong>{booking.balanceMinor < 0 ? 'Refund due' : 'Balance'}</strong>
                </TableCell>
                <TableCell align="right">
                  <strong>{booking.balanceMinor === 0 ? 'Settled' : money(booking, Math.abs(booking.balanceMinor))}</strong>
                </TableCell>
              </TableRow>
              {booking.balanceMinor > 0 && (booking.status === 'confirmed' || booking.status === 'held') && (
                <TableRow>
                  <TableCell>Balance due by</TableCell>
                  <TableCell align="right">{formatCalendarDate(balanceDueDate(booking))}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Paper>
        <Typography variant="caption" color="text.secondary">
          Prices as sold on {formatDate(booking.createdAt)}; a later price change does not alter them.
        </Typography>
      </Section>

      <Section title="Payments and refunds">
        <Payments booking={booking} />
      </Section>

      <Section title="History">
        <Timeline booking={booking} />
      </Section>
    </Box>
  );
}

export function BookingTitle() {
  const booking = useRecordContext<Booking>();
  return <span>{booking ? `Booking ${booking.reference}` : 'Booking'}</span>;
}

/**
 * A booking's address with its reference instead of its id (/bookings/6PC4VLQN/show, typed or
 * pasted by staff): the booking is found by its reference and the address becomes its own; an
 * unknown reference says "No booking 6PC4VLQN." with the server's words.
 */
function BookingByReference({ reference }: { reference: string }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const navigate = useNavigate();
  const found = useQuery({
    queryKey: ['bookings', 'byReference', reference],
    queryFn: ({ signal }) => dataProvider.call<Booking>(`bookings/${encodeURIComponent(reference)}`, { signal }),
    retry: false,
  });
  useEffect(() => {
    if (found.data) navigate(`/bookings/${encodeURIComponent(found.data.id)}/show`, { replace: true });
  }, [found.data, navigate]);
  return (
    <Box>
      <Title title={`Booking ${reference}`} />
      {found.error ? (
        <LoadFailure error={found.error} onRetry={() => found.refetch()} what="This booking" />
      ) : (
        <Typography sx={{ p: 2 }} color="text.secondary">
          Finding booking {reference}…
        </Typography>
      )}
    </Box>
  );
}

export function BookingShow() {
  const { id } = useParams();
  const key = id === undefined ? null : bookingKey(id);
  if (key !== null && 'reference' in key) return <BookingByReference reference={key.reference} />;
  return (
    <Show title={<BookingTitle />} actions={<ShowActions />} queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<ShowLoadError what="This booking" />}>
      <BookingDetails />
    </Show>
  );
}
