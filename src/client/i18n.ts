/**
 * react-admin's English messages, with the product's own wording where react-admin's generic
 * one ("Element created") would leave the user guessing what happened.
 */
import { defaultI18nProvider, type I18nProvider } from 'react-admin';
import { RESOURCE_MESSAGES } from './resources';

export const MESSAGES: Record<string, string> = {
  ...RESOURCE_MESSAGES,
  'ra.message.invalid_form': 'Some fields need attention: see the messages under them.',
  // Shown only for an error without words of its own; it may be a refusal, not a failure.
  'ra.notification.http_error': 'The request was not carried out.',
};

export const i18nProvider: I18nProvider = {
  ...defaultI18nProvider,
  translate: (key, options) => MESSAGES[key] ?? defaultI18nProvider.translate(key, options),
};
