/** Amending a booking: the lead contact, notes, and the travellers' names, birth dates and notes (their number, categories and the departure change on the booking's "Move or change travellers" page). */
import { Typography } from '@mui/material';
import { ArrayInput, Edit, SaveButton, ShowButton, SimpleForm, SimpleFormIterator, TextInput, Toolbar, TopToolbar, useRecordContext } from 'react-admin';
import { BOOKING_RULES, type Booking } from '../../../shared/contract/bookings';
import { FORM_WIDTH } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { atMost, emailRules, optionalEmailRules, requiredText } from '../common/validators';
import { BookingTitle } from './show/BookingTitle';
import { CATEGORY_LABELS } from './booking-text';

const nameRules = [requiredText('a name'), atMost(BOOKING_RULES.name.maxLength)];
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
  return (
    <Edit
      sx={FORM_WIDTH}
      title={<BookingTitle />}
      mutationMode="pessimistic"
      redirect="show"
      queryOptions={{ onError: () => undefined }}
      redirectOnError={false}
      error={<EditLoadError what="This booking" />}
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
  const fromReseller = booking?.channel === 'reseller';
  const names = fromReseller ? laterNameRules : nameRules;
  return (
    <>
      <Typography component="h2" variant="h6">
        Lead contact
      </Typography>
      <TextInput source="contact.name" label="Name" validate={names} isRequired={!fromReseller} helperText={fromReseller ? 'May stay empty until the reseller gives it' : undefined} />
      <TextInput source="contact.email" label="E-mail" type="email" validate={fromReseller ? optionalEmailRules : emailRules} isRequired={!fromReseller} />
      <TextInput source="contact.phone" label="Phone" validate={atMost(BOOKING_RULES.phone.maxLength)} parse={(value: string) => (value === '' ? null : value)} />
      <TextInput source="notes" label="Notes" multiline validate={atMost(BOOKING_RULES.notes.maxLength)} />
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        Travellers
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Names, birth dates and notes can be corrected here. To add or remove a traveller, change an adult into a child, or move the booking to another date, use “Move or change travellers” on the booking's page.
      </Typography>
      <ArrayInput source="travellers" label={false}>
        <SimpleFormIterator inline disableAdd disableRemove disableReordering getItemLabel={(index) => `${index + 1}.`}>
          <TravellerCategory />
          <TextInput source="firstName" label="First name" validate={names} isRequired={!fromReseller} helperText={false} />
          <TextInput source="lastName" label="Last name" validate={names} isRequired={!fromReseller} helperText={false} />
          <TextInput source="dateOfBirth" label="Born" type="date" parse={(value: string) => (value === '' ? null : value)} slotProps={{ inputLabel: { shrink: true } }} helperText={false} />
          <TextInput source="notes" label="Notes" validate={atMost(BOOKING_RULES.notes.maxLength)} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
