/**
 * The language of the pages outside the app (the sign-in page first): a native select, so the first
 * download carries no menu component. The choice is kept in this browser; once signed in, the
 * user's own choice (kept on their account) wins.
 */
import { Box } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { applyLanguage, currentLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, subscribeToLanguage } from './language';
import { usePublicTranslate } from './usePublicTranslate';

export function PublicLanguagePicker() {
  const language = useSyncExternalStore(subscribeToLanguage, currentLanguage);
  const t = usePublicTranslate();
  return (
    <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2', color: 'text.secondary' }}>
      {t('public.language')}
      <Box
        component="select"
        name="language"
        value={language}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) => {
          if (isLanguage(event.target.value)) applyLanguage(event.target.value);
        }}
        sx={{ font: 'inherit', color: 'text.primary', bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, px: 1, py: 0.5 }}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </Box>
    </Box>
  );
}
