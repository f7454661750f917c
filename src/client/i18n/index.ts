/**
 * The react-admin app's i18nProvider: react-admin's own messages (its English package, and German
 * in ra-german.ts), the pages outside the app (public-messages.ts) and the app's own words
 * (app-messages-*.ts), through Polyglot as react-admin does it. English is part of the app's
 * download; German arrives when it is first wanted (loadLanguage, which the app awaits before its
 * first screen when the screens are in German).
 *
 * A key asked for that has no message is recorded (missingTranslations), whatever react-admin
 * falls back to: the key-coverage test fails on it. Changing the language here also keeps it in
 * the browser, sets the page's `lang` and the formats (language.ts).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { APP_EN, type AppMessagesIn } from './app-messages-en';
import { DOMAINS_EN } from './domains/en';
import { applyLanguage, currentLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from './language';
import { WORDS_EN, type Words } from '../../shared/i18n/words-en';
import { PERMISSIONS } from '../../shared/permissions';
import { AUDIT_ACTION_LABELS } from '../../shared/types';
import { PUBLIC_MESSAGES } from './public-messages';
import { fill, reportMissing, translateFrom, type Phrases, type Values } from './translate';

type Tree = { [key: string]: string | Tree };

/** Each resource's created/saved/deleted notices, in its own words ("Booking created"). */
function resourceNotices(app: AppMessagesIn): Tree {
  return Object.fromEntries(
    Object.entries(app.resources).map(([name, { name: forms }]) => {
      const one = forms.split('||||')[0].trim();
      return [name, { notifications: { created: fill(app.notifications.created, { name: one }), updated: fill(app.notifications.updated, { name: one }), deleted: fill(app.notifications.deleted, { name: one }) } }];
    }),
  );
}

/** Deep merge of message trees (later ones win). */
function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const existing = out[key];
      out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
    }
  }
  return out;
}

function messagesOf(ra: object, app: AppMessagesIn, domains: readonly object[], permissions: Record<string, string>, auditActions: Record<string, string>, words: Words, language: Language): Tree {
  return merge(
    ra as Tree,
    PUBLIC_MESSAGES[language],
    app as unknown as Tree,
    // Each domain's screens' words (domains/<language>.ts), under their own keys and resources.<name>.fields.
    ...(domains as Tree[]),
    // What each permission allows: permissions.<name> ("permissions.bookings.read").
    { permissions },
    // An audit entry's action: audit_actions.<action> ("audit_actions.booking.created").
    { audit_actions: auditActions },
    { words: words as unknown as Tree },
    { resources: resourceNotices(app) },
    // The product's own wording where react-admin's generic one would leave the user guessing.
    {
      ra: {
        message: { invalid_form: app.profile.fields_need_attention },
        // Shown only for an error without words of its own; it may be a refusal, not a failure.
        notification: { http_error: app.app.request_not_carried_out },
      },
    },
  );
}

const KEY_SHAPE = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
/**
 * Keys react-admin asks for in case a resource words its pages its own way ("resources.users.page.list"),
 * falling back to its general message ("ra.page.list"): optional, so never counted as missing.
 */
const OPTIONAL = /^resources\.[^.]+\.(action|page|message|notifications|forcedCaseName|empty|invite)(\.|$)/;

/** Each language's messages as Polyglot is given them, and flat, as Polyglot keys them ("dashboard.title"). */
const loaded: Partial<Record<Language, { messages: Tree; flat: Phrases }>> = {};

function flatten(tree: Tree, prefix = '', into: Phrases = {}): Phrases {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into[`${prefix}${key}`] = value;
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

function keep(language: Language, messages: Tree): Tree {
  loaded[language] = { messages, flat: flatten(messages) };
  return messages;
}

/**
 * A message in the screens' current language, for code that is not a component (a function that
 * words an error, a status). Components use react-admin's useTranslate; both read the same
 * messages, and the layout draws the page again when the language changes.
 */
export function t(key: string, values?: Values): string {
  const language = loaded[currentLanguage()] ? currentLanguage() : 'en';
  return translateFrom(loaded[language]!.flat, language, key, values);
}

keep('en', messagesOf(englishMessages, APP_EN, DOMAINS_EN, PERMISSIONS, AUDIT_ACTION_LABELS, WORDS_EN, 'en'));

/**
 * Words of screens that load with them, not with the app's first download: a screen's module
 * registers its words in every language when it is first loaded (before it draws), and a
 * language loaded later takes the words registered so far.
 */
const screenWords: Partial<Record<Language, Tree>>[] = [];

export function registerScreenWords(words: Partial<Record<Language, object>>): void {
  screenWords.push(words as Partial<Record<Language, Tree>>);
  for (const language of LANGUAGES) {
    const ready = loaded[language];
    const tree = words[language] as Tree | undefined;
    if (ready && tree) keep(language, merge(ready.messages, tree));
  }
}

/** Makes sure a language's messages are here (German is a chunk of its own). */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded[language]) return;
  const [{ default: ra }, { APP_DE }, { DOMAINS_DE }, { PERMISSIONS_DE }, { AUDIT_ACTIONS_DE }, { WORDS_DE }] = await Promise.all([
    import('./ra-german'),
    import('./app-messages-de'),
    import('./domains/de'),
    import('./permissions-de'),
    import('./audit-actions-de'),
    import('../../shared/i18n/words-de'),
  ]);
  const screens = screenWords.flatMap((words) => (words[language] ? [words[language]] : []));
  keep(language, merge(messagesOf(ra, APP_DE, DOMAINS_DE, PERMISSIONS_DE, AUDIT_ACTIONS_DE, WORDS_DE, language), ...screens));
}

function messagesFor(locale: string): TranslationMessages | Promise<TranslationMessages> {
  const language: Language = isLanguage(locale) ? locale : 'en';
  const ready = loaded[language];
  if (ready) return ready.messages as unknown as TranslationMessages;
  return loadLanguage(language).then(() => loaded[language]!.messages as unknown as TranslationMessages);
}

/** The provider for the language the screens are in now; its messages must already be loaded (see loadLanguage). */
export function createI18nProvider(): I18nProvider {
  const initial = loaded[currentLanguage()] ? currentLanguage() : 'en';
  const polyglot = polyglotI18nProvider(
    messagesFor,
    initial,
    LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    { allowMissing: true },
  );
  return {
    ...polyglot,
    translate: (key, options) => {
      const language = polyglot.getLocale();
      // Read from the messages kept here (as Polyglot reads them: %{name} filled, `a |||| b` by
      // smart_count, else `_`), which grow as screens bring their own words (registerScreenWords).
      const phrases = loaded[language as Language]?.flat ?? loaded.en!.flat;
      const values = (options ?? {}) as Values & { _?: string };
      if (Object.hasOwn(phrases, key)) return fill(phrases[key]!, values);
      // react-admin also passes words that are already text (a title, a label) through here: only
      // what has the shape of a key ("dashboard.title") is expected to have a message.
      if (KEY_SHAPE.test(key) && !OPTIONAL.test(key)) reportMissing(language, key);
      return values._ !== undefined ? fill(values._, values) : key;
    },
    changeLocale: async (locale, options) => {
      await polyglot.changeLocale(locale, options);
      if (isLanguage(locale)) applyLanguage(locale);
    },
  };
}

/**
 * Names of a fixed set of values (statuses, kinds) read in the screens' language at the moment
 * they are read: `labelsIn('tours.status', TOUR_STATUSES).draft` is "Draft" or "Entwurf".
 */
export function labelsIn<K extends string>(prefix: string, keys: readonly K[]): Readonly<Record<K, string>> {
  const labels = {} as Record<K, string>;
  for (const key of keys) Object.defineProperty(labels, key, { enumerable: true, get: () => t(`${prefix}.${key}`) });
  return labels;
}
