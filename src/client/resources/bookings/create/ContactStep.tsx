/** Step 4: the lead contact, how the booking came in, how long to hold the seats, notes, and the waitlist when seats are short. */
import { useTranslate } from 'react-admin';
import { Alert, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { STAFF_BOOKING_CHANNELS, BOOKING_RULES } from '../../../../shared/contract/bookings';
import { CHANNEL_LABELS } from '../booking-text';
import { ReturningCustomer } from './ReturningCustomer';
import type { BookingForm } from './useBookingForm';

const HOLDS = [
  { minutes: 30, label: 'm30' },
  { minutes: 60, label: 'h1' },
  { minutes: 24 * 60, label: 'd1' },
  { minutes: 3 * 24 * 60, label: 'd3' },
  { minutes: 7 * 24 * 60, label: 'd7' },
];

export function ContactStep({ form }: { form: BookingForm }) {
  const { contact, setContact, problems, channel, holdMinutes, notes, tooFew, refusal, waitlist } = form;
  const translate = useTranslate();
  return (
    <Stack sx={{ gap: 2 }}>
      <TextField label={translate('bookings.create.lead_name')} required value={contact.name} onChange={(event) => setContact({ ...contact, name: event.target.value })} error={Boolean(problems['contact.name'])} helperText={problems['contact.name']} slotProps={{ htmlInput: { name: 'contact.name', maxLength: BOOKING_RULES.name.maxLength } }} />
      <TextField label={translate('bookings.create.email')} required type="email" value={contact.email} onChange={(event) => setContact({ ...contact, email: event.target.value })} error={Boolean(problems['contact.email'])} helperText={problems['contact.email']} slotProps={{ htmlInput: { name: 'contact.email' } }} />
      <ReturningCustomer typed={contact} onChoose={(customer) => setContact({ name: customer.name, email: customer.email ?? '', phone: customer.phone ?? '' })} />
      <TextField label={translate('bookings.create.phone')} value={contact.phone} onChange={(event) => setContact({ ...contact, phone: event.target.value })} helperText={problems['contact.phone']} slotProps={{ htmlInput: { name: 'contact.phone', maxLength: BOOKING_RULES.phone.maxLength } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField select label={translate('bookings.create.booked_by')} value={channel} onChange={(event) => form.setChannel(event.target.value as (typeof STAFF_BOOKING_CHANNELS)[number])} sx={{ minWidth: 160 }}>
          {STAFF_BOOKING_CHANNELS.map((value) => (
            <MenuItem key={value} value={value}>
              {CHANNEL_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={translate('bookings.create.hold_for')} value={holdMinutes} onChange={(event) => form.setHoldMinutes(Number(event.target.value))} sx={{ minWidth: 180 }} helperText={translate('bookings.create.hold_help')}>
          {HOLDS.map((hold) => (
            <MenuItem key={hold.minutes} value={hold.minutes}>
              {translate(`bookings.create.holds.${hold.label}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField label={translate('bookings.create.pickup')} value={form.pickup} onChange={(event) => form.setPickup(event.target.value)} slotProps={{ htmlInput: { maxLength: BOOKING_RULES.pickup.maxLength } }} />
      <TextField label={translate('bookings.create.guide_notes')} multiline minRows={2} value={form.guideNotes} onChange={(event) => form.setGuideNotes(event.target.value)} slotProps={{ htmlInput: { maxLength: BOOKING_RULES.guideNotes.maxLength } }} />
      <TextField label={translate('bookings.create.notes')} multiline minRows={2} value={notes} onChange={(event) => form.setNotes(event.target.value)} slotProps={{ htmlInput: { maxLength: BOOKING_RULES.notes.maxLength } }} />
      {(tooFew || refusal?.available !== undefined) && (
        <FormControlLabel control={<Checkbox checked={waitlist} onChange={(event) => form.setWaitlist(event.target.checked)} />} label={translate('bookings.create.waitlist')} />
      )}
      {refusal && (
        <Alert severity="error">
          {refusal.message}
          {refusal.available !== undefined && !waitlist ? translate('bookings.create.tick_waitlist') : ''}
        </Alert>
      )}
    </Stack>
  );
}
