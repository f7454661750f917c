/**
 * Cancels a booking with a reason and a fee of at most what was paid; the rest of what was paid
 * becomes refund due. The fee starts as the one the tour's cancellation terms propose today
 * (GET …/cancellation-quote); staff may change it.
 */
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { BOOKING_RULES, type Booking, type CancellationQuote } from '../../../../shared/contract/bookings';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { currencyDigits } from '../../../../shared/money';
import { money } from '../booking-text';
import { readAmount } from '../../common/read-amount';
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
  const translate = useTranslate();
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
    if (reason.trim() === '') problems.reason = translate('bookings.cancel.say_why');
    let feeMinor = 0;
    if (fee.trim() !== '') {
      const amount = readAmount(fee, booking.currency);
      if ('problem' in amount) problems.feeMinor = amount.problem;
      else if (amount.minor > booking.paidMinor) problems.feeMinor = translate('bookings.cancel.at_most_paid', { money: money(booking, booking.paidMinor) });
      else feeMinor = amount.minor;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const refused = await act(`bookings/${encodeURIComponent(booking.id)}/cancel`, { reason: reason.trim(), feeMinor }, translate('bookings.cancel.done', { reference: booking.reference }));
    setBusy(false);
    if (refused === null) setOpen(false);
    else if (refused) setErrors(refused);
  };
  return (
    <>
      <Button size="small" color="error" startIcon={<EventBusyIcon />} onClick={openDialog}>
        {translate('bookings.cancel.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="cancel-booking-title">
        <DialogTitle id="cancel-booking-title">{translate('bookings.cancel.title', { reference: booking.reference })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {translate('bookings.cancel.seats_freed', { smart_count: booking.seats })} {translate('bookings.cancel.paid_so_far', { money: money(booking, booking.paidMinor) })}
          </Typography>
          {quote === 'failed' && (
            <Typography color="error" sx={{ mb: 2 }}>
              {translate('bookings.cancel.terms_failed')}
            </Typography>
          )}
          {quote && quote !== 'failed' && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {quote.percent === 0 && quote.feeMinor === 0
                ? quote.daysBefore >= 0
                  ? translate('bookings.cancel.no_fee_days', { smart_count: quote.daysBefore })
                  : translate('bookings.cancel.no_fee_now')
                : translate(quote.daysBefore >= 0 ? 'bookings.cancel.keep_days' : 'bookings.cancel.keep_after', {
                    smart_count: quote.daysBefore,
                    percent: quote.percent,
                    money: money(booking, quote.feeMinor),
                    all: quote.feeMinor < Math.round((booking.totalMinor * quote.percent) / 100) ? translate('bookings.cancel.all_paid') : '',
                  })}
            </Typography>
          )}
          <Stack sx={{ gap: 2 }}>
            <TextField
              label={translate('bookings.cancel.reason')}
              required
              fullWidth
              multiline
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={Boolean(errors.reason)}
              helperText={errors.reason ?? translate('bookings.cancel.reason_help')}
              slotProps={{ htmlInput: { maxLength: BOOKING_RULES.reason.maxLength } }}
            />
            <TextField
              label={translate('bookings.cancel.fee', { currency: booking.currency })}
              value={fee}
              onChange={(event) => setFee(event.target.value)}
              error={Boolean(errors.feeMinor)}
              helperText={errors.feeMinor ?? translate('bookings.cancel.fee_help', { money: money(booking, booking.paidMinor) })}
              slotProps={{ htmlInput: { inputMode: currencyDigits(booking.currency) === 0 ? 'numeric' : 'decimal' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('bookings.cancel.keep_it')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void submit()}>
            {translate('bookings.cancel.button')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
