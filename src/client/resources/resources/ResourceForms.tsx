/**
 * Adding and changing a guide, driver, vehicle or other resource: its kind and name, the languages
 * it speaks (guides and drivers) or the seats it has (vehicles), its contact, the staff user who is
 * this guide, whether it can be assigned now, and notes. The server's refusals show on the fields.
 */
import { AutocompleteInput, BooleanInput, Create, Edit, FormDataConsumer, NumberInput, ReferenceInput, SelectInput, SimpleForm, TextInput, useCanAccess, type RaRecord } from 'react-admin';
import { RESOURCE_RULES, type Resource } from '../../../shared/contract/resources';
import { KeepDraft } from '../../session/KeepDraft';
import { FORM_WIDTH } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { atMost, optionalEmailRules, requiredText, type Validator } from '../common/validators';
import { KIND_CHOICES } from './resource-text';

const LANGUAGE = new RegExp(RESOURCE_RULES.language.pattern);
const languages: Validator = (value) => {
  const tags = typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : Array.isArray(value) ? (value as string[]) : [];
  const bad = tags.find((tag) => !LANGUAGE.test(tag));
  if (bad) return `“${bad}” is not a language tag: use codes such as de, en-GB or es-MX.`;
  return tags.length > RESOURCE_RULES.languages.maxItems ? `At most ${RESOURCE_RULES.languages.maxItems} languages.` : undefined;
};
const seats: Validator = (value) => {
  const number = Number(value);
  if (value === null || value === undefined || value === '') return 'Enter the seats it has for travellers.';
  return Number.isInteger(number) && number >= RESOURCE_RULES.seats.minimum && number <= RESOURCE_RULES.seats.maximum ? undefined : `Enter a whole number from 1 to ${RESOURCE_RULES.seats.maximum}.`;
};

/** Languages are typed as "de, en-GB" and sent as a list. */
function toBody(data: RaRecord): RaRecord {
  const typed = data.languagesText as string | undefined;
  const { languagesText: _typed, ...rest } = data;
  return { ...rest, ...(typed !== undefined && { languages: typed.split(/[\s,]+/).filter(Boolean) }) };
}

function ResourceFields() {
  // Choosing the staff user needs the users list, which not every role that manages resources may read.
  const { canAccess: canListUsers } = useCanAccess({ resource: 'users', action: 'list' });
  return (
    <>
      <SelectInput source="kind" label="Kind" choices={KIND_CHOICES} isRequired validate={requiredText('the kind')} />
      <TextInput source="name" label="Name" validate={[requiredText('a name'), atMost(RESOURCE_RULES.name.maxLength)]} isRequired helperText="Anna Berg, Coach 2 (IS-K 512), Kayak set…" />
      <FormDataConsumer<{ kind?: string }>>
        {({ formData }) =>
          formData.kind === 'vehicle' ? (
            <NumberInput source="seats" label="Seats for travellers" min={1} max={RESOURCE_RULES.seats.maximum} step={1} validate={seats} isRequired sx={{ maxWidth: 220 }} />
          ) : (
            <TextInput source="languagesText" label="Languages" validate={languages} helperText="Codes, separated by commas: de, en-GB, es-MX" />
          )
        }
      </FormDataConsumer>
      <TextInput source="phone" label="Phone" validate={atMost(RESOURCE_RULES.phone.maxLength)} />
      <TextInput source="email" label="E-mail" type="email" validate={optionalEmailRules} />
      {canListUsers === true && (
        <ReferenceInput source="userId" reference="users" perPage={25}>
          <AutocompleteInput label="Staff user who is this guide" optionText={(user) => `${user.fullName} (${user.email})`} helperText="They see their departures and check travellers in when they sign in" />
        </ReferenceInput>
      )}
      <BooleanInput source="active" label="Active: can be assigned" />
      <TextInput source="notes" label="Notes (the office's own)" multiline minRows={2} validate={atMost(RESOURCE_RULES.notes.maxLength)} />
    </>
  );
}

export function ResourceCreate() {
  const defaults = { kind: 'guide', active: true, notes: '', languagesText: '' };
  return (
    <Create sx={FORM_WIDTH} title="New resource" redirect="show" transform={toBody}>
      <SimpleForm defaultValues={defaults} noValidate>
        <KeepDraft />
        <ResourceFields />
      </SimpleForm>
    </Create>
  );
}

export function ResourceEdit() {
  return (
    <Edit
      sx={FORM_WIDTH}
      title="Edit resource"
      mutationMode="pessimistic"
      redirect="show"
      transform={toBody}
      queryOptions={{ onError: () => undefined, select: (resource: Resource) => ({ ...resource, languagesText: resource.languages.join(', ') }) }}
      redirectOnError={false}
      error={<EditLoadError what="This resource" />}
    >
      <SimpleForm noValidate>
        <KeepDraft waitForRecord />
        <ResourceFields />
      </SimpleForm>
    </Edit>
  );
}
