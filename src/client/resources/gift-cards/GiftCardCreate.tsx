/** Issuing a gift card: its currency and value, when it expires, and for whom (with a message, and the language its e-mail goes in). The code is the server's. */
import { Create, DateInput, FormDataConsumer, SelectInput, SimpleForm, TextInput, type RaRecord } from 'react-admin';
import { GIFT_CARD_RULES } from '../../../shared/contract/gift-card-rules';
import { KeepDraft } from '../../session/KeepDraft';
import { FORM_WIDTH } from '../common/fields';
import { MoneyInput } from '../common/MoneyInput';
import type { Validator } from '../common/validators';
import { useGiftCardWords } from './gift-card-words';

/** The day chosen is the card's last: it expires at the end of it, where the staff member is. */
function toBody(data: RaRecord): RaRecord {
  const { expiresOn, ...rest } = data as RaRecord & { expiresOn?: string | null };
  return { ...rest, ...(expiresOn && { expiresAt: new Date(`${expiresOn}T23:59:59`).toISOString() }) };
}

export function GiftCardCreate() {
  const words = useGiftCardWords();
  const currency: Validator = (value) => (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? undefined : words.currencyRule);
  return (
    <Create sx={FORM_WIDTH} title={words.newCard} redirect="show" transform={toBody}>
      <SimpleForm defaultValues={{ currency: 'EUR', language: 'en' }} noValidate>
        <KeepDraft />
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <TextInput source="currency" label={words.currency} validate={currency} sx={{ maxWidth: 160 }} />
          <FormDataConsumer<{ currency?: string }>>{({ formData }) => <MoneyInput source="amountMinor" label={words.amount} currency={(formData.currency ?? '').trim().toUpperCase()} optional={false} />}</FormDataConsumer>
        </div>
        <DateInput source="expiresOn" label={words.expiresAt} helperText={words.expiresHelp} />
        <TextInput source="recipientName" label={words.recipientName} helperText={words.recipientHelp} slotProps={{ htmlInput: { maxLength: GIFT_CARD_RULES.recipientName.maxLength } }} />
        <TextInput source="recipientEmail" type="email" label={words.recipientEmail} helperText={words.recipientEmailHelp} />
        <SelectInput source="language" label={words.language} helperText={words.languageHelp} choices={(['en', 'de'] as const).map((id) => ({ id, name: words.languages[id] }))} />
        <TextInput source="message" label={words.message} multiline minRows={2} slotProps={{ htmlInput: { maxLength: GIFT_CARD_RULES.message.maxLength } }} />
      </SimpleForm>
    </Create>
  );
}
