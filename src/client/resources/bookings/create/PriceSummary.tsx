/**
 * The live price beside the form: the lines the server will add up (shared/booking-price.ts, the
 * rule the server prices with), the total, and the seats the booking takes.
 */
import { useTranslate } from 'react-admin';
import { Box, Paper, Typography } from '@mui/material';
import type { PriceLine } from '../../../../shared/booking-price';
import { formatMinor } from '../../../../shared/money';
import { departureWhen } from '../../departures/departure-text';
import { CATEGORY_LABELS } from '../booking-text';
import type { BookingForm } from './useBookingForm';
import { t } from '../../../i18n';
import { usePricingWords } from '../../tours/tour-pricing-words';

function lineLabel(line: PriceLine): string {
  if (line.kind === 'travellers') return `${line.quantity} × ${CATEGORY_LABELS[line.category]}`;
  if (line.kind === 'extra') return `${line.name} × ${line.quantity}`;
  return t('bookings.create.single_line', { quantity: line.quantity });
}

export function PriceSummary({ form }: { form: BookingForm }) {
  const { tour, departure, price, currency, seats } = form;
  const translate = useTranslate();
  const words = usePricingWords();
  return (
    <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 80 } }} aria-live="polite">
      <Typography component="h2" variant="h6">
        {translate('bookings.create.price')}
      </Typography>
      {tour && <Typography variant="body2" color="text.secondary">{tour.code} · {tour.title}</Typography>}
      {departure && <Typography variant="body2" color="text.secondary">{departureWhen(departure)}</Typography>}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, my: 1.5 }}>
        {(price?.lines ?? []).map((line) => (
          <Box key={lineLabel(line)} sx={{ display: 'contents' }}>
            <dt>{lineLabel(line)}</dt>
            <dd style={{ margin: 0, textAlign: 'right' }}>{formatMinor(line.amountMinor, currency)}</dd>
          </Box>
        ))}
        {price?.rule && price.discountMinor > 0 && (
          <>
            <dt style={{ color: 'inherit', opacity: 0.75 }}>{words.discountIncluded(price.rule.kind, price.rule.percent)}</dt>
            <dd style={{ margin: 0, textAlign: 'right', opacity: 0.75 }}>−{formatMinor(price.discountMinor, currency)}</dd>
          </>
        )}
        <dt style={{ fontWeight: 700 }}>{translate('bookings.create.total')}</dt>
        <dd style={{ margin: 0, textAlign: 'right', fontWeight: 700 }}>{formatMinor(price?.totalMinor ?? 0, currency)}</dd>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate('bookings.create.seats_line', { smart_count: seats })}
        {departure ? translate('bookings.create.free', { count: departure.seatsAvailable }) : ''}
      </Typography>
    </Paper>
  );
}
