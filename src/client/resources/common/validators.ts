/**
 * The forms' validators, built from the rules the server enforces (src/shared/field-rules.ts), in
 * plain words. Forms pass `noValidate`, so every bad field is named at once by these, not one at
 * a time by the browser's own bubbles.
 */
import { characterCount, FIELD_RULES, isEmailAddress } from '../../../shared/field-rules';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../../../shared/password-policy';
import { t } from '../../i18n';

const KEY = /^[a-z_]+(\.[a-z_]+)+$/;

export type Validator = (value: unknown) => string | undefined;

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** "Enter a full name.": `what` is words, or a message key such as 'validation.what.full_name'. */
export function requiredText(what: string): Validator {
  return (value) => (asText(value).trim() === '' ? t('validation.enter', { what: KEY.test(what) ? t(what) : what }) : undefined);
}

export function atMost(limit: number): Validator {
  return (value) => (characterCount(asText(value)) > limit ? t('validation.at_most', { limit }) : undefined);
}

export const emailRules: Validator[] = [
  requiredText('validation.what.email'),
  atMost(FIELD_RULES.email.maxLength),
  (value) => {
    const address = asText(value).trim();
    return address === '' || isEmailAddress(address) ? undefined : t('validation.email');
  },
];

/** An e-mail address that may be left empty: the same checks when one is given. */
export const optionalEmailRules: Validator[] = emailRules.slice(1);

export const fullNameRules: Validator[] = [requiredText('validation.what.full_name'), atMost(FIELD_RULES.fullName.maxLength)];

export const newPasswordRules: Validator[] = [
  requiredText('validation.what.password'),
  (value) => {
    if (asText(value) === '') return undefined;
    const length = passwordLength(asText(value));
    if (length < PASSWORD_MIN_LENGTH) return t('validation.at_least', { min: PASSWORD_MIN_LENGTH });
    return length > PASSWORD_MAX_LENGTH ? t('validation.at_most', { limit: PASSWORD_MAX_LENGTH }) : undefined;
  },
];

const ROLE_NAME = new RegExp(FIELD_RULES.roleName.pattern);
export const roleNameRules: Validator[] = [
  requiredText('validation.what.name'),
  atMost(FIELD_RULES.roleName.maxLength),
  (value) =>
    asText(value) === '' || ROLE_NAME.test(asText(value))
      ? undefined
      : t('validation.role_name'),
];

export const roleDescriptionRules: Validator[] = [atMost(FIELD_RULES.roleDescription.maxLength)];
