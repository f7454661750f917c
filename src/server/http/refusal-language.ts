/**
 * A refusal in the caller's language. Refusals are written in English where they are made; as one
 * is answered, its sentence and its fields' problems are put into the language the caller asks for
 * with Accept-Language (the staff screens send the language their user chose), German being the
 * other one written (refusals-de.ts). A sentence with no German, or a caller asking for neither
 * language, gets the English. OCTO's answers are not put through this: they stay English, as the
 * resellers' systems read them.
 */
import { STAFF_LANGUAGES, type StaffLanguage } from '../../shared/contract/users.js';
import { REFUSALS_DE, WORDS_DE } from './refusals-de.js';

/** The staff screens' languages: a refusal is written in each. */
export type RefusalLanguage = StaffLanguage;

/** The language among English and German the caller prefers by Accept-Language; English when it names neither. */
export function refusalLanguage(acceptLanguage: string | undefined): RefusalLanguage {
  if (!acceptLanguage) return 'en';
  let best: { language: RefusalLanguage; weight: number } | null = null;
  // At most a few dozen ranges are worth reading; a longer header is someone's experiment.
  for (const range of acceptLanguage.split(',', 32)) {
    const [tag = '', ...parameters] = range.split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isRefusalLanguage(primary)) continue;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    if (!(weight > 0)) continue;
    if (best === null || weight > best.weight) best = { language: primary, weight };
  }
  return best?.language ?? 'en';
}

function isRefusalLanguage(tag: string | undefined): tag is RefusalLanguage {
  return (STAFF_LANGUAGES as readonly (string | undefined)[]).includes(tag);
}

const EXACT_DE = new Map(Object.entries(REFUSALS_DE).filter(([english]) => !english.includes('{}')));

/** The sentences with values in them, most words first, so that the most particular one matches. */
const TEMPLATES_DE = Object.entries(REFUSALS_DE)
  .filter(([english]) => english.includes('{}'))
  .map(([english, german]) => ({
    pattern: new RegExp(`^${english.split('{}').map(escapeForPattern).join('(.+?)')}$`, 's'),
    words: english.replaceAll('{}', '').length,
    german,
  }))
  .sort((a, b) => b.words - a.words);

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One sentence of a refusal in the language asked for. */
export function refusalIn(language: RefusalLanguage, sentence: string): string {
  if (language === 'en') return sentence;
  const exact = EXACT_DE.get(sentence);
  if (exact !== undefined) return exact;
  for (const { pattern, german } of TEMPLATES_DE) {
    const values = pattern.exec(sentence);
    if (values) {
      return german.replace(/\{(\d)\}/g, (_, position: string) => {
        const value = values[Number(position) + 1] ?? '';
        return WORDS_DE[value] ?? value;
      });
    }
  }
  return sentence;
}
