/** Step 3: the tour's optional extras by quantity, and single rooms when the departure sells them. */
import { Box, Stack, TextField, Typography } from '@mui/material';
import { BOOKING_RULES } from '../../../../shared/contract/bookings';
import { formatMinor } from '../../../../shared/money';
import { LoadFailure } from '../../common/LoadError';
import type { BookingForm } from './useBookingForm';

export function ExtrasStep({ form }: { form: BookingForm }) {
  const { components, optional, extras, problems, currency, departure, singleRooms, adults } = form;
  return (
    <Stack sx={{ gap: 2 }}>
      {components.error && <LoadFailure error={components.error} onRetry={() => components.refetch()} what="The extras" />}
      {optional.length === 0 && !components.isPending && <Typography color="text.secondary">This tour has no optional extras.</Typography>}
      {optional.map((component, index) => (
        <Stack key={component.id} direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            label="Quantity"
            type="number"
            value={extras[component.id] ?? 0}
            onChange={(event) => form.setExtras((current) => ({ ...current, [component.id]: Math.max(0, Math.min(BOOKING_RULES.quantity.maximum, Math.floor(Number(event.target.value) || 0))) }))}
            sx={{ width: 110 }}
            error={Boolean(problems[`extras.${index}.componentId`])}
            helperText={problems[`extras.${index}.componentId`]}
            slotProps={{ htmlInput: { min: 0, max: BOOKING_RULES.quantity.maximum, 'aria-label': `${component.name}: quantity` } }}
          />
          <Box>
            <Typography>{component.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {component.priceMinor !== null ? `${formatMinor(component.priceMinor, currency)} each` : ''} · day {component.dayFrom}
              {component.dayTo !== component.dayFrom ? `–${component.dayTo}` : ''}
            </Typography>
          </Box>
        </Stack>
      ))}
      {departure && departure.singleSupplementMinor !== null ? (
        <TextField
          label="Single rooms"
          type="number"
          value={singleRooms}
          onChange={(event) => form.setSingleRooms(Math.max(0, Math.floor(Number(event.target.value) || 0)))}
          sx={{ width: 200 }}
          error={Boolean(problems.singleRooms)}
          helperText={problems.singleRooms ?? `${formatMinor(departure.singleSupplementMinor, currency)} each; at most one per adult (${adults})`}
          slotProps={{ htmlInput: { min: 0, max: adults } }}
        />
      ) : (
        <Typography color="text.secondary">Single rooms are not sold on this departure.</Typography>
      )}
    </Stack>
  );
}
