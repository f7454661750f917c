/**
 * Adding and changing a guide, driver, vehicle or other resource: its kind and name, the languages
 * it speaks (guides and drivers) or the seats it has (vehicles), its contact, the staff user who is
 * this guide, whether it can be assigned now, and notes. The server's refusals show on the fields.
 */
import { AutocompleteInput, BooleanInput, Create, Edit, FormDataConsumer, NumberInput, ReferenceInput, SelectInput, SimpleForm, TextInput, useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { t } from '../../i18n';
import type { Resource } from '../../../shared/contract/resources';
import { RESOURCE_RULES } from '../../../shared/contract/resource-rules';
import { KeepDraft } from '../../session/KeepDraft';
import { FORM_WIDTH } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { atMost, optionalEmailRules, requiredText, type Validator } from '../common/validators';
import { KIND_CHOICES } from './resource-text';

const LANGUAGE = new RegExp(RESOURCE_RULES.language.pattern);
const languages: Validator = (value) => {
  const tags = typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : Array.isArray(value) ? (value as string[]) : [];
  const bad = tags.find((tag) => !LANGUAGE.test(tag));
  if (bad) return t('crew_screens.bad_language', { tag: bad });
  return tags.length > RESOURCE_RULES.languages.maxItems ? t('crew_screens.too_many_languages', { max: RESOURCE_RULES.languages.maxItems }) : undefined;
};
const seats: Validator = (value) => {
  const number = Number(value);
  if (value === null || value === undefined || value === '') return t('crew_screens.enter_seats');
  return Number.isInteger(number) && number >= RESOURCE_RULES.seats.minimum && number <= RESOURCE_RULES.seats.maximum ? undefined : t('crew_screens.seats_range', { max: RESOURCE_RULES.seats.maximum });
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
      <SelectInput source="kind" choices={KIND_CHOICES} isRequired validate={requiredText('crew_screens.what_kind')} />
      <TextInput source="name" validate={[requiredText('crew_screens.what_name'), atMost(RESOURCE_RULES.name.maxLength)]} isRequired helperText="crew_screens.name_help" />
      <FormDataConsumer<{ kind?: string }>>
        {({ formData }) =>
          formData.kind === 'vehicle' ? (
            <NumberInput source="seats" min={1} max={RESOURCE_RULES.seats.maximum} step={1} validate={seats} isRequired sx={{ maxWidth: 220 }} />
          ) : (
            <TextInput source="languagesText" validate={languages} helperText="crew_screens.languages_help" />
          )
        }
      </FormDataConsumer>
      <TextInput source="phone" validate={atMost(RESOURCE_RULES.phone.maxLength)} />
      <TextInput source="email" type="email" validate={optionalEmailRules} />
      {canListUsers === true && (
        <ReferenceInput source="userId" reference="users" perPage={25}>
          <AutocompleteInput label="resources.resources.fields.userId" optionText={(user) => `${user.fullName} (${user.email})`} helperText="crew_screens.user_help" />
        </ReferenceInput>
      )}
      <BooleanInput source="active" />
      <TextInput source="notes" multiline minRows={2} validate={atMost(RESOURCE_RULES.notes.maxLength)} />
    </>
  );
}

export function ResourceCreate() {
  const defaults = { kind: 'guide', active: true, notes: '', languagesText: '' };
  const translate = useTranslate();
  return (
    <Create sx={FORM_WIDTH} title={translate('crew_screens.new')} redirect="show" transform={toBody}>
      <SimpleForm defaultValues={defaults} noValidate>
        <KeepDraft />
        <ResourceFields />
      </SimpleForm>
    </Create>
  );
}

export function ResourceEdit() {
  const translate = useTranslate();
  return (
    <Edit
      sx={FORM_WIDTH}
      title={translate('crew_screens.edit')}
      mutationMode="pessimistic"
      redirect="show"
      transform={toBody}
      queryOptions={{ onError: () => undefined, select: (resource: Resource) => ({ ...resource, languagesText: resource.languages.join(', ') }) }}
      redirectOnError={false}
      error={<EditLoadError what={translate('crew_screens.this_resource')} />}
    >
      <SimpleForm noValidate>
        <KeepDraft waitForRecord />
        <ResourceFields />
      </SimpleForm>
    </Edit>
  );
}
