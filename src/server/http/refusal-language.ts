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

/**
 * A sentence with values in it, as its fixed pieces: the text before the first value, between
 * each two, and after the last. It is matched by those pieces, each found once from the left, so
 * its cost grows with the sentence's length alone. (It used to be matched by a regular expression
 * with a lazy group per value, which a caller's field name made of the pieces' own separators
 * drove to cubic backtracking: 10 seconds for one 60 KB name.)
 */
interface Template {
  pieces: string[];
  /** Its words without the values: the longest is tried first, so the most particular one wins. */
  words: number;
  german: string;
}

const TEMPLATES: Template[] = Object.entries(REFUSALS_DE)
  .filter(([english]) => english.includes('{}'))
  .map(([english, german]) => ({ pieces: english.split('{}'), words: english.replaceAll('{}', '').length, german }))
  .sort((a, b) => b.words - a.words);

/**
 * The values of `sentence` if it is written from `pieces`, each value at least one character
 * long; null otherwise. Each piece is placed at its leftmost place that leaves room for the rest,
 * which finds a placement whenever there is one (placing a piece further right never helps the
 * pieces after it).
 */
export function valuesIn(pieces: readonly string[], sentence: string): string[] | null {
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const gaps = pieces.length - 1;
  let fixed = 0;
  for (const piece of pieces) fixed += piece.length;
  if (sentence.length < fixed + gaps || !sentence.startsWith(first) || !sentence.endsWith(last)) return null;
  const end = sentence.length - last.length;
  const values: string[] = [];
  let cursor = first.length;
  for (let index = 1; index < gaps; index++) {
    const piece = pieces[index];
    const at = sentence.indexOf(piece, cursor + 1);
    // The piece must end one character or more before the last piece, for the last value.
    if (at === -1 || at + piece.length >= end) return null;
    values.push(sentence.slice(cursor, at));
    cursor = at + piece.length;
  }
  if (end - cursor < 1) return null;
  values.push(sentence.slice(cursor, end));
  return values;
}

/** The longest a value put into a refusal is shown: a caller's text beyond it is cut (…). */
export const MAX_VALUE_LENGTH = 80;

/** A caller's text as a refusal shows it: at most `max` characters, cut with an ellipsis. */
export function cutText(text: string, max = MAX_VALUE_LENGTH): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * One sentence of a refusal in the language asked for. The values in it are cut to
 * MAX_VALUE_LENGTH in every language, so no refusal echoes more than a short form of a caller's
 * text, wherever the refusal was made.
 */
export function refusalIn(language: RefusalLanguage, sentence: string): string {
  if (language !== 'en') {
    const exact = EXACT_DE.get(sentence);
    if (exact !== undefined) return exact;
  }
  for (const { pieces, german } of TEMPLATES) {
    const values = valuesIn(pieces, sentence);
    if (values === null) continue;
    const shown = values.map((value) => cutText(value));
    if (language === 'en') {
      if (shown.every((value, index) => value === values[index])) return sentence;
      return pieces.reduce((written, piece, index) => written + shown[index - 1] + piece);
    }
    return german.replace(/\{(\d)\}/g, (_, position: string) => {
      const value = shown[Number(position)] ?? '';
      return Object.hasOwn(WORDS_DE, value) ? WORDS_DE[value] : value;
    });
  }
  return sentence;
}
