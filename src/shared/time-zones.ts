/** IANA time zones, as the runtime knows them (the same check on both sides). */
import { dateTimeFormat } from './intl-formats.js';

const IANA_NAME = /^(?:UTC|[A-Za-z][A-Za-z_-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*){1,2})$/;

/** "Europe/Berlin", "America/Argentina/Buenos_Aires", "UTC": yes. "+01:00", "CET1", "Mars/Olympus": no. */
export function isKnownTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    dateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
