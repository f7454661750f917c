/** Password rules shared by the forms and the server (ASVS: length, no composition rules). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A password's length as the policy counts it: Unicode code points, so "🙂" is one character,
 * not the two UTF-16 units of `String.length`. JSON Schema's minLength/maxLength count the same.
 */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _codePoint of password) count += 1;
  return count;
}

/** The length rule alone (the forms can check it; the server adds the common-password checks). */
export function passwordLengthError(password: string): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}
