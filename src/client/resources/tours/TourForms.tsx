/**
 * The tour's form fields, from the contract's rules (src/shared/contract/tours.ts): details with
 * rich text, and prices typed in major units with the currency's decimals (EUR 1299.50, ISK
 * 189000) and sent as minor units. The create screen shows both; the edit screen one per tab.
 */
import { Box, Typography } from '@mui/material';
import { RichTextInput } from 'ra-input-rich-text';
import { SafeRichTextToolbar } from './RichTextToolbar';
import { ArrayInput, AutocompleteInput, Create, NumberInput, SelectInput, SimpleForm, SimpleFormIterator, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { TOUR_CODE_MESSAGE, TOUR_RULES, TOUR_STATUSES } from '../../../shared/contract/tour-rules';
import { isKnownCurrency } from '../../../shared/money';
import { AMOUNT_WIDTH, PriceFields } from '../common/MoneyInput';
import { isKnownTimeZone } from '../../../shared/time-zones';
import { FORM_WIDTH } from '../common/fields';
import { atMost, requiredText, type Validator } from '../common/validators';
import { KeepDraft } from '../../session/KeepDraft';
import { STATUS_LABELS } from './tour-text';
import { DEFAULT_AGE_BANDS } from '../../../shared/traveller-ages';

const CODE = new RegExp(TOUR_RULES.code.pattern);
const asText = (value: unknown) => (typeof value === 'string' ? value : '');

export const codeRules: Validator[] = [requiredText('a code'), (value) => (asText(value) === '' || CODE.test(asText(value)) ? undefined : `The code ${TOUR_CODE_MESSAGE}.`)];
export const titleRules: Validator[] = [requiredText('a title'), atMost(TOUR_RULES.title.maxLength)];

function wholeNumber(min: number, max: number, what: string, optional = false): Validator {
  return (value) => {
    if (value === null || value === undefined || value === '') return optional ? undefined : `Enter ${what}.`;
    const number = Number(value);
    return Number.isInteger(number) && number >= min && number <= max ? undefined : `Enter a whole number from ${min} to ${max}.`;
  };
}

const timeZones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
const currencies = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
const currencyName = new Intl.DisplayNames(['en'], { type: 'currency' });

export function DetailsInputs({ create = false }: { create?: boolean }) {
  return (
    <>
      <TextInput source="code" label="Code" validate={codeRules} isRequired helperText={create ? 'Capital letters, digits and hyphens, e.g. ICE-RING-8' : undefined} />
      <TextInput source="title" label="Title" validate={titleRules} isRequired fullWidth />
      <TextInput source="summary" label="Summary" multiline fullWidth validate={[atMost(TOUR_RULES.summary.maxLength)]} helperText="One or two sentences for lists and the brochure" />
      <RichTextInput
        source="description"
        label="Description"
        fullWidth
        toolbar={<SafeRichTextToolbar />}
      />
      <SelectInput source="status" label="Status" choices={TOUR_STATUSES.map((status) => ({ id: status, name: STATUS_LABELS[status] }))} helperText="Only a published tour's departures can be booked" />
      <AutocompleteInput
        source="timeZone"
        label="Time zone"
        choices={timeZones.map((zone) => ({ id: zone, name: zone }))}
        validate={[requiredText('a time zone'), (value) => (asText(value) === '' || isKnownTimeZone(asText(value)) ? undefined : 'Choose a time zone from the list.')]}
        isRequired
        helperText="Departures are entered in this zone's local time"
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput source="durationDays" fullWidth={false} sx={AMOUNT_WIDTH} label="Days" min={1} max={365} step={1} validate={wholeNumber(1, 365, 'the number of days')} isRequired />
        <NumberInput source="minPax" fullWidth={false} sx={AMOUNT_WIDTH} label="Minimum travellers" min={1} step={1} validate={wholeNumber(1, 10_000, 'the minimum')} />
        <NumberInput source="maxPax" fullWidth={false} sx={AMOUNT_WIDTH} label="Maximum travellers" min={1} step={1} validate={wholeNumber(1, 10_000, 'the maximum', true)} parse={(value) => (value === '' || value === null ? null : Number(value))} />
        <NumberInput source="bookingCutoffHours" fullWidth={false} sx={AMOUNT_WIDTH} label="Booking closes (hours before)" min={0} step={1} validate={wholeNumber(0, 8_760, 'the hours')} />
        <NumberInput
          source="cancellationCutoffHours"
          fullWidth={false}
          sx={AMOUNT_WIDTH}
          label="Resellers may cancel until (hours before)"
          min={0}
          step={1}
          validate={wholeNumber(0, 8_760, 'the hours')}
          helperText="Staff may always cancel"
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput source="infantAgeUnder" fullWidth={false} sx={AMOUNT_WIDTH} label="Infants are under (years)" min={1} max={20} step={1} validate={wholeNumber(1, 20, 'the age')} helperText="On the day it departs" />
        <NumberInput
          source="childAgeUnder"
          fullWidth={false}
          sx={AMOUNT_WIDTH}
          label="Children are under (years)"
          min={2}
          max={21}
          step={1}
          validate={[wholeNumber(2, 21, 'the age'), (value: unknown, values: Record<string, unknown>) => (typeof value === 'number' && typeof values.infantAgeUnder === 'number' && value <= values.infantAgeUnder ? `Above the infants’ age (${values.infantAgeUnder}).` : undefined)]}
          helperText="Older travellers are adults"
        />
      </Box>
    </>
  );
}

export function PriceInputs() {
  const currency = (useWatch({ name: 'currency' }) as string | undefined) ?? '';
  return (
    <>
      <AutocompleteInput
        source="currency"
        label="Currency"
        choices={currencies.map((code) => ({ id: code, name: `${code} · ${currencyName.of(code) ?? code}` }))}
        validate={[requiredText('a currency'), (value) => (asText(value) === '' || isKnownCurrency(asText(value)) ? undefined : 'Choose a currency from the list.')]}
        isRequired
        helperText="Every price of the tour and its bookings is in this currency"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Per traveller. Leave a category empty when it is not sold.
      </Typography>
      <PriceFields currency={currency} supplementHelp="Supplement per traveller; empty when not offered" />
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        Payment terms
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput
          source="depositPercent"
          fullWidth={false}
          sx={AMOUNT_WIDTH}
          label="Deposit (%)"
          min={0}
          max={100}
          step={1}
          validate={wholeNumber(0, 100, 'a percentage', true)}
          parse={(value) => (value === '' || value === null ? null : Number(value))}
          helperText="Taken at booking; empty: the whole price"
        />
        <NumberInput source="balanceDueDays" fullWidth={false} sx={AMOUNT_WIDTH} label="Balance due (days before)" min={0} max={365} step={1} validate={wholeNumber(0, 365, 'the days')} helperText="Or at booking, when later" />
      </Box>
      <ArrayInput source="cancellationFees" label="Cancellation fees" helperText="From so many days before the departure, the share of the price kept: the cancel dialog proposes it">
        <SimpleFormIterator inline disableReordering>
          <NumberInput source="daysBefore" label="From (days before)" fullWidth={false} sx={AMOUNT_WIDTH} min={0} max={365} step={1} validate={wholeNumber(0, 365, 'the days')} />
          <NumberInput source="percent" label="Fee (% of the price)" fullWidth={false} sx={AMOUNT_WIDTH} min={0} max={100} step={1} validate={wholeNumber(0, 100, 'a percentage')} />
        </SimpleFormIterator>
      </ArrayInput>
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
  summary: '',
  description: '',
};

export function TourCreate() {
  return (
    <Create sx={FORM_WIDTH} title="New tour" redirect="edit">
      <SimpleForm defaultValues={NEW_TOUR_DEFAULTS} noValidate>
        <KeepDraft />
        <Typography component="h2" variant="h6">
          Details
        </Typography>
        <DetailsInputs create />
        <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
          Prices
        </Typography>
        <PriceInputs />
      </SimpleForm>
    </Create>
  );
}
