/** Step 3: the tour's optional extras by quantity, and single rooms when the departure sells them. */
import { useTranslate } from 'react-admin';
import { Box, Stack, TextField, Typography } from '@mui/material';
import { BOOKING_RULES } from '../../../../shared/contract/bookings';
import { formatMinor } from '../../../../shared/money';
import { LoadFailure } from '../../common/LoadError';
import type { BookingForm } from './useBookingForm';

export function ExtrasStep({ form }: { form: BookingForm }) {
  const { components, optional, extras, problems, currency, departure, singleRooms, adults } = form;
  const translate = useTranslate();
  return (
    <Stack sx={{ gap: 2 }}>
      {components.error && <LoadFailure error={components.error} onRetry={() => components.refetch()} what={translate('bookings.create.the_extras')} />}
      {optional.length === 0 && !components.isPending && <Typography color="text.secondary">{translate('bookings.create.no_extras')}</Typography>}
      {optional.map((component, index) => (
        <Stack key={component.id} direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            label={translate('bookings.create.quantity')}
            type="number"
            value={extras[component.id] ?? 0}
            onChange={(event) => form.setExtras((current) => ({ ...current, [component.id]: Math.max(0, Math.min(BOOKING_RULES.quantity.maximum, Math.floor(Number(event.target.value) || 0))) }))}
            sx={{ width: 110 }}
            error={Boolean(problems[`extras.${index}.componentId`])}
            helperText={problems[`extras.${index}.componentId`]}
            slotProps={{ htmlInput: { min: 0, max: BOOKING_RULES.quantity.maximum, 'aria-label': translate('bookings.create.quantity_of', { name: component.name }) } }}
          />
          <Box>
            <Typography>{component.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {component.priceMinor !== null ? translate('bookings.create.each', { price: formatMinor(component.priceMinor, currency) }) : ''} ·{' '}
              {translate('bookings.create.day', { day: component.dayTo !== component.dayFrom ? `${component.dayFrom}–${component.dayTo}` : component.dayFrom })}
            </Typography>
          </Box>
        </Stack>
      ))}
      {departure && departure.singleSupplementMinor !== null ? (
        <TextField
          label={translate('bookings.create.single_rooms')}
          type="number"
          value={singleRooms}
          onChange={(event) => form.setSingleRooms(Math.max(0, Math.floor(Number(event.target.value) || 0)))}
          sx={{ width: 200 }}
          error={Boolean(problems.singleRooms)}
          helperText={problems.singleRooms ?? translate('bookings.create.single_help', { price: formatMinor(departure.singleSupplementMinor, currency), adults })}
          slotProps={{ htmlInput: { min: 0, max: adults } }}
        />
      ) : (
        <Typography color="text.secondary">{translate('bookings.create.no_single_rooms')}</Typography>
      )}
    </Stack>
  );
}
