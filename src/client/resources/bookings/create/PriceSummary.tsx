/**
 * The live price beside the form: the lines the server will add up (shared/booking-price.ts, the
 * rule the server prices with), the total, and the seats the booking takes.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import type { PriceLine } from '../../../../shared/booking-price';
import { formatMinor } from '../../../../shared/money';
import { departureWhen } from '../../departures/departure-text';
import { CATEGORY_LABELS } from '../booking-text';
import type { BookingForm } from './useBookingForm';
import { t } from '../../../i18n';
import { usePricingWords, type PricingWords } from '../../tours/tour-pricing-words';

function lineLabel(line: PriceLine, words: PricingWords): string {
  if (line.kind === 'travellers') return `${line.quantity} × ${CATEGORY_LABELS[line.category]}`;
  if (line.kind === 'extra') return `${line.name} × ${line.quantity}`;
  if (line.kind === 'promo') return words.promoLine(line.code);
  return t('bookings.create.single_line', { quantity: line.quantity });
}

/** The promo code: typed and checked by the server for this departure and these travellers, or applied with a way to remove it. */
function PromoCodeField({ form }: { form: BookingForm }) {
  const words = usePricingWords();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const problem = form.problems.promoCode;
  if (form.promo) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="body2">{words.promoApplied(form.promo.code)}</Typography>
        <Button size="small" onClick={() => form.setPromo(null)}>
          {words.removePromo}
        </Button>
        {problem && (
          <Typography variant="body2" color="error" role="alert" sx={{ width: '100%' }}>
            {problem}
          </Typography>
        )}
      </Stack>
    );
  }
  const apply = async () => {
    if (typed.trim() === '') return;
    setBusy(true);
    try {
      await form.applyPromo(typed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 1 }}>
      <TextField
        label={words.promoCode}
        size="small"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
        error={Boolean(problem)}
        helperText={problem}
        disabled={!form.departure}
        slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" onClick={() => void apply()} disabled={busy || !form.departure || typed.trim() === ''} sx={{ mt: 0.25 }}>
        {words.applyPromo}
      </Button>
    </Stack>
  );
}

export function PriceSummary({ form }: { form: BookingForm }) {
  const { tour, departure, price, currency, seats } = form;
  const translate = useTranslate();
  const words = usePricingWords();
  // Travellers' lines at their list prices: the rule and a code per traveller are the lines under them, so it all adds up to the total.
  const listAmount = (line: PriceLine) => {
    if (line.kind !== 'travellers' || !price) return line.amountMinor;
    const at = form.travellers.findIndex((traveller) => traveller.category === line.category);
    const list = at < 0 ? null : price.travellerListPrices[at];
    return list === null || list === undefined ? line.amountMinor : list * line.quantity;
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 80 } }} aria-live="polite">
      <Typography component="h2" variant="h6">
        {translate('bookings.create.price')}
      </Typography>
      {tour && <Typography variant="body2" color="text.secondary">{tour.code} · {tour.title}</Typography>}
      {departure && <Typography variant="body2" color="text.secondary">{departureWhen(departure)}</Typography>}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, my: 1.5 }}>
        {(price?.lines ?? []).map((line) => (
          <Box key={lineLabel(line, words)} sx={{ display: 'contents' }}>
            <dt>{lineLabel(line, words)}</dt>
            <dd style={{ margin: 0, textAlign: 'right' }}>{formatMinor(listAmount(line), currency)}</dd>
          </Box>
        ))}
        {price?.rule && price.discountMinor - price.promoDiscountMinor > 0 && (
          <>
            <dt style={{ color: 'inherit', opacity: 0.75 }}>{words.discountIncluded(price.rule.kind, price.rule.percent)}</dt>
            <dd style={{ margin: 0, textAlign: 'right', opacity: 0.75 }}>−{formatMinor(price.discountMinor - price.promoDiscountMinor, currency)}</dd>
          </>
        )}
        {price?.promo && price.promo.appliesTo === 'traveller' && price.promoDiscountMinor > 0 && (
          <>
            <dt style={{ color: 'inherit', opacity: 0.75 }}>{words.promoIncluded(price.promo.code)}</dt>
            <dd style={{ margin: 0, textAlign: 'right', opacity: 0.75 }}>−{formatMinor(price.promoDiscountMinor, currency)}</dd>
          </>
        )}
        <dt style={{ fontWeight: 700 }}>{translate('bookings.create.total')}</dt>
        <dd style={{ margin: 0, textAlign: 'right', fontWeight: 700 }}>{formatMinor(price?.totalMinor ?? 0, currency)}</dd>
      </Box>
      <PromoCodeField form={form} />
      <Typography variant="caption" color="text.secondary">
        {translate('bookings.create.seats_line', { smart_count: seats })}
        {departure ? translate('bookings.create.free', { count: departure.seatsAvailable }) : ''}
      </Typography>
    </Paper>
  );
}
