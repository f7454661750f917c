/**
 * Money is an integer of minor units of an ISO 4217 currency (EUR 1,299.00 is 129900; ISK has no
 * minor unit, so ISK 189,000 is 189000). The runtime's own currency data says how many decimals
 * a currency has, on both sides, so a form and the server agree on what 12.5 means.
 */
import { numberFormat } from './intl-formats.js';

let knownCurrencies: Set<string> | null = null;

/** ISO 4217 codes the runtime knows (Intl's list), e.g. EUR, ISK, JPY, KWD. */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(code);
}

// Making an Intl.NumberFormat costs far more than using one: every booking's prices and totals
// ask for the same few currencies, so each currency's digits are read once and every format comes
// kept from numberFormat().
const digitsOf = new Map<string, number>();

/** Decimals of the currency's minor unit: EUR 2, ISK 0, JPY 0, KWD 3. */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

let defaultLocale: string | undefined;

/**
 * The locale formatMinor uses when it is given none: the browser app sets its screens' language
 * here; the server always names the locale (a customer's language), so it never sets it.
 */
export function setDefaultMoneyLocale(locale: string | undefined): void {
  defaultLocale = locale;
}

/** "€1,299.00", "ISK 189,000", in the reader's locale. */
export function formatMinor(amountMinor: number, currency: string, locale: string | undefined = defaultLocale): string {
  const digits = currencyDigits(currency);
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amountMinor / 10 ** digits);
}

/** Minor units as the major amount a person types: 129900 EUR → "1299.00", 189000 ISK → "189000". */
export function minorToMajorText(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(amountMinor);
  const text = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return `${amountMinor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Why an amount was refused, for a screen to say in its own language with `values`; `problem` says it in English. */
export type AmountProblem = 'not_an_amount' | 'reads_two_ways' | 'no_minor_unit' | 'too_many_decimals' | 'too_large';
export type MajorParse = { ok: true; minor: number } | { ok: false; problem: string; reason: AmountProblem; values: Record<string, string | number> };

/** How `locale` writes amounts of `currency`: its decimal and grouping marks, and the currency's signs. */
function amountMarks(currency: string, locale?: string) {
  const part = (options: Intl.NumberFormatOptions, type: string) =>
    numberFormat(locale, { style: 'currency', currency, ...options }).formatToParts(1234567.5).find((p) => p.type === type)?.value;
  const signs = new Set([currency, part({}, 'currency'), part({ currencyDisplay: 'narrowSymbol' }, 'currency')].filter((sign): sign is string => Boolean(sign)));
  return { decimal: part({}, 'decimal') ?? '.', group: part({}, 'group') ?? ',', signs: [...signs].sort((a, b) => b.length - a.length) };
}

const SPACES = /[\s\u00a0\u202f\u2009]/g;

/**
 * What someone typed as a major amount → minor units, exactly: digits are read as text, never
 * through a float. Accepted as the reader's locale writes amounts, and as the app shows them: with
 * or without the currency's sign or code ("€1,299.50", "1.299,50 €", "EUR 1299.5", " 1299.50 "),
 * grouped or not. When both "." and "," appear, the last one is the decimal mark. Refused, with
 * the reason: more decimals than the currency has (a mistake to point out, not to round away), and
 * a lone mark that could be read two ways ("12,5" where "," groups thousands).
 */
export function majorTextToMinor(text: string, currency: string, locale: string | undefined = defaultLocale): MajorParse {
  const digits = currencyDigits(currency);
  const example = digits === 0 ? 'such as 189000 or 189,000' : 'such as 1299 or 1,299.50';
  const { decimal, group, signs } = amountMarks(currency, locale);
  let rest = text.replace(SPACES, '');
  for (const sign of signs) {
    const bare = sign.replace(SPACES, '');
    if (rest.toUpperCase().startsWith(bare.toUpperCase())) rest = rest.slice(bare.length);
    else if (rest.toUpperCase().endsWith(bare.toUpperCase())) rest = rest.slice(0, rest.length - bare.length);
  }
  // Digits, marks and apostrophes, beginning with a digit and not ending with an apostrophe.
  const notAnAmount: MajorParse = { ok: false, problem: `must be an amount ${example}`, reason: 'not_an_amount', values: { digits } };
  if (!/^\d(?:[\d.,'\u2019]*[\d.,])?$/.test(rest)) return notAnAmount;
  // Apostrophes group thousands in Switzerland; they are never a decimal mark.
  rest = rest.replace(/['\u2019]/g, '');
  const marks = [...rest].filter((character) => character === '.' || character === ',');
  let decimalMark: string | null = null;
  if (new Set(marks).size === 2) {
    decimalMark = marks[marks.length - 1];
  } else if (marks.length > 0) {
    // One kind of mark: the locale's decimal mark once is decimals; a mark that is not the
    // locale's decimal mark groups thousands when it stands between groups of three; the locale's
    // grouping mark anywhere else could be either; another mark once is decimals.
    const mark = marks[0];
    const groupsOfThree = /^\d{1,3}(?:[.,]\d{3})+$/.test(rest);
    if (marks.length === 1 && mark === decimal) decimalMark = mark;
    else if (mark !== decimal && groupsOfThree) decimalMark = null;
    else if (marks.length === 1 && mark === group) {
      return { ok: false, problem: `reads two ways: “${mark}” separates thousands here, so write decimals with “${decimal}” (for example 12${decimal}50)`, reason: 'reads_two_ways', values: { mark, decimal } };
    } else if (marks.length === 1) decimalMark = mark;
    else return notAnAmount;
  }
  let whole = rest; // begins with a digit, so never empty
  let fraction = '';
  if (decimalMark !== null) {
    const at = rest.lastIndexOf(decimalMark);
    whole = rest.slice(0, at);
    fraction = rest.slice(at + 1);
  }
  // What is left of the decimal mark is grouped in threes, or not grouped at all.
  if (/[.,]/.test(whole) && !/^\d{1,3}(?:[.,]\d{3})+$/.test(whole)) return notAnAmount;
  whole = whole.replace(/[.,]/g, '');
  if (fraction.length > digits) {
    return digits === 0
      ? { ok: false, problem: `${currency} has no minor unit: whole amounts only`, reason: 'no_minor_unit', values: { currency } }
      : { ok: false, problem: `${currency} has ${digits} decimals at most`, reason: 'too_many_decimals', values: { currency, digits } };
  }
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) return { ok: false, problem: 'is too large', reason: 'too_large', values: {} };
  return { ok: true, minor };
}
