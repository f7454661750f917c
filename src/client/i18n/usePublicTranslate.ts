/** `t(key, values)` for the pages outside react-admin, in the current language (re-rendered when it changes). */
import { useCallback, useSyncExternalStore } from 'react';
import { currentLanguage, subscribeToLanguage } from './language';
import { PUBLIC_MESSAGES, type PublicMessages } from './public-messages';
import { translateFrom, type Values } from './translate';

export function usePublicTranslate(): (key: keyof PublicMessages, values?: Values) => string {
  const language = useSyncExternalStore(subscribeToLanguage, currentLanguage);
  return useCallback((key, values) => translateFrom(PUBLIC_MESSAGES[language], language, key, values), [language]);
}
