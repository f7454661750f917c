/**
 * The screens' language: the app bar's menu and My profile's choice both go through
 * useChooseLanguage, which switches at once and keeps the choice on the account (so it follows the
 * user to another browser) and in this browser (for the sign-in page). LanguageFromAccount applies
 * the account's choice when the user signs in or another of their tabs changes it.
 */
import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/language';
import { getUserState, setUserState, subscribe } from '../providers/auth-state';
import type { BackOfficeDataProvider } from '../providers/data-provider';

export function useChooseLanguage(): (language: Language) => Promise<void> {
  const [, setLocale] = useLocaleState();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  return async (language) => {
    setLocale(language);
    const { user } = getUserState();
    if (!user || user.language === language) return;
    try {
      const saved = await dataProvider.updateProfile(user.id, { language });
      setUserState({ ...getUserState(), user: saved });
    } catch (error) {
      // The screens changed; only keeping it on the account failed, and the user is told so.
      notify(translate('language.not_kept', { reason: error instanceof Error ? error.message : String(error) }), { type: 'warning' });
    }
  };
}

/** Applies the language kept on the account when the signed-in user (or their choice) changes. */
export function LanguageFromAccount() {
  const { user } = useSyncExternalStore(subscribe, getUserState);
  const [locale, setLocale] = useLocaleState();
  const chosen = user?.language;
  useEffect(() => {
    if (isLanguage(chosen) && chosen !== locale) setLocale(chosen);
    // Only when the account's choice changes: a choice made here waits for the account to agree.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id, chosen]);
  return null;
}

export function LanguageMenu() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const choose = useChooseLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = isLanguage(locale) ? LANGUAGE_NAMES[locale] : locale;
  return (
    <>
      <Tooltip title={translate('language.current', { language: current })}>
        <IconButton color="inherit" aria-label={translate('language.label')} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === locale}
            onClick={() => {
              setAnchor(null);
              void choose(language);
            }}
          >
            <ListItemText>{LANGUAGE_NAMES[language]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
