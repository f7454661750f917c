/** Records a payment or a refund in the booking's currency, within the balance and what was paid, sent once (Idempotency-Key). */
import { useTranslate } from 'react-admin';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { BOOKING_RULES, PAYMENT_METHODS, type Booking } from '../../../../shared/contract/bookings';
import { dueNowMinor } from '../../../../shared/contract/payment-links';
import { currencyDigits, minorToMajorText } from '../../../../shared/money';
import { balanceText, METHOD_LABELS, money, newIdempotencyKey } from '../booking-text';
import { readAmount } from '../../common/read-amount';
import { useBookingAction } from './useBookingAction';

export function RecordPaymentButton({ booking }: { booking: Booking }) {
  const act = useBookingAction();
  const refundable = booking.paidMinor - (booking.cancellation?.feeMinor ?? 0);
  const initialKind = booking.balanceMinor < 0 ? 'refund' : 'payment';
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'payment' | 'refund'>(initialKind);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<(typeof PAYMENT_METHODS)[number]>('card');
  const [reference, setReference] = useState('');
  const [giftCardCode, setGiftCardCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // One key per opening of the dialog: a double click on Record, or a retry after a lost answer, records once.
  const [key, setKey] = useState(newIdempotencyKey);
  const translate = useTranslate();
  const openDialog = () => {
    // A reseller's booking: what the reseller owes at net; another's: what is due now (the deposit, then the balance).
    const suggested = initialKind === 'refund' ? -booking.balanceMinor : booking.resellerId !== null ? (booking.resellerOwesMinor ?? 0) : dueNowMinor(booking);
    setKind(initialKind);
    setAmount(suggested > 0 ? minorToMajorText(suggested, booking.currency) : '');
    setReference('');
    setGiftCardCode('');
    setErrors({});
    setKey(newIdempotencyKey());
    setOpen(true);
  };
  const submit = async () => {
    const parsed = readAmount(amount, booking.currency);
    const problems: Record<string, string> = {};
    if ('problem' in parsed) problems.amountMinor = parsed.problem;
    else if (parsed.minor === 0) problems.amountMinor = translate('bookings.payment.above_zero');
    else if (kind === 'payment' && parsed.minor > booking.balanceMinor) problems.amountMinor = translate('bookings.payment.over_balance', { money: money(booking, Math.max(0, booking.balanceMinor)) });
    else if (kind === 'refund' && parsed.minor > refundable) problems.amountMinor = translate('bookings.payment.over_refundable', { money: money(booking, Math.max(0, refundable)) });
    if (method === 'gift_card' && kind === 'payment' && giftCardCode.trim() === '') problems.giftCardCode = translate('bookings.payment.gift_card_help');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || 'problem' in parsed) return;
    setBusy(true);
    const refused = await act(
      `bookings/${encodeURIComponent(booking.id)}/payments`,
      {
        kind,
        amountMinor: parsed.minor,
        method,
        ...(reference.trim() && { reference: reference.trim() }),
        // A card pays by its code; a refund by card goes back to the cards that paid.
        ...(method === 'gift_card' && (kind === 'payment' ? { giftCardCode: giftCardCode.trim() } : { refundTo: 'gift_card' })),
      },
      translate(kind === 'payment' ? 'bookings.payment.payment_done' : 'bookings.payment.refund_done', { money: money(booking, parsed.minor) }),
      { 'Idempotency-Key': key },
      // A card refused (unknown, void, expired, another currency) is said beside its code; too little on it, beside the amount.
      { GIFT_CARD_INVALID: 'giftCardCode', GIFT_CARD_BALANCE: 'amountMinor' },
    );
    setBusy(false);
    if (refused === null) setOpen(false);
    else if (refused) setErrors(refused);
  };
  return (
    <>
      <Button size="small" startIcon={<PaymentsIcon />} onClick={openDialog}>
        {translate('bookings.payment.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="payment-title">
        <DialogTitle id="payment-title">{translate('bookings.payment.title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {translate('bookings.payment.summary', { reference: booking.reference, total: money(booking, booking.totalMinor), paid: money(booking, booking.paidMinor), balance: balanceText(booking) })}
          </Typography>
          <Stack sx={{ gap: 2 }}>
            <TextField select label={translate('bookings.payment.kind')} value={kind} onChange={(event) => setKind(event.target.value as 'payment' | 'refund')}>
              <MenuItem value="payment">{translate('bookings.payment.received')}</MenuItem>
              <MenuItem value="refund">{translate('bookings.payment.paid_out')}</MenuItem>
            </TextField>
            <TextField
              label={translate('bookings.payment.amount', { currency: booking.currency })}
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={Boolean(errors.amountMinor)}
              helperText={errors.amountMinor ?? (currencyDigits(booking.currency) === 0 ? translate('amounts.whole_amounts') : translate('amounts.decimals', { digits: currencyDigits(booking.currency) }))}
              slotProps={{ htmlInput: { inputMode: currencyDigits(booking.currency) === 0 ? 'numeric' : 'decimal' } }}
            />
            <TextField select label={translate('bookings.payment.method')} value={method} onChange={(event) => setMethod(event.target.value as (typeof PAYMENT_METHODS)[number])}>
              {PAYMENT_METHODS.map((value) => (
                <MenuItem key={value} value={value}>
                  {METHOD_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            {method === 'gift_card' &&
              (kind === 'payment' ? (
                <TextField
                  label={translate('bookings.payment.gift_card_code')}
                  required
                  value={giftCardCode}
                  onChange={(event) => setGiftCardCode(event.target.value)}
                  error={Boolean(errors.giftCardCode)}
                  helperText={errors.giftCardCode ?? translate('bookings.payment.gift_card_help')}
                  slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
                />
              ) : (
                <Typography variant="body2">{translate('bookings.payment.gift_card_refund')}</Typography>
              ))}
            <TextField
              label={translate('bookings.payment.reference')}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              error={Boolean(errors.reference)}
              helperText={errors.reference ?? translate('bookings.payment.reference_help')}
              slotProps={{ htmlInput: { maxLength: BOOKING_RULES.paymentReference.maxLength } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('bookings.payment.close')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void submit()}>
            {translate(kind === 'payment' ? 'bookings.payment.record_payment' : 'bookings.payment.record_refund')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
