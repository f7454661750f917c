/** One departure to choose from: its date, the seats free of its capacity, who waits, the adult price. */
import { useTranslate } from 'react-admin';
import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { Departure } from '../../../../shared/contract/departures';
import { formatMinor } from '../../../../shared/money';
import { closedFor, departureWhen } from '../../departures/departure-text';

export function DepartureCard({ departure, currency, selected, onSelect, canOverrideCutoff = false }: { departure: Departure; currency: string; selected: boolean; onSelect: () => void; canOverrideCutoff?: boolean }) {
  const translate = useTranslate();
  const free = departure.seatsAvailable;
  // One the server would refuse (started, past its cut-off) is shown closed and cannot be chosen, rather than refused four steps later.
  // Past its cut-off, a clerk allowed to override it may still choose it (and give a reason); a started one is closed to everyone.
  const found = closedFor(departure);
  const overridable = found === 'cutoff' && canOverrideCutoff;
  const closed = overridable ? null : found;
  return (
    <Card variant="outlined" sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1, opacity: closed ? 0.7 : 1 }}>
      <CardActionArea onClick={onSelect} aria-pressed={selected} disabled={closed !== null}>
        <CardContent sx={{ py: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{departureWhen(departure)}</Typography>
          <Typography variant="body2" color={free === 0 || closed ? 'error' : overridable ? 'warning.main' : 'text.secondary'}>
            {overridable ? `${translate('bookings.create.closed_cutoff')} · ${translate('bookings.create.cutoff_overridable')} · ` : ''}
            {closed ? translate(`bookings.create.closed_${closed}`) : free === 0 ? translate('bookings.create.full') : translate('bookings.create.seats_free', { free, capacity: departure.capacity })}
            {departure.waitlisted > 0 ? translate('bookings.card.waiting', { count: departure.waitlisted }) : ''}
            {departure.prices.ADULT !== null ? translate('bookings.card.adult_price', { price: formatMinor(departure.prices.ADULT, currency) }) : ''}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
