/**
 * A departure's seats at a glance: confirmed, held and free as one bar, the waitlist as a second,
 * thinner bar on the same scale (it may run past the capacity), with the numbers in words beside.
 */
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Departure } from '../../../shared/contract/departures';

export function SeatsBar({ departure, wide = false }: { departure: Pick<Departure, 'capacity' | 'seatsConfirmed' | 'seatsHeld' | 'seatsAvailable' | 'waitlisted'>; wide?: boolean }) {
  const { capacity, seatsConfirmed, seatsHeld, seatsAvailable, waitlisted } = departure;
  const share = (count: number) => `${Math.min(100, (count / capacity) * 100)}%`;
  const translate = useTranslate();
  const words = translate('seats.words', { confirmed: seatsConfirmed, held: seatsHeld, free: seatsAvailable, capacity }) + (waitlisted > 0 ? translate('seats.waiting_words', { waiting: waitlisted }) : '');
  return (
    <Stack sx={{ gap: 0.5, minWidth: wide ? 280 : 140 }} role="img" aria-label={words}>
      <Box sx={{ display: 'flex', height: wide ? 14 : 8, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}>
        <Box sx={{ width: share(seatsConfirmed), bgcolor: 'success.main' }} />
        <Box sx={{ width: share(seatsHeld), bgcolor: 'warning.main' }} />
      </Box>
      {waitlisted > 0 && (
        <Box sx={{ height: wide ? 6 : 4, width: share(waitlisted), borderRadius: 1, bgcolor: 'info.main', backgroundImage: 'repeating-linear-gradient(45deg, transparent 0 4px, rgba(255,255,255,0.35) 4px 8px)' }} />
      )}
      <Typography variant="caption" color="text.secondary">
        {wide ? words : `${seatsConfirmed + seatsHeld}/${capacity}${waitlisted > 0 ? translate('seats.waiting_short', { waiting: waitlisted }) : ''}`}
      </Typography>
    </Stack>
  );
}
