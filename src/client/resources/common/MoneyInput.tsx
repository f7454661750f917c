/** An amount of money typed in the currency's major units and kept as minor units (shared by the tour and departure forms). */
import { Box, TextField } from '@mui/material';
import { useState } from 'react';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import { t } from '../../i18n';
import { amountProblemText } from './read-amount';
import { currencyDigits, isKnownCurrency, majorTextToMinor, minorToMajorText } from '../../../shared/money';
import type { Validator } from './validators';

/** Numbers and amounts side by side, a few to a row, one to a row on a phone. */
export const AMOUNT_WIDTH = { flex: '1 1 180px', maxWidth: { sm: 240 } } as const;

/**
 * An amount in minor units, typed in major units. While the field has the focus it shows exactly
 * what is being typed (reading "1" as 1.00 under the cursor would turn "1299.50" into "1.00299.50");
 * when it loses the focus an amount that reads is shown in the currency's own decimals. What
 * cannot be read as an amount stays as typed, so the message can say why.
 */
export function MoneyInput({ source, label, currency, optional = true, helperText }: { source: string; label: string; currency: string; optional?: boolean; helperText?: string }) {
  const translate = useTranslate();
  const validCurrency = isKnownCurrency(currency) ? currency : null;
  const validate: Validator = (value) => {
    if (value === null || value === undefined || value === '') return optional ? undefined : t('amounts.required');
    if (!validCurrency) return t('amounts.currency_first');
    if (typeof value === 'string') {
      const parsed = majorTextToMinor(value, validCurrency);
      return parsed.ok ? undefined : amountProblemText(parsed);
    }
    return Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : t('amounts.zero_or_more');
  };
  const { field, fieldState, isRequired } = useInput({ source, validate, format: (value) => value });
  const [typing, setTyping] = useState<string | null>(null);
  const shown =
    typing ?? (typeof field.value === 'number' && validCurrency ? minorToMajorText(field.value, validCurrency) : typeof field.value === 'string' ? field.value : '');
  const digits = validCurrency ? currencyDigits(validCurrency) : 2;
  return (
    <TextField
      id={field.name}
      name={field.name}
      variant="filled"
      size="small"
      margin="dense"
      fullWidth={false}
      sx={AMOUNT_WIDTH}
      label={`${translate(label, { _: label })}${validCurrency ? ` (${validCurrency})` : ''}`}
      value={shown}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
        const text = event.target.value;
        setTyping(text);
        if (text.trim() === '') return field.onChange(optional ? null : '');
        const parsed = validCurrency ? majorTextToMinor(text, validCurrency) : null;
        field.onChange(parsed?.ok ? parsed.minor : text);
      }}
      onBlur={() => {
        setTyping(null);
        field.onBlur();
      }}
      error={fieldState.invalid && (fieldState.isTouched || fieldState.isDirty)}
      helperText={fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : (helperText ? translate(helperText, { _: helperText }) : digits === 0 ? translate('amounts.whole_amounts') : translate('amounts.decimals', { digits }))}
      required={isRequired}
      slotProps={{ htmlInput: { inputMode: digits === 0 ? 'numeric' : 'decimal', 'aria-invalid': fieldState.invalid } }}
    />
  );
}


/** A price per traveller category and the single-room supplement, in `currency` (tours and departures). */
export function PriceFields({ currency, supplementHelp }: { currency: string; supplementHelp: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <MoneyInput source="prices.ADULT" label="traveller.category.ADULT" currency={currency} />
      <MoneyInput source="prices.CHILD" label="traveller.category.CHILD" currency={currency} />
      <MoneyInput source="prices.INFANT" label="traveller.category.INFANT" currency={currency} />
      <MoneyInput source="singleSupplementMinor" label="traveller.single_room" currency={currency} helperText={supplementHelp} />
    </Box>
  );
}
