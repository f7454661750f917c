/**
 * Common passwords: the 49k-entry "passwords-common" dictionary of @zxcvbn-ts/language-common
 * (a maintained package, lower-case entries, drawn from leaked-password frequency lists). Updating
 * the package updates the list. Loaded once, on first use (~50 ms), then a Set lookup.
 *
 * Only a few hundred entries reach 12 characters; the policy in password-policy.ts therefore also
 * looks up the password's core (without leading and trailing digits, punctuation and spaces), so
 * "Sunshine2024!" is refused like "sunshine".
 */
import { createRequire } from 'node:module';
import type { dictionary as Dictionary } from '@zxcvbn-ts/language-common';

let commonPasswords: ReadonlySet<string> | null = null;

export function commonPasswordList(): ReadonlySet<string> {
  // Required here rather than imported: the package's other dictionaries (3 MB of the server's
  // heap) then load with the first password set, not at every start.
  commonPasswords ??= new Set(
    (createRequire(import.meta.url)('@zxcvbn-ts/language-common') as { dictionary: typeof Dictionary }).dictionary['passwords-common'].map((entry) => entry.toLowerCase()),
  );
  return commonPasswords;
}

/** Case-insensitive: "PassWord1234" is "password1234". */
export function isCommonPassword(candidate: string): boolean {
  return commonPasswordList().has(candidate.normalize('NFKC').toLowerCase());
}
