/**
 * The tour's form fields, from the contract's rules (src/shared/contract/tours.ts): details with
 * rich text, and prices typed in major units with the currency's decimals (EUR 1299.50, ISK
 * 189000) and sent as minor units. The create screen shows both; the edit screen one per tab.
 */
import { Box, Typography } from '@mui/material';
import { RichTextInput } from 'ra-input-rich-text';
import { SafeRichTextToolbar } from './RichTextToolbar';
import { ArrayInput, AutocompleteInput, BooleanInput, Create, NumberInput, SelectInput, SimpleForm, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DEFAULT_SELF_SERVICE, TOUR_RULES, TOUR_STATUSES } from '../../../shared/contract/tour-rules';
import { t } from '../../i18n';
import { intlLocale } from '../../i18n/language';
import { isKnownCurrency } from '../../../shared/money';
import { AMOUNT_WIDTH, PriceFields } from '../common/MoneyInput';
import { isKnownTimeZone } from '../../../shared/time-zones';
import { FORM_WIDTH } from '../common/fields';
import { atMost, requiredText, type Validator } from '../common/validators';
import { KeepDraft } from '../../session/KeepDraft';
import { DEFAULT_AGE_BANDS } from '../../../shared/traveller-ages';

const CODE = new RegExp(TOUR_RULES.code.pattern);
const asText = (value: unknown) => (typeof value === 'string' ? value : '');

export const codeRules: Validator[] = [requiredText('tours.what.code'), (value) => (asText(value) === '' || CODE.test(asText(value)) ? undefined : t('tours.validation.code'))];
export const titleRules: Validator[] = [requiredText('tours.what.title'), atMost(TOUR_RULES.title.maxLength)];

function wholeNumber(min: number, max: number, what: string, optional = false): Validator {
  return (value) => {
    if (value === null || value === undefined || value === '') return optional ? undefined : t('validation.enter', { what: t(what) });
    const number = Number(value);
    return Number.isInteger(number) && number >= min && number <= max ? undefined : t('tours.validation.whole_number', { min, max });
  };
}

const timeZones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
const currencies = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];

/**
 * The hours and ages, whose labels are sentences ("Vertriebspartner stornieren bis (Stunden
 * vorher)"): wider than an amount, so the label is read whole rather than cut at 240 px.
 */
const LABELLED_WIDTH = { flex: '1 1 220px', maxWidth: { sm: 340 } } as const;

export function DetailsInputs({ create = false }: { create?: boolean }) {
  return (
    <>
      <TextInput source="code" validate={codeRules} isRequired helperText={create ? 'tours.help.code' : undefined} />
      <TextInput source="title" validate={titleRules} isRequired fullWidth />
      <TextInput source="summary" multiline fullWidth validate={[atMost(TOUR_RULES.summary.maxLength)]} helperText="tours.help.summary" />
      <RichTextInput
        source="description"
        fullWidth
        toolbar={<SafeRichTextToolbar />}
      />
      <SelectInput source="status" choices={TOUR_STATUSES.map((status) => ({ id: status, name: `tours.status.${status}` }))} helperText="tours.help.status" />
      <BooleanInput source="bookableOnline" helperText="tours.help.bookable_online" />
      <AutocompleteInput
        source="timeZone"
        choices={timeZones.map((zone) => ({ id: zone, name: zone }))}
        validate={[requiredText('tours.what.time_zone'), (value) => (asText(value) === '' || isKnownTimeZone(asText(value)) ? undefined : t('tours.validation.time_zone'))]}
        isRequired
        helperText="tours.help.time_zone"
        translateChoice={false}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput source="durationDays" fullWidth={false} sx={AMOUNT_WIDTH} min={1} max={365} step={1} validate={wholeNumber(1, 365, 'tours.what.days')} isRequired />
        <NumberInput source="minPax" fullWidth={false} sx={AMOUNT_WIDTH} min={1} step={1} validate={wholeNumber(1, 10_000, 'tours.what.minimum')} />
        <NumberInput source="maxPax" fullWidth={false} sx={AMOUNT_WIDTH} min={1} step={1} validate={wholeNumber(1, 10_000, 'tours.what.maximum', true)} parse={(value) => (value === '' || value === null ? null : Number(value))} />
        <NumberInput source="bookingCutoffHours" fullWidth={false} sx={LABELLED_WIDTH} min={0} step={1} validate={wholeNumber(0, 8_760, 'tours.what.hours')} />
        <NumberInput
          source="cancellationCutoffHours"
          fullWidth={false}
          sx={LABELLED_WIDTH}
          min={0}
          step={1}
          validate={wholeNumber(0, 8_760, 'tours.what.hours')}
          helperText="tours.help.cancellation_cutoff"
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput source="infantAgeUnder" fullWidth={false} sx={LABELLED_WIDTH} min={1} max={20} step={1} validate={wholeNumber(1, 20, 'tours.what.age')} helperText="tours.help.infant_age" />
        <NumberInput
          source="childAgeUnder"
          fullWidth={false}
          sx={LABELLED_WIDTH}
          min={2}
          max={21}
          step={1}
          validate={[wholeNumber(2, 21, 'tours.what.age'), (value: unknown, values: Record<string, unknown>) => (typeof value === 'number' && typeof values.infantAgeUnder === 'number' && value <= values.infantAgeUnder ? t('tours.validation.above_infants', { age: values.infantAgeUnder }) : undefined)]}
          helperText="tours.help.child_age"
        />
      </Box>
    </>
  );
}

export function PriceInputs() {
  const currency = (useWatch({ name: 'currency' }) as string | undefined) ?? '';
  const translate = useTranslate();
  const currencyName = new Intl.DisplayNames([intlLocale()], { type: 'currency' });
  return (
    <>
      <AutocompleteInput
        source="currency"
        choices={currencies.map((code) => ({ id: code, name: `${code} · ${currencyName.of(code) ?? code}` }))}
        validate={[requiredText('tours.what.currency'), (value) => (asText(value) === '' || isKnownCurrency(asText(value)) ? undefined : t('tours.validation.currency'))]}
        isRequired
        translateChoice={false}
        helperText="tours.help.currency"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('tours.per_traveller_note')}
      </Typography>
      <PriceFields currency={currency} supplementHelp="tours.help.supplement" />
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        {translate('tours.payment_terms')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput
          source="depositPercent"
          fullWidth={false}
          sx={AMOUNT_WIDTH}
          min={0}
          max={100}
          step={1}
          validate={wholeNumber(0, 100, 'tours.what.percentage', true)}
          parse={(value) => (value === '' || value === null ? null : Number(value))}
          helperText="tours.help.deposit"
        />
        <NumberInput source="balanceDueDays" fullWidth={false} sx={AMOUNT_WIDTH} min={0} max={365} step={1} validate={wholeNumber(0, 365, 'tours.what.day_count')} helperText="tours.help.balance_due" />
      </Box>
      <ArrayInput source="cancellationFees" helperText="tours.help.cancellation_fees">
        <SimpleFormIterator inline disableReordering>
          <NumberInput source="daysBefore" label="resources.tours.fields.daysBefore" fullWidth={false} sx={AMOUNT_WIDTH} min={0} max={365} step={1} validate={wholeNumber(0, 365, 'tours.what.day_count')} />
          <NumberInput source="percent" label="resources.tours.fields.percent" fullWidth={false} sx={AMOUNT_WIDTH} min={0} max={100} step={1} validate={wholeNumber(0, 100, 'tours.what.percentage')} />
        </SimpleFormIterator>
      </ArrayInput>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        {translate('tours.self_service')}
      </Typography>
      <BooleanInput source="selfService.cancel" label="resources.tours.fields.selfServiceCancel" />
      <BooleanInput source="selfService.change" label="resources.tours.fields.selfServiceChange" />
      <NumberInput
        source="selfService.untilHours"
        label="resources.tours.fields.selfServiceUntilHours"
        fullWidth={false}
        sx={LABELLED_WIDTH}
        min={TOUR_RULES.selfServiceUntilHours.minimum}
        max={TOUR_RULES.selfServiceUntilHours.maximum}
        step={1}
        validate={wholeNumber(TOUR_RULES.selfServiceUntilHours.minimum, TOUR_RULES.selfServiceUntilHours.maximum, 'tours.what.hours')}
        helperText="tours.help.self_service_until"
      />
    </>
  );
}

export const NEW_TOUR_DEFAULTS = {
  status: 'draft',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  durationDays: 1,
  minPax: 1,
  maxPax: null,
  bookingCutoffHours: 24,
  cancellationCutoffHours: 24,
  depositPercent: null,
  balanceDueDays: 30,
  cancellationFees: [],
  ...DEFAULT_AGE_BANDS,
  prices: { ADULT: null, CHILD: null, INFANT: null },
  singleSupplementMinor: null,
  bookableOnline: false,
  selfService: { ...DEFAULT_SELF_SERVICE },
  summary: '',
  description: '',
};

export function TourCreate() {
  const translate = useTranslate();
  return (
    <Create sx={FORM_WIDTH} title={translate('tours.new')} redirect="edit">
      <SimpleForm defaultValues={NEW_TOUR_DEFAULTS} noValidate>
        <KeepDraft />
        <Typography component="h2" variant="h6">
          {translate('tours.details')}
        </Typography>
        <DetailsInputs create />
        <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
          {translate('tours.prices')}
        </Typography>
        <PriceInputs />
      </SimpleForm>
    </Create>
  );
}
