/**
 * The limits and patterns of the user and role fields, once: the server's schemas are built
 * from them, and so are the browser's form validators, so a form refuses exactly what the server
 * would and says it the same way. E-mail addresses are checked by the same function on both
 * sides (the schema format 'email' of TypeBox, which the server's validator runs).
 */
import { IsEmail } from 'typebox/format';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.js';

/** Characters as JSON Schema counts them (code points, so "🙂" is one): the password policy's count. */
export { passwordLength as characterCount } from './password-policy.js';
import { ROLE_NAME_PATTERN } from './permissions.js';

export const NOT_BLANK_PATTERN = '\\S';

export const FIELD_RULES = {
  email: { format: 'email', minLength: 3, maxLength: 254 },
  fullName: { minLength: 1, maxLength: 200, pattern: NOT_BLANK_PATTERN },
  password: { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
  roleName: { minLength: 1, maxLength: 50, pattern: ROLE_NAME_PATTERN },
  roleDescription: { maxLength: 500 },
} as const;

/** What a broken pattern means, in words (the server's field errors and the forms' messages). */
export const PATTERN_MESSAGES: Record<string, string> = {
  [NOT_BLANK_PATTERN]: 'must not be blank',
  [ROLE_NAME_PATTERN]: 'must be capital letters, digits and underscores, starting with a letter (e.g. TOUR_GUIDE)',
};

export const isEmailAddress = (value: string): boolean => IsEmail(value);
