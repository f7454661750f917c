/** Step 2: who travels. Warnings (no adult, an age outside its band, too few seats free) do not stop the clerk. */
import { useTranslate } from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Stack } from '@mui/material';
import { BOOKING_RULES } from '../../../../shared/contract/bookings';
import { newRow } from './draft';
import { TravellerFields } from './TravellerFields';
import type { BookingForm } from './useBookingForm';

export function TravellersStep({ form }: { form: BookingForm }) {
  const { problems, travellers, adultWarning, tooFew, departure } = form;
  const translate = useTranslate();
  return (
    <Stack sx={{ gap: 2 }}>
      {problems.travellers && <Alert severity="error">{problems.travellers}</Alert>}
      {travellers.map((traveller, index) => (
        <TravellerFields key={traveller.key} form={form} traveller={traveller} index={index} />
      ))}
      <Box>
        <Button startIcon={<AddIcon />} disabled={travellers.length >= BOOKING_RULES.travellers.maxItems} onClick={() => form.setTravellers((rows) => [...rows, newRow()])}>
          {translate('bookings.create.add_traveller')}
        </Button>
      </Box>
      {adultWarning && <Alert severity="warning">{adultWarning}</Alert>}
      {tooFew && (
        <Alert severity="warning">
          {departure!.seatsAvailable === 0 ? translate('bookings.create.full_departure') : translate('bookings.create.only_free', { count: departure!.seatsAvailable })}
          {translate('bookings.create.waitlist_hint')}
        </Alert>
      )}
    </Stack>
  );
}
