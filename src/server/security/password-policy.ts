/**
 * The password policy, as OWASP ASVS (v4.0.3 §2.1) and NIST SP 800-63B ask:
 * - 12 to 128 characters, counted in code points; any Unicode, spaces included; no composition
 *   rules (no "one digit, one capital"); never truncated (the whole string is hashed);
 * - refused when it is a common password (common-passwords.ts, compared case-insensitively), or
 *   a common password with digits, punctuation or spaces around it ("Password2024!");
 * - refused when it is one short unit repeated ("aaaaaaaaaaaa", "abcabcabcabc", a common password
 *   twice) or a straight run of characters ("abcdefghijkl", "987654321098" is not one: 0 then 9);
 * - refused when it contains the local part of the user's e-mail address (case-insensitively),
 *   when that part has at least 4 characters (shorter ones, like "jo", would refuse too much).
 *
 * Wiring: wherever a password is set (POST /api/admin/auth/signup, PATCH /api/auth/reset-password,
 * the profile's password change), after the schema check:
 *   const problem = checkPassword(body.password, { email: user.email });
 *   if (problem) throw httpErrors.validation({ password: problem });   // 400 VALIDATION
 * Never at login: a password set under an older policy must still sign in.
 */
import { passwordLengthError } from '../../shared/password-policy.js';
import { isCommonPassword } from './common-passwords.js';

export const MIN_PERSONAL_PART_LENGTH = 4;
const MAX_REPEATED_UNIT_LENGTH = 4;

export const PASSWORD_MESSAGES = {
  common: 'This password is too common or too easy to guess. A few unrelated words make a strong one.',
  personal: 'Do not use your e-mail address in your password.',
} as const;

/** The error message for this password, or null when it is acceptable. */
export function checkPassword(password: string, context: { email?: string | null } = {}): string | null {
  const lengthError = passwordLengthError(password);
  if (lengthError) return lengthError;
  const folded = password.normalize('NFKC').toLowerCase();
  if (isGuessable(folded)) return PASSWORD_MESSAGES.common;
  if (context.email && containsEmailLocalPart(folded, context.email)) return PASSWORD_MESSAGES.personal;
  return null;
}

function isGuessable(folded: string): boolean {
  const core = withoutAffixes(folded);
  return (
    isCommonPassword(folded) ||
    isCommonPassword(folded.trim()) ||
    (core !== '' && isCommonPassword(core)) ||
    isRepetition(folded) ||
    isStraightRun(folded)
  );
}

/** Without leading and trailing digits, punctuation, symbols and spaces: "!!sunshine2024" → "sunshine". */
export function withoutAffixes(text: string): string {
  return text.replace(/^[\p{N}\p{P}\p{S}\p{Z}]+|[\p{N}\p{P}\p{S}\p{Z}]+$/gu, '');
}

/** One unit said over and over: a unit of at most 4 characters, or a common password. */
export function isRepetition(text: string): boolean {
  const chars = [...text];
  for (let unitLength = 1; unitLength <= chars.length / 2; unitLength += 1) {
    if (chars.length % unitLength !== 0) continue;
    const unit = chars.slice(0, unitLength).join('');
    if (unit.repeat(chars.length / unitLength) !== text) continue;
    return unitLength <= MAX_REPEATED_UNIT_LENGTH || isCommonPassword(unit);
  }
  return false;
}

/** Each character the next code point after (or before) the one before it: "abcdefghijkl". */
export function isStraightRun(text: string): boolean {
  const codes = [...text].map((char) => char.codePointAt(0)!);
  const step = codes[1] - codes[0];
  if (codes.length < 3 || (step !== 1 && step !== -1)) return false;
  return codes.every((code, i) => i === 0 || code - codes[i - 1] === step);
}

function containsEmailLocalPart(folded: string, email: string): boolean {
  const at = email.lastIndexOf('@');
  const localPart = (at === -1 ? email : email.slice(0, at)).normalize('NFKC').toLowerCase().trim();
  return [...localPart].length >= MIN_PERSONAL_PART_LENGTH && folded.includes(localPart);
}
