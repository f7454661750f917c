import { majorTextToMinor, type MajorParse } from '../../../shared/money';
import { t } from '../../i18n';

/** Why a typed amount was refused, in the screens' language. */
export function amountProblemText(parsed: Extract<MajorParse, { ok: false }>): string {
  const key = parsed.reason === 'not_an_amount' && parsed.values.digits === 0 ? 'not_an_amount_whole' : parsed.reason;
  return t(`amounts.problem.${key}`, parsed.values);
}

/** An amount typed in major units of `currency`: the minor units, or why it is not one. */
export function readAmount(text: string, currency: string): { minor: number } | { problem: string } {
  if (text.trim() === '') return { problem: t('amounts.required') };
  const parsed = majorTextToMinor(text, currency);
  return parsed.ok ? { minor: parsed.minor } : { problem: amountProblemText(parsed) };
}
