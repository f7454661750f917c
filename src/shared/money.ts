/**
 * Money is an integer of minor units of an ISO 4217 currency (EUR 1,299.00 is 129900; ISK has no
 * minor unit, so ISK 189,000 is 189000). The runtime's own currency data says how many decimals
 * a currency has, on both sides, so a form and the server agree on what 12.5 means.
 */

let knownCurrencies: Set<string> | null = null;

/** ISO 4217 codes the runtime knows (Intl's list), e.g. EUR, ISK, JPY, KWD. */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(code);
}

/** Decimals of the currency's minor unit: EUR 2, ISK 0, JPY 0, KWD 3. */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "€1,299.00", "ISK 189,000", in the reader's locale. */
export function formatMinor(amountMinor: number, currency: string, locale?: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    amountMinor / 10 ** digits,
  );
}

/** Minor units as the major amount a person types: 129900 EUR → "1299.00", 189000 ISK → "189000". */
export function minorToMajorText(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(amountMinor);
  const text = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return `${amountMinor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

export type MajorParse = { ok: true; minor: number } | { ok: false; problem: string };

/**
 * What someone typed as a major amount ("1299", "1,299.50", "1299.5") → minor units, exactly:
 * digits are read as text, never through a float. More decimals than the currency has is a
 * mistake to point out, not to round away.
 */
export function majorTextToMinor(text: string, currency: string): MajorParse {
  const digits = currencyDigits(currency);
  const cleaned = text.trim().replace(/[\s\u00a0\u202f]/g, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return { ok: false, problem: 'must be an amount such as 1299 or 1299.50' };
  const [, whole, fraction = ''] = match;
  if (fraction.length > digits) {
    return { ok: false, problem: digits === 0 ? `${currency} has no minor unit: whole amounts only` : `${currency} has ${digits} decimals at most` };
  }
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) return { ok: false, problem: 'is too large' };
  return { ok: true, minor };
}
