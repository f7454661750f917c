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
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { Booking } from '../../../../shared/contract/bookings';
import { dueNowMinor, type PaymentLink } from '../../../../shared/contract/payment-links';
import { currencyDigits, minorToMajorText } from '../../../../shared/money';
import { formatDateTime } from '../../../dates';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { copyText } from '../../../clipboard';
import { fieldErrorsOf } from '../../../providers/http-client';
import { LoadFailure } from '../../common/LoadError';
import { money } from '../booking-text';
import { readAmount } from '../../common/read-amount';

const STATUS_COLOURS = { open: 'warning', paid: 'success', expired: 'default' } as const;

const linksKey = (booking: Booking) => ['bookings', 'payment-links', booking.id];

export function SendPaymentLinkButton({ booking }: { booking: Booking }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const email = booking.contact.email.trim();
  const canEmail = email !== '' && booking.resellerId === null;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [send, setSend] = useState(canEmail);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<PaymentLink | null>(null);
  const openDialog = () => {
    setAmount(minorToMajorText(dueNowMinor(booking), booking.currency));
    setSend(canEmail);
    setErrors({});
    setMade(null);
    setOpen(true);
  };
  const submit = async () => {
    const parsed = readAmount(amount, booking.currency);
    const problems: Record<string, string> = {};
    if ('problem' in parsed) problems.amountMinor = parsed.problem;
    else if (parsed.minor === 0) problems.amountMinor = translate('bookings.links.above_zero');
    else if (parsed.minor > booking.balanceMinor) problems.amountMinor = translate('bookings.links.over_balance', { money: money(booking, booking.balanceMinor) });
    setErrors(problems);
    if (Object.keys(problems).length > 0 || 'problem' in parsed) return;
    setBusy(true);
    try {
      const link = await dataProvider.call<PaymentLink>(`bookings/${encodeURIComponent(booking.id)}/payment-links`, { method: 'POST', body: { amountMinor: parsed.minor, email: send } });
      setMade(link);
      notify(send ? 'bookings.links.made_emailed' : 'bookings.links.made', { type: 'success', messageArgs: { money: money(booking, link.amountMinor), email } });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'bookings.links.none_made', { type: 'error' });
      const fields = fieldErrorsOf(failure);
      if (fields) setErrors(fields);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<CreditCardIcon />} onClick={openDialog}>
        {translate('bookings.links.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="payment-link-title">
        <DialogTitle id="payment-link-title">{translate('bookings.links.title')}</DialogTitle>
        <DialogContent>
          {made ? (
            <Stack sx={{ gap: 2 }}>
              <Typography>
                {translate('bookings.links.asks_for', { money: money(booking, made.amountMinor), time: formatDateTime(made.expiresAt) })}{' '}
                {made.emailed ? translate('bookings.links.on_its_way', { email }) : translate('bookings.links.copy_it')} {translate('bookings.links.recorded_when_paid')}
              </Typography>
              <LinkField url={made.url} />
            </Stack>
          ) : (
            <Stack sx={{ gap: 2 }}>
              <Typography>
                {translate('bookings.links.summary', {
                  reference: booking.reference,
                  total: money(booking, booking.totalMinor),
                  paid: money(booking, booking.paidMinor),
                  balance: money(booking, booking.balanceMinor),
                  deposit: booking.paidMinor === 0 && booking.depositMinor > 0 ? translate('bookings.links.deposit', { money: money(booking, booking.depositMinor) }) : '',
                })}
              </Typography>
              <TextField
                label={translate('bookings.links.amount', { currency: booking.currency })}
                required
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                error={Boolean(errors.amountMinor)}
                helperText={errors.amountMinor ?? translate(currencyDigits(booking.currency) === 0 ? 'bookings.links.at_most_balance_whole' : 'bookings.links.at_most_balance')}
                slotProps={{ htmlInput: { inputMode: currencyDigits(booking.currency) === 0 ? 'numeric' : 'decimal' } }}
              />
              <FormControlLabel
                control={<Checkbox checked={send} disabled={!canEmail} onChange={(event) => setSend(event.target.checked)} />}
                label={canEmail ? translate('bookings.links.email_it', { email }) : translate(booking.resellerId !== null ? 'bookings.links.not_emailed_reseller' : 'bookings.links.not_emailed_no_address')}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('bookings.links.close')}</Button>
          {!made && (
            <Button variant="contained" disabled={busy} onClick={() => void submit()}>
              {translate(send ? 'bookings.links.make_and_email' : 'bookings.links.make')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

function LinkField({ url }: { url: string }) {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', minWidth: 0 }}>
      <TextField label={translate('bookings.links.payment_link')} value={url} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} onFocus={(event) => event.target.select()} />
      <Tooltip title={translate('bookings.links.copy_the_link')}>
        <IconButton aria-label={translate('bookings.links.copy_the_link')} onClick={() => void copyText(url).then((done) => notify(done ? 'bookings.links.copied' : 'bookings.links.copy_refused', { type: done ? 'info' : 'warning' }))}>
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
  const translate = useTranslate();
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
  if (links.error) return <LoadFailure error={links.error} onRetry={() => links.refetch()} what={translate('bookings.links.the_links')} />;
  if (!links.data) return <Typography color="text.secondary">{translate('bookings.links.loading')}</Typography>;
  if (links.data.data.length === 0) return <Typography color="text.secondary">{translate('bookings.links.none_yet')}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={translate('bookings.links.list')}>
      {links.data.data.map((link) => (
        <Box component="li" key={link.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip size="small" label={translate(`bookings.links.status.${link.status}`)} color={STATUS_COLOURS[link.status]} />
          <strong>{money(booking, link.amountMinor)}</strong>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem', minWidth: 0 }}>
            {[
              translate('bookings.links.made_at', { time: formatDateTime(link.createdAt) }),
              // No clerk made it: a message did (e-mailed), or the customer did on the shop's pages (a cart's checkout, their own booking's page).
              link.createdByName ? translate('bookings.links.by', { name: link.createdByName }) : link.emailed ? translate('bookings.links.with_reminder') : translate('bookings.links.by_customer'),
              link.emailed ? translate('bookings.links.emailed') : null,
              link.status === 'open' ? translate('bookings.links.works_until', { time: formatDateTime(link.expiresAt) }) : null,
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
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copyText(url).then((done) => notify(done ? 'bookings.links.copied' : 'bookings.links.copy_refused_link', { type: done ? 'info' : 'warning', messageArgs: { url } }))}>
      {translate('bookings.links.copy_link')}
    </Button>
  );
}
