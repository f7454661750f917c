/**
 * Cancels a booking with a reason and a fee of at most what was paid; the rest of what was paid
 * becomes refund due. The fee starts as the one the tour's cancellation terms propose today
 * (GET …/cancellation-quote); staff may change it.
 */
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { BOOKING_RULES, type Booking, type CancellationQuote } from '../../../../shared/contract/bookings';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { currencyDigits } from '../../../../shared/money';
import { money } from '../booking-text';
import { readAmount } from './read-amount';
import { useBookingAction } from './useBookingAction';

export function CancelBookingButton({ booking }: { booking: Booking }) {
  const act = useBookingAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fee, setFee] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [quote, setQuote] = useState<CancellationQuote | 'failed' | null>(null);
  const openDialog = () => {
    setOpen(true);
    setQuote(null);
    dataProvider
      .call<CancellationQuote>(`bookings/${encodeURIComponent(booking.id)}/cancellation-quote`)
      .then((proposed) => {
        setQuote(proposed);
        setFee((typed) => (typed === '' && proposed.feeMinor > 0 ? (proposed.feeMinor / 10 ** currencyDigits(booking.currency)).toFixed(currencyDigits(booking.currency)) : typed));
      })
      .catch(() => setQuote('failed'));
  };
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
      <Button size="small" color="error" startIcon={<EventBusyIcon />} onClick={openDialog}>
        Cancel booking
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="cancel-booking-title">
        <DialogTitle id="cancel-booking-title">Cancel booking {booking.reference}?</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            Its {booking.seats === 1 ? 'seat is' : `${booking.seats} seats are`} freed at once. Paid so far: {money(booking, booking.paidMinor)}. A fee is kept; the rest of what was paid becomes a refund due.
          </Typography>
          {quote === 'failed' && (
            <Typography color="error" sx={{ mb: 2 }}>
              The tour’s cancellation terms could not be read: enter the fee yourself.
            </Typography>
          )}
          {quote && quote !== 'failed' && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {quote.percent === 0 && quote.feeMinor === 0
                ? `The tour’s terms propose no fee ${quote.daysBefore >= 0 ? `${quote.daysBefore} days before departure` : 'now'}.`
                : `The tour’s terms keep ${quote.percent}% ${quote.daysBefore >= 0 ? `${quote.daysBefore} days before departure` : 'after departure'}: ${money(booking, quote.feeMinor)}${quote.feeMinor < Math.round((booking.totalMinor * quote.percent) / 100) ? ' (all that was paid)' : ''}.`}
            </Typography>
          )}
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
