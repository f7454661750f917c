/**
 * Adding and changing a reseller: its name, commission, the tours it may sell (every published tour,
 * or those chosen), contact, webhook URL, whether it may sell now, and notes. The server checks the
 * webhook URL's address too; its refusal is shown on the field.
 */
import './words';
import { Alert } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, Create, Edit, FormDataConsumer, NumberInput, ReferenceArrayInput, SimpleForm, TextInput, type RaRecord, useTranslate } from 'react-admin';
import { t } from '../../i18n';
import { RESELLER_RULES, type Reseller } from '../../../shared/contract/resellers';
import { isEmailAddress } from '../../../shared/field-rules';
import { KeepDraft } from '../../session/KeepDraft';
import { FORM_WIDTH } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { atMost, requiredText, type Validator } from '../common/validators';

const commission: Validator = (value) => {
  if (value === null || value === undefined || value === '') return t('resellers.form.enter_commission');
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 100) return t('resellers.form.share_range');
  return Math.abs(Math.round(number * 100) - number * 100) > 1e-6 ? t('resellers.form.two_decimals') : undefined;
};
const optionalEmail: Validator = (value) => (typeof value === 'string' && value.trim() !== '' && !isEmailAddress(value.trim()) ? t('resellers.form.email') : undefined);
const webhookUrl: Validator = (value) => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : t('resellers.form.https');
  } catch {
    return t('resellers.form.full_address');
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
      <TextInput source="name" validate={[requiredText('resellers.form.what_name'), atMost(RESELLER_RULES.name.maxLength)]} isRequired helperText="resellers.form.name_help" />
      <NumberInput source="commissionPercent" min={0} max={100} step={0.01} validate={commission} isRequired helperText="resellers.form.commission_help" sx={{ maxWidth: 220 }} />
      <BooleanInput source="allTours" />
      <FormDataConsumer<{ allTours?: boolean }>>
        {({ formData }) =>
          formData.allTours ? null : (
            <ReferenceArrayInput source="tourIds" reference="tours" perPage={100} sort={{ field: 'code', order: 'ASC' }}>
              <AutocompleteArrayInput label="resources.resellers.fields.tourIds" optionText={(tour) => `${tour.code} · ${tour.title}`} helperText="resellers.form.tours_help" />
            </ReferenceArrayInput>
          )
        }
      </FormDataConsumer>
      <TextInput source="contactEmail" type="email" validate={optionalEmail} />
      <TextInput source="webhookUrl" validate={[webhookUrl, atMost(RESELLER_RULES.webhookUrl.maxLength)]} helperText="resellers.form.webhook_help" />
      <BooleanInput source="active" />
      <TextInput source="notes" multiline minRows={2} validate={atMost(RESELLER_RULES.notes.maxLength)} />
    </>
  );
}

export function ResellerCreate() {
  const defaults = { active: true, commissionPercent: 0, allTours: true, tourIds: [], notes: '' };
  const translate = useTranslate();
  return (
    <Create sx={FORM_WIDTH} title={translate('resellers.form.new')} redirect="show" transform={toBody}>
      <SimpleForm defaultValues={defaults} noValidate>
        <KeepDraft />
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resellers.form.after_saving')}
        </Alert>
        <ResellerFields />
      </SimpleForm>
    </Create>
  );
}

export function ResellerEdit() {
  const translate = useTranslate();
  return (
    <Edit
      sx={FORM_WIDTH}
      title={translate('resellers.form.edit')}
      mutationMode="pessimistic"
      redirect="show"
      transform={toBody}
      queryOptions={{ onError: () => undefined, select: (reseller: Reseller) => ({ ...reseller, allTours: reseller.tourIds === null, tourIds: reseller.tourIds ?? [] }) }}
      redirectOnError={false}
      error={<EditLoadError what={translate('resellers.form.this_reseller')} />}
    >
      <SimpleForm noValidate>
        <KeepDraft waitForRecord />
        <ResellerFields />
      </SimpleForm>
    </Edit>
  );
}
