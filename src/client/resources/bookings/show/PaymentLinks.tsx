/**
 * Card payment links (Stripe Checkout): the button that makes one for the deposit, the balance or
 * an amount up to it (e-mailed to the customer, or copied and handed over), and the booking's links
 * with what became of each. Shown only where the server has card payments set up.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { Booking } from '../../../../shared/contract/bookings';
import { defaultLinkAmount, type PaymentLink } from '../../../../shared/contract/payment-links';
import { currencyDigits, minorToMajorText } from '../../../../shared/money';
import { formatDateTime } from '../../../dates';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { fieldErrorsOf } from '../../../providers/http-client';
import { LoadFailure } from '../../common/LoadError';
import { money } from '../booking-text';
import { readAmount } from './read-amount';

const STATUS = {
  open: { label: 'Open', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
} as const;

const linksKey = (booking: Booking) => ['bookings', 'payment-links', booking.id];

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function SendPaymentLinkButton({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const email = booking.contact.email.trim();
  const canEmail = email !== '' && booking.resellerId === null;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [send, setSend] = useState(canEmail);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<PaymentLink | null>(null);
  const openDialog = () => {
    setAmount(minorToMajorText(defaultLinkAmount(booking), booking.currency));
    setSend(canEmail);
    setErrors({});
    setMade(null);
    setOpen(true);
  };
  const submit = async () => {
    const parsed = readAmount(amount, booking.currency);
    const problems: Record<string, string> = {};
    if ('problem' in parsed) problems.amountMinor = parsed.problem;
    else if (parsed.minor === 0) problems.amountMinor = 'Enter an amount above 0.';
    else if (parsed.minor > booking.balanceMinor) problems.amountMinor = `The balance is ${money(booking, booking.balanceMinor)}: a link cannot ask for more.`;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || 'problem' in parsed) return;
    setBusy(true);
    try {
      const link = await dataProvider.call<PaymentLink>(`bookings/${encodeURIComponent(booking.id)}/payment-links`, { method: 'POST', body: { amountMinor: parsed.minor, email: send } });
      setMade(link);
      notify(send ? `Payment link for ${money(booking, link.amountMinor)} made; it goes to ${email} within seconds` : `Payment link for ${money(booking, link.amountMinor)} made`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'No link was made.', { type: 'error' });
      const fields = fieldErrorsOf(failure);
      if (fields) setErrors(fields);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<CreditCardIcon />} onClick={openDialog}>
        Send a payment link
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="payment-link-title">
        <DialogTitle id="payment-link-title">Send a card payment link</DialogTitle>
        <DialogContent>
          {made ? (
            <Stack sx={{ gap: 2 }}>
              <Typography>
                The link asks for {money(booking, made.amountMinor)} and works until {formatDateTime(made.expiresAt)}.{' '}
                {made.emailed ? `It is on its way to ${email}.` : 'Copy it and hand it to the customer.'} The payment is recorded here when the customer pays.
              </Typography>
              <LinkField url={made.url} />
            </Stack>
          ) : (
            <Stack sx={{ gap: 2 }}>
              <Typography>
                {booking.reference}: total {money(booking, booking.totalMinor)}, paid {money(booking, booking.paidMinor)}, balance {money(booking, booking.balanceMinor)}
                {booking.paidMinor === 0 && booking.depositMinor > 0 ? `, deposit ${money(booking, booking.depositMinor)}` : ''}. The customer pays by card on Stripe’s page within 24 hours.
              </Typography>
              <TextField
                label={`Amount (${booking.currency})`}
                required
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                error={Boolean(errors.amountMinor)}
                helperText={errors.amountMinor ?? `At most the balance${currencyDigits(booking.currency) === 0 ? '; whole amounts' : ''}`}
                slotProps={{ htmlInput: { inputMode: currencyDigits(booking.currency) === 0 ? 'numeric' : 'decimal' } }}
              />
              <FormControlLabel
                control={<Checkbox checked={send} disabled={!canEmail} onChange={(event) => setSend(event.target.checked)} />}
                label={canEmail ? `E-mail it to ${email}` : booking.resellerId !== null ? 'Not e-mailed: the reseller speaks to its customers' : 'Not e-mailed: the contact has no e-mail address'}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
          {!made && (
            <Button variant="contained" disabled={busy} onClick={() => void submit()}>
              {send ? 'Make and e-mail the link' : 'Make the link'}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

function LinkField({ url }: { url: string }) {
  const notify = useNotify();
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', minWidth: 0 }}>
      <TextField label="Payment link" value={url} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} onFocus={(event) => event.target.select()} />
      <Tooltip title="Copy the link">
        <IconButton aria-label="Copy the link" onClick={() => void copy(url).then((done) => notify(done ? 'Link copied' : 'The browser did not allow copying: select the link and copy it', { type: done ? 'info' : 'warning' }))}>
          <ContentCopyIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The booking's payment links, newest first. */
export function PaymentLinks({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const refresh = useRefresh();
  const links = useQuery({
    queryKey: linksKey(booking),
    queryFn: ({ signal }) => dataProvider.call<{ data: PaymentLink[] }>(`bookings/${encodeURIComponent(booking.id)}/payment-links`, { signal }),
    // The customer pays on Stripe's page, not here: while a link is open the page looks every 15 seconds.
    refetchInterval: (query) => (query.state.data?.data.some((link) => link.status === 'open') ? 15_000 : false),
  });
  // A link paid since the last look: the booking's money and payments are read again.
  const paid = links.data?.data.filter((link) => link.status === 'paid').length;
  const seenPaid = useRef(paid);
  useEffect(() => {
    if (paid !== undefined && seenPaid.current !== undefined && paid > seenPaid.current) refresh();
    seenPaid.current = paid;
  }, [paid, refresh]);
  if (links.error) return <LoadFailure error={links.error} onRetry={() => links.refetch()} what="The payment links" />;
  if (!links.data) return <Typography color="text.secondary">Loading…</Typography>;
  if (links.data.data.length === 0) return <Typography color="text.secondary">No payment link made yet.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Payment links">
      {links.data.data.map((link) => (
        <Box component="li" key={link.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip size="small" label={STATUS[link.status].label} color={STATUS[link.status].color} />
          <strong>{money(booking, link.amountMinor)}</strong>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem', minWidth: 0 }}>
            {[
              `made ${formatDateTime(link.createdAt)}`,
              link.createdByName ? `by ${link.createdByName}` : 'with a balance reminder',
              link.emailed ? 'e-mailed' : null,
              link.status === 'open' ? `works until ${formatDateTime(link.expiresAt)}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {link.status === 'open' && <CopyLinkButton url={link.url} />}
        </Box>
      ))}
    </Box>
  );
}

function CopyLinkButton({ url }: { url: string }) {
  const notify = useNotify();
  return (
    <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy(url).then((done) => notify(done ? 'Link copied' : `The browser did not allow copying. The link: ${url}`, { type: done ? 'info' : 'warning' }))}>
      Copy link
    </Button>
  );
}
