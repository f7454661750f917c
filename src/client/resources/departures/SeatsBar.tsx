/** A departure's seats at a glance: confirmed, held and free as one bar, with the numbers in words beside it. */
import { Box, Stack, Typography } from '@mui/material';
import type { Departure } from '../../../shared/contract/departures';

export function SeatsBar({ departure, wide = false }: { departure: Departure; wide?: boolean }) {
  const { capacity, seatsConfirmed, seatsHeld, seatsAvailable, waitlisted } = departure;
  const share = (count: number) => `${(count / capacity) * 100}%`;
  const words = `${seatsConfirmed} confirmed, ${seatsHeld} held, ${seatsAvailable} free of ${capacity}${waitlisted > 0 ? `; ${waitlisted} waiting` : ''}`;
  return (
    <Stack sx={{ gap: 0.5, minWidth: wide ? 280 : 140 }}>
      <Box role="img" aria-label={words} sx={{ display: 'flex', height: wide ? 14 : 8, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}>
        <Box sx={{ width: share(seatsConfirmed), bgcolor: 'success.main' }} />
        <Box sx={{ width: share(seatsHeld), bgcolor: 'warning.main' }} />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {wide ? words : `${seatsConfirmed + seatsHeld}/${capacity}${waitlisted > 0 ? ` · ${waitlisted} waiting` : ''}`}
      </Typography>
    </Stack>
  );
}
