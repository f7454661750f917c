/**
 * The languages the staff screens are written in. A module of its own, without the schemas of
 * contract/users.ts: the sign-in page reads it, and must not bring the schema library with it.
 */
export const STAFF_LANGUAGES = ['en', 'de'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
