/** Password rules shared by the forms and the server (ASVS: length, no composition rules). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
