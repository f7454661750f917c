/** Step 4: the lead contact, how the booking came in, how long to hold the seats, notes, and the waitlist when seats are short. */
import { Alert, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { STAFF_BOOKING_CHANNELS, BOOKING_RULES } from '../../../../shared/contract/bookings';
import { CHANNEL_LABELS } from '../booking-text';
import { ReturningCustomer } from './ReturningCustomer';
import type { BookingForm } from './useBookingForm';

const HOLDS = [
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 24 * 60, label: '1 day' },
  { minutes: 3 * 24 * 60, label: '3 days' },
  { minutes: 7 * 24 * 60, label: '7 days' },
];

export function ContactStep({ form }: { form: BookingForm }) {
  const { contact, setContact, problems, channel, holdMinutes, notes, tooFew, refusal, waitlist } = form;
  return (
    <Stack sx={{ gap: 2 }}>
      <TextField label="Lead contact’s name" required value={contact.name} onChange={(event) => setContact({ ...contact, name: event.target.value })} error={Boolean(problems['contact.name'])} helperText={problems['contact.name']} slotProps={{ htmlInput: { name: 'contact.name', maxLength: BOOKING_RULES.name.maxLength } }} />
      <TextField label="E-mail" required type="email" value={contact.email} onChange={(event) => setContact({ ...contact, email: event.target.value })} error={Boolean(problems['contact.email'])} helperText={problems['contact.email']} slotProps={{ htmlInput: { name: 'contact.email' } }} />
      <ReturningCustomer typed={contact} onChoose={(customer) => setContact({ name: customer.name, email: customer.email ?? '', phone: customer.phone ?? '' })} />
      <TextField label="Phone" value={contact.phone} onChange={(event) => setContact({ ...contact, phone: event.target.value })} helperText={problems['contact.phone']} slotProps={{ htmlInput: { name: 'contact.phone', maxLength: BOOKING_RULES.phone.maxLength } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField select label="Booked by" value={channel} onChange={(event) => form.setChannel(event.target.value as (typeof STAFF_BOOKING_CHANNELS)[number])} sx={{ minWidth: 160 }}>
          {STAFF_BOOKING_CHANNELS.map((value) => (
            <MenuItem key={value} value={value}>
              {CHANNEL_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Hold the seats for" value={holdMinutes} onChange={(event) => form.setHoldMinutes(Number(event.target.value))} sx={{ minWidth: 180 }} helperText="When held, not confirmed">
          {HOLDS.map((hold) => (
            <MenuItem key={hold.minutes} value={hold.minutes}>
              {hold.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField label="Notes" multiline minRows={2} value={notes} onChange={(event) => form.setNotes(event.target.value)} slotProps={{ htmlInput: { maxLength: BOOKING_RULES.notes.maxLength } }} />
      {(tooFew || refusal?.available !== undefined) && (
        <FormControlLabel control={<Checkbox checked={waitlist} onChange={(event) => form.setWaitlist(event.target.checked)} />} label="Put it on the waitlist if the seats are not free" />
      )}
      {refusal && (
        <Alert severity="error">
          {refusal.message}
          {refusal.available !== undefined && !waitlist ? ' Tick “waitlist” to put it on the waitlist, or take fewer travellers.' : ''}
        </Alert>
      )}
    </Stack>
  );
}
