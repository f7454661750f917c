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
import { languageName } from './customer-text';

// A message key: react-admin translates a validator's answer.
const optionalEmail: Validator = (value) => (typeof value === 'string' && value.trim() !== '' && !isEmailAddress(value.trim()) ? 'customers.email_example' : undefined);

export function CustomerEdit() {
  return (
    <Edit sx={FORM_WIDTH} title="customers.edit" mutationMode="pessimistic" redirect="show" queryOptions={{ onError: () => undefined }} redirectOnError={false} error={<EditLoadError what="customers.this_customer" />}>
      <SimpleForm noValidate>
        <KeepDraft waitForRecord />
        <TextInput source="name" validate={[requiredText('validation.what.name'), atMost(CUSTOMER_RULES.name.maxLength)]} isRequired />
        <TextInput source="email" type="email" validate={optionalEmail} helperText="customers.email_help" />
        <TextInput source="phone" validate={atMost(CUSTOMER_RULES.phone.maxLength)} />
        <SelectInput source="language" choices={CUSTOMER_LANGUAGES.map((language) => ({ id: language, name: languageName(language) }))} helperText="customers.language_help" />
        <BooleanInput source="marketingConsent" />
        <TextInput source="notes" label="customers.notes" multiline minRows={2} validate={atMost(CUSTOMER_RULES.notes.maxLength)} />
      </SimpleForm>
    </Edit>
  );
}
