/**
 * Adding and changing a reseller: its name, commission, the tours it may sell (every published tour,
 * or those chosen), contact, webhook URL, whether it may sell now, and notes. The server checks the
 * webhook URL's address too; its refusal is shown on the field.
 */
import { Alert } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, Create, Edit, FormDataConsumer, NumberInput, ReferenceArrayInput, SimpleForm, TextInput, type RaRecord } from 'react-admin';
import { RESELLER_RULES, type Reseller } from '../../../shared/contract/resellers';
import { isEmailAddress } from '../../../shared/field-rules';
import { KeepDraft } from '../../session/KeepDraft';
import { FORM_WIDTH } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { atMost, requiredText, type Validator } from '../common/validators';

const commission: Validator = (value) => {
  if (value === null || value === undefined || value === '') return 'Enter the commission, 0 for none.';
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 100) return 'Enter a share from 0 to 100 %.';
  return Math.abs(Math.round(number * 100) - number * 100) > 1e-6 ? 'Use at most two decimals, such as 12.5.' : undefined;
};
const optionalEmail: Validator = (value) => (typeof value === 'string' && value.trim() !== '' && !isEmailAddress(value.trim()) ? 'Enter an e-mail address such as partners@example.com.' : undefined);
const webhookUrl: Validator = (value) => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : 'Enter an https:// address.';
  } catch {
    return 'Enter a full address such as https://hooks.example.com/octo.';
  }
};

/** The form's "every published tour" switch becomes tourIds: null. */
function toBody(data: RaRecord): RaRecord {
  const { allTours, ...rest } = data as RaRecord & { allTours?: boolean };
  return { ...rest, tourIds: allTours ? null : ((rest.tourIds as string[] | undefined) ?? []) };
}

function ResellerFields() {
  return (
    <>
      <TextInput source="name" label="Name" validate={[requiredText('a name'), atMost(RESELLER_RULES.name.maxLength)]} isRequired helperText="As the office knows it: Viator, GetYourGuide, Hotel Borg desk…" />
      <NumberInput source="commissionPercent" label="Commission (%)" min={0} max={100} step={0.01} validate={commission} isRequired helperText="Its share of the retail price: its net rate is the rest" sx={{ maxWidth: 220 }} />
      <BooleanInput source="allTours" label="May sell every published tour" />
      <FormDataConsumer<{ allTours?: boolean }>>
        {({ formData }) =>
          formData.allTours ? null : (
            <ReferenceArrayInput source="tourIds" reference="tours" perPage={100} sort={{ field: 'code', order: 'ASC' }}>
              <AutocompleteArrayInput label="Tours it may sell" optionText={(tour) => `${tour.code} · ${tour.title}`} helperText="Only published ones are offered to it" />
            </ReferenceArrayInput>
          )
        }
      </FormDataConsumer>
      <TextInput source="contactEmail" label="Contact e-mail" type="email" validate={optionalEmail} />
      <TextInput source="webhookUrl" label="Webhook URL" validate={[webhookUrl, atMost(RESELLER_RULES.webhookUrl.maxLength)]} helperText="https://…, where the reseller hears of changes made in the office" />
      <BooleanInput source="active" label="Active: its keys may sell" />
      <TextInput source="notes" label="Notes (the office's own)" multiline minRows={2} validate={atMost(RESELLER_RULES.notes.maxLength)} />
    </>
  );
}

export function ResellerCreate() {
  const defaults = { active: true, commissionPercent: 0, allTours: true, tourIds: [], notes: '' };
  return (
    <Create sx={FORM_WIDTH} title="New reseller" redirect="show" transform={toBody}>
      <SimpleForm defaultValues={defaults} noValidate>
        <KeepDraft />
        <Alert severity="info" sx={{ mb: 2 }}>
          After saving, give the reseller an API key on its page: it books your seats over OCTO with it.
        </Alert>
        <ResellerFields />
      </SimpleForm>
    </Create>
  );
}

export function ResellerEdit() {
  return (
    <Edit
      sx={FORM_WIDTH}
      title="Edit reseller"
      mutationMode="pessimistic"
      redirect="show"
      transform={toBody}
      queryOptions={{ onError: () => undefined, select: (reseller: Reseller) => ({ ...reseller, allTours: reseller.tourIds === null, tourIds: reseller.tourIds ?? [] }) }}
      redirectOnError={false}
      error={<EditLoadError what="This reseller" />}
    >
      <SimpleForm noValidate>
        <KeepDraft waitForRecord />
        <ResellerFields />
      </SimpleForm>
    </Edit>
  );
}
