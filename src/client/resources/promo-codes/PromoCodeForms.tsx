/**
 * Making and changing a promo code: the code, what it gives (a percent or an amount in a currency,
 * off each traveller or off the booking), the tours and dates it holds for, how many travellers and
 * bookings, the channels, and whether it holds now. The server's refusals (a code taken in another
 * case, a tour priced in another currency) are shown on their fields.
 */
import { AutocompleteArrayInput, BooleanInput, CheckboxGroupInput, Create, DateInput, Edit, FormDataConsumer, NumberInput, RadioButtonGroupInput, ReferenceArrayInput, SimpleForm, TextInput, type RaRecord } from 'react-admin';
import { PROMO_CODE_RULES } from '../../../shared/contract/promo-code-rules';
import type { PromoCode } from '../../../shared/contract/promo-codes';
import { KeepDraft } from '../../session/KeepDraft';
import { FORM_WIDTH } from '../common/fields';
import { EditLoadError } from '../common/LoadError';
import { MoneyInput } from '../common/MoneyInput';
import type { Validator } from '../common/validators';
import { usePromoWords, type PromoWords } from './promo-code-words';

const CODE = new RegExp(PROMO_CODE_RULES.code.pattern);

/** The form keeps a percent and an amount apart (switching the kind loses neither); the server takes one `value`. */
function toBody(data: RaRecord): RaRecord {
  const { allTours, percentValue, amountValue, ...rest } = data as RaRecord & { allTours?: boolean; percentValue?: number; amountValue?: number };
  const amount = rest.kind === 'amount';
  return { ...rest, value: amount ? amountValue : percentValue, currency: amount ? rest.currency : null, tourIds: allTours ? null : ((rest.tourIds as string[] | undefined) ?? []) };
}

function fromRecord(code: PromoCode) {
  return {
    ...code,
    allTours: code.tourIds === null,
    tourIds: code.tourIds ?? [],
    percentValue: code.kind === 'percent' ? code.value : null,
    amountValue: code.kind === 'amount' ? code.value : null,
    currency: code.currency ?? 'EUR',
  };
}

function validators(words: PromoWords) {
  const code: Validator = (value) => (typeof value === 'string' && value.trim().length >= PROMO_CODE_RULES.code.minLength && value.trim().length <= PROMO_CODE_RULES.code.maxLength && CODE.test(value.trim()) ? undefined : words.codeRule);
  const percent: Validator = (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100 ? undefined : words.percentRule);
  const currency: Validator = (value) => (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? undefined : words.currencyRule);
  const channels: Validator = (value) => (Array.isArray(value) && value.length > 0 ? undefined : words.channelsRule);
  return { code, percent, currency, channels };
}

function PromoFields() {
  const words = usePromoWords();
  const rules = validators(words);
  const row = { display: 'flex', gap: 2, flexWrap: 'wrap' } as const;
  return (
    <>
      <TextInput source="code" label={words.code} validate={rules.code} isRequired helperText={words.codeHelp} sx={{ maxWidth: 360 }} />
      <RadioButtonGroupInput source="kind" label={words.kind} choices={[{ id: 'percent', name: words.kinds.percent }, { id: 'amount', name: words.kinds.amount }]} />
      <FormDataConsumer<{ kind?: string; currency?: string }>>
        {({ formData }) =>
          formData.kind === 'amount' ? (
            <div style={row}>
              <TextInput source="currency" label={words.currency} validate={rules.currency} helperText={words.currencyHelp} sx={{ maxWidth: 160 }} />
              <MoneyInput source="amountValue" label={words.amount} currency={(formData.currency ?? '').trim().toUpperCase()} optional={false} />
            </div>
          ) : (
            <NumberInput source="percentValue" label={words.percent} min={1} max={100} step={1} validate={rules.percent} sx={{ maxWidth: 220 }} />
          )
        }
      </FormDataConsumer>
      <RadioButtonGroupInput source="appliesTo" label={words.appliesTo} choices={[{ id: 'traveller', name: words.appliesToChoices.traveller }, { id: 'booking', name: words.appliesToChoices.booking }]} />
      <BooleanInput source="allTours" label={words.allTours} />
      <FormDataConsumer<{ allTours?: boolean }>>
        {({ formData }) =>
          formData.allTours ? null : (
            <ReferenceArrayInput source="tourIds" reference="tours" perPage={100} sort={{ field: 'code', order: 'ASC' }}>
              <AutocompleteArrayInput label={words.tours} optionText={(tour) => `${tour.code} · ${tour.title}`} helperText={words.toursHelp} />
            </ReferenceArrayInput>
          )
        }
      </FormDataConsumer>
      <div style={row}>
        <DateInput source="bookingFrom" label={words.bookingFrom} helperText={words.bookingHelp} />
        <DateInput source="bookingTo" label={words.bookingTo} helperText={false} />
      </div>
      <div style={row}>
        <DateInput source="travelFrom" label={words.travelFrom} helperText={words.travelHelp} />
        <DateInput source="travelTo" label={words.travelTo} helperText={false} />
      </div>
      <div style={row}>
        <NumberInput source="minTravellers" label={words.minTravellers} min={1} step={1} helperText={false} sx={{ maxWidth: 220 }} />
        <NumberInput source="maxUses" label={words.maxUses} min={1} step={1} helperText={words.maxUsesHelp} sx={{ maxWidth: 320 }} />
      </div>
      <CheckboxGroupInput
        source="channels"
        label={words.channels}
        validate={rules.channels}
        choices={(['office', 'online', 'reseller'] as const).map((channel) => ({ id: channel, name: words.channelNames[channel] }))}
      />
      <BooleanInput source="active" label={words.active} helperText={words.activeHelp} />
    </>
  );
}

export function PromoCodeCreate() {
  const words = usePromoWords();
  const defaults = { kind: 'percent', percentValue: 10, currency: 'EUR', appliesTo: 'booking', allTours: true, tourIds: [], channels: ['office', 'online', 'reseller'], active: true };
  return (
    <Create sx={FORM_WIDTH} title={words.newCode} redirect="show" transform={toBody}>
      <SimpleForm defaultValues={defaults} noValidate>
        <KeepDraft />
        <PromoFields />
      </SimpleForm>
    </Create>
  );
}

export function PromoCodeEdit() {
  const words = usePromoWords();
  return (
    <Edit
      sx={FORM_WIDTH}
      title={words.editCode}
      mutationMode="pessimistic"
      redirect="show"
      transform={toBody}
      queryOptions={{ onError: () => undefined, select: fromRecord }}
      redirectOnError={false}
      error={<EditLoadError what={words.list} />}
    >
      <SimpleForm noValidate>
        <KeepDraft waitForRecord />
        <PromoFields />
      </SimpleForm>
    </Edit>
  );
}
