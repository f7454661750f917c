/** One traveller of the new booking: category (with its price, or "not sold"), names, birth date, and the age warning. */
import { useTranslate } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { BOOKING_RULES } from '../../../../shared/contract/bookings';
import { formatMinor } from '../../../../shared/money';
import { CATEGORY_LABELS } from '../booking-text';
import type { Category, TravellerRow } from './draft';
import type { BookingForm } from './useBookingForm';

export function TravellerFields({ form, traveller, index }: { form: BookingForm; traveller: TravellerRow; index: number }) {
  const { problems, departure, currency, soldCategories, ageWarnings, travellers } = form;
  const update = (change: Partial<TravellerRow>) => form.updateTraveller(index, change);
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      {/* A row that wraps where the names and the date would be cut off; one field a line on a phone. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' }, flexWrap: { sm: 'wrap' } }}>
        <TextField
          select
          label={translate('bookings.create.category')}
          value={traveller.category}
          onChange={(event) => update({ category: event.target.value as Category })}
          // Wide enough for "Infant · ISK 389,000" on a desktop; the whole row on a phone.
          sx={{ flex: { sm: '0 0 240px' } }}
          error={Boolean(problems[`travellers.${index}.category`])}
          helperText={problems[`travellers.${index}.category`]}
        >
          {(Object.keys(CATEGORY_LABELS) as Category[]).map((category) => (
            <MenuItem key={category} value={category} disabled={!soldCategories.includes(category)}>
              {CATEGORY_LABELS[category]}
              {departure && departure.prices[category] !== null ? ` · ${formatMinor(departure.prices[category]!, currency)}` : translate('bookings.create.not_sold')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('bookings.create.first_name')}
          required
          value={traveller.firstName}
          onChange={(event) => update({ firstName: event.target.value })}
          error={Boolean(problems[`travellers.${index}.firstName`])}
          helperText={problems[`travellers.${index}.firstName`]}
          sx={{ flex: { sm: '1 1 150px' } }}
          slotProps={{ htmlInput: { maxLength: BOOKING_RULES.name.maxLength, name: `travellers.${index}.firstName` } }}
        />
        <TextField
          label={translate('bookings.create.last_name')}
          required
          value={traveller.lastName}
          onChange={(event) => update({ lastName: event.target.value })}
          error={Boolean(problems[`travellers.${index}.lastName`])}
          helperText={problems[`travellers.${index}.lastName`]}
          sx={{ flex: { sm: '1 1 150px' } }}
          slotProps={{ htmlInput: { maxLength: BOOKING_RULES.name.maxLength, name: `travellers.${index}.lastName` } }}
        />
        <TextField
          label={translate('bookings.create.born')}
          type="date"
          value={traveller.dateOfBirth}
          onChange={(event) => update({ dateOfBirth: event.target.value })}
          error={Boolean(problems[`travellers.${index}.dateOfBirth`])}
          helperText={problems[`travellers.${index}.dateOfBirth`]}
          sx={{ flex: { sm: '0 0 170px' } }}
          id={`traveller-${traveller.key}-born`}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': ageWarnings[index] ? `traveller-${traveller.key}-age` : undefined } }}
        />
        <IconButton aria-label={translate('bookings.create.remove_traveller', { n: index + 1 })} disabled={travellers.length === 1} onClick={() => form.setTravellers((rows) => rows.filter((_, at) => at !== index))}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      {ageWarnings[index] && (
        <Typography id={`traveller-${traveller.key}-age`} variant="body2" color="warning.main" sx={{ mt: 1 }}>
          {ageWarnings[index]}
        </Typography>
      )}
    </Paper>
  );
}
