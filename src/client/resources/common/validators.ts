/**
 * The forms' validators, built from the rules the server enforces (src/shared/field-rules.ts), in
 * plain words. Forms pass `noValidate`, so every bad field is named at once by these, not one at
 * a time by the browser's own bubbles.
 */
import { characterCount, FIELD_RULES, isEmailAddress } from '../../../shared/field-rules';
import { passwordLengthError } from '../../../shared/password-policy';

export type Validator = (value: unknown) => string | undefined;

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

export function requiredText(what: string): Validator {
  return (value) => (asText(value).trim() === '' ? `Enter ${what}.` : undefined);
}

export function atMost(limit: number): Validator {
  return (value) => (characterCount(asText(value)) > limit ? `Use at most ${limit} characters.` : undefined);
}

export const emailRules: Validator[] = [
  requiredText('an e-mail address'),
  atMost(FIELD_RULES.email.maxLength),
  (value) => {
    const address = asText(value).trim();
    return address === '' || isEmailAddress(address) ? undefined : 'Enter an e-mail address such as name@example.com.';
  },
];

/** An e-mail address that may be left empty: the same checks when one is given. */
export const optionalEmailRules: Validator[] = emailRules.slice(1);

export const fullNameRules: Validator[] = [requiredText('a full name'), atMost(FIELD_RULES.fullName.maxLength)];

export const newPasswordRules: Validator[] = [
  requiredText('a password'),
  (value) => (asText(value) === '' ? undefined : passwordLengthError(asText(value)) ?? undefined),
];

const ROLE_NAME = new RegExp(FIELD_RULES.roleName.pattern);
export const roleNameRules: Validator[] = [
  requiredText('a name'),
  atMost(FIELD_RULES.roleName.maxLength),
  (value) =>
    asText(value) === '' || ROLE_NAME.test(asText(value))
      ? undefined
      : 'Use capital letters, digits and underscores, starting with a letter, e.g. TOUR_GUIDE.',
];

export const roleDescriptionRules: Validator[] = [atMost(FIELD_RULES.roleDescription.maxLength)];
