/**
 * Changing a customer: name, e-mail, phone, the language the product writes to them in, marketing
 * consent and the office's notes. An e-mail another customer has is refused on the field (merge the
 * two instead); the contact on their bookings stays as it was typed.
 */
import { BooleanInput, Edit, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { CUSTOMER_LANGUAGES, CUSTOMER_RULES } from '../../../shared/contract/customers';
import { isEmailAddress } from '../../../shared/field-rules';
import { KeepDraft } from '../../session/KeepDraft';
import { FORM_WIDTH } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { atMost, requiredText, type Validator } from '../common/validators';
import { LANGUAGE_NAMES } from './customer-text';

const optionalEmail: Validator = (value) => (typeof value === 'string' && value.trim() !== '' && !isEmailAddress(value.trim()) ? 'Enter an e-mail address such as maria@example.com.' : undefined);

export function CustomerEdit() {
  return (
    <Edit sx={FORM_WIDTH} title="Edit customer" mutationMode="pessimistic" redirect="show" queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<EditLoadError what="This customer" />}>
      <SimpleForm noValidate>
        <KeepDraft waitForRecord />
        <TextInput source="name" label="Name" validate={[requiredText('a name'), atMost(CUSTOMER_RULES.name.maxLength)]} isRequired />
        <TextInput source="email" label="E-mail" type="email" validate={optionalEmail} helperText="Their next bookings with this address are theirs" />
        <TextInput source="phone" label="Phone" validate={atMost(CUSTOMER_RULES.phone.maxLength)} />
        <SelectInput source="language" label="Language" choices={CUSTOMER_LANGUAGES.map((language) => ({ id: language, name: LANGUAGE_NAMES[language] ?? language }))} helperText="What the product writes to them in" />
        <BooleanInput source="marketingConsent" label="Agreed to marketing" />
        <TextInput source="notes" label="Notes (the office's own, never sent)" multiline minRows={2} validate={atMost(CUSTOMER_RULES.notes.maxLength)} />
      </SimpleForm>
    </Edit>
  );
}
