/**
 * The words of the pages outside react-admin (sign-in, password, error pages) in every language,
 * part of the first download (a few kB). The app's own messages (app-messages.ts) include these.
 */
import type { Language } from './language';

const en = {
  'public.product': 'Travel Back Office',
  'public.language': 'Language',
  'title.login': 'Sign in',
  'title.forgot_password': 'Forgot password',
  'title.reset_password': 'Choose a new password',
  'title.not_found': 'Page not found',
  'title.server_error': 'Server error',
  'login.title': 'Sign in',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.code': 'Code from your authenticator app',
  'login.code_help': 'Two-factor sign-in is on for this account: the 6-digit code the app shows now, or one of your recovery codes.',
  'login.trust_device': 'Trust this device',
  'login.submit': 'Sign in',
  'login.forgot': 'Forgot password?',
  'login.failed': 'Sign-in failed. Try again.',
  // The server's refusals by their code (its own words are English).
  'errors.INVALID_CREDENTIALS': 'The e-mail address or password is incorrect.',
  'errors.CAPTCHA_FAILED': 'The captcha was not solved. Please try again.',
  'errors.RATE_LIMITED': 'Too many attempts. Wait a minute, then try again.',
  'errors.UNAVAILABLE': 'The service is not available right now. Try again in a moment.',
};

export type PublicMessages = typeof en;

const de: PublicMessages = {
  'public.product': 'Travel Back Office',
  'public.language': 'Sprache',
  'title.login': 'Anmelden',
  'title.forgot_password': 'Passwort vergessen',
  'title.reset_password': 'Neues Passwort wählen',
  'title.not_found': 'Seite nicht gefunden',
  'title.server_error': 'Serverfehler',
  'login.title': 'Anmelden',
  'login.email': 'E-Mail',
  'login.password': 'Passwort',
  'login.code': 'Code aus Ihrer Authenticator-App',
  'login.code_help': 'Für dieses Konto ist die Zwei-Faktor-Anmeldung eingeschaltet: der 6-stellige Code, den die App gerade zeigt, oder einer Ihrer Wiederherstellungscodes.',
  'login.trust_device': 'Diesem Gerät vertrauen',
  'login.submit': 'Anmelden',
  'login.forgot': 'Passwort vergessen?',
  'login.failed': 'Die Anmeldung ist fehlgeschlagen. Bitte erneut versuchen.',
  'errors.INVALID_CREDENTIALS': 'E-Mail-Adresse oder Passwort ist falsch.',
  'errors.CAPTCHA_FAILED': 'Das Captcha wurde nicht gelöst. Bitte erneut versuchen.',
  'errors.RATE_LIMITED': 'Zu viele Versuche. Bitte eine Minute warten und erneut versuchen.',
  'errors.UNAVAILABLE': 'Der Dienst ist gerade nicht erreichbar. Bitte gleich noch einmal versuchen.',
};

export const PUBLIC_MESSAGES: Record<Language, PublicMessages> = { en, de };

/** The message key of a refusal's code when there is one in these messages ('errors.INVALID_CREDENTIALS'). */
export function publicErrorKey(code: unknown): keyof PublicMessages | null {
  const key = `errors.${String(code)}`;
  return key in en ? (key as keyof PublicMessages) : null;
}
