import { majorTextToMinor } from '../../../../shared/money';

/** An amount typed in major units of `currency`: the minor units, or why it is not one. */
export function readAmount(text: string, currency: string): { minor: number } | { problem: string } {
  if (text.trim() === '') return { problem: 'Enter an amount.' };
  const parsed = majorTextToMinor(text, currency);
  return parsed.ok ? { minor: parsed.minor } : { problem: `The amount ${parsed.problem}.` };
}
