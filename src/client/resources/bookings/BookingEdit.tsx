/** Amending a booking: the lead contact, notes, and the travellers' names, birth dates and notes (their number, categories and the departure change on the booking's "Move or change travellers" page). */
import { Typography } from '@mui/material';
import { ArrayInput, Edit, SaveButton, ShowButton, SimpleForm, SimpleFormIterator, TextInput, Toolbar, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { BOOKING_RULES, type Booking } from '../../../shared/contract/bookings';
import { FORM_WIDTH } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { atMost, emailRules, optionalEmailRules, requiredText } from '../common/validators';
import { BookingTitle } from './show/BookingTitle';
import { CATEGORY_LABELS } from './booking-text';

const nameRules = [requiredText('bookings.edit.what_name'), atMost(BOOKING_RULES.name.maxLength)];
/** A reseller gives names up to its confirmation: on its bookings they may stay "to come". */
const laterNameRules = [atMost(BOOKING_RULES.name.maxLength)];

function TravellerCategory() {
  const traveller = useRecordContext<Booking['travellers'][number]>();
  return traveller ? (
    <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center', minWidth: 60 }}>
      {CATEGORY_LABELS[traveller.category]}
    </Typography>
  ) : null;
}

export function BookingEdit() {
  const translate = useTranslate();
  return (
    <Edit
      sx={FORM_WIDTH}
      title={<BookingTitle />}
      mutationMode="pessimistic"
      redirect="show"
      queryOptions={{ onError: () => undefined }}
      redirectOnError={false}
      error={<EditLoadError what={translate('bookings.page.this_booking')} />}
      actions={
        <TopToolbar>
          <ShowButton />
        </TopToolbar>
      }
    >
      <SimpleForm noValidate toolbar={<Toolbar><SaveButton /></Toolbar>}>
        <AmendFields />
      </SimpleForm>
    </Edit>
  );
}

function AmendFields() {
  const booking = useRecordContext<Booking>();
  const translate = useTranslate();
  const fromReseller = booking?.channel === 'reseller';
  const names = fromReseller ? laterNameRules : nameRules;
  return (
    <>
      <Typography component="h2" variant="h6">
        {translate('bookings.edit.lead_contact')}
      </Typography>
      <TextInput source="contact.name" validate={names} isRequired={!fromReseller} helperText={fromReseller ? 'bookings.edit.name_later' : undefined} />
      <TextInput source="contact.email" type="email" validate={fromReseller ? optionalEmailRules : emailRules} isRequired={!fromReseller} />
      <TextInput source="contact.phone" validate={atMost(BOOKING_RULES.phone.maxLength)} parse={(value: string) => (value === '' ? null : value)} />
      <TextInput source="pickup" validate={atMost(BOOKING_RULES.pickup.maxLength)} />
      <TextInput source="guideNotes" multiline validate={atMost(BOOKING_RULES.guideNotes.maxLength)} />
      <TextInput source="notes" multiline validate={atMost(BOOKING_RULES.notes.maxLength)} />
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        {translate('bookings.edit.travellers')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('bookings.edit.travellers_help')}
      </Typography>
      <ArrayInput source="travellers" label={false}>
        <SimpleFormIterator inline disableAdd disableRemove disableReordering getItemLabel={(index) => `${index + 1}.`}>
          <TravellerCategory />
          <TextInput source="firstName" label="resources.bookings.fields.firstName" validate={names} isRequired={!fromReseller} helperText={false} />
          <TextInput source="lastName" label="resources.bookings.fields.lastName" validate={names} isRequired={!fromReseller} helperText={false} />
          {/* Wide enough for the browser's date (dd.mm.yyyy, mm/dd/yyyy) beside its calendar button. */}
          <TextInput source="dateOfBirth" label="resources.bookings.fields.dateOfBirth" type="date" sx={{ minWidth: 170 }} parse={(value: string) => (value === '' ? null : value)} slotProps={{ inputLabel: { shrink: true } }} helperText={false} />
          <TextInput source="notes" label="resources.bookings.fields.notes" validate={atMost(BOOKING_RULES.notes.maxLength)} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
