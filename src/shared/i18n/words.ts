/**
 * Words the staff screens and the customers' e-mails share, in each language the product has:
 * traveller categories, booking statuses, a refund. The browser's messages carry them under
 * `words.` (app-messages), the server's e-mails read them here, so a booking reads the same to
 * the clerk and to the customer. Each language's words are a file of their own (words-en.ts,
 * words-de.ts): the office's first view carries the English only, the German come with its German.
 */
import { fill, type Values } from './fill.js';
import { WORDS_DE } from './words-de.js';
import { WORDS_EN, type Words } from './words-en.js';

export type { Words } from './words-en.js';

export const WORDS: Record<'en' | 'de', Words> = { en: WORDS_EN, de: WORDS_DE };

/** "2 adults", "1 Kind": a count of travellers of a category. */
export function travellerCount(language: 'en' | 'de', category: keyof Words['traveller'], count: number): string {
  return `${count} ${fill(WORDS[language].traveller[category], { smart_count: count })}`;
}

/**
 * What the customer is asked to pay now and by when, as a sentence: the deposit first while what
 * was paid is short of it (after a change raised it too), then the balance by its due date.
 */
export function dueNowSentence(language: 'en' | 'de', due: { depositShortMinor: number; balanceMinor: number; overdueOrToday: boolean }, money: (minor: number) => string, date: string): string {
  const words = WORDS[language].due_now;
  if (due.balanceMinor <= 0) return words.nothing;
  if (due.depositShortMinor > 0 && due.depositShortMinor < due.balanceMinor && !due.overdueOrToday) {
    return fill(words.deposit, { deposit: money(due.depositShortMinor), rest: money(due.balanceMinor - due.depositShortMinor), date } satisfies Values);
  }
  return due.overdueOrToday ? fill(words.balance_now, { amount: money(due.balanceMinor) } satisfies Values) : fill(words.balance_by, { amount: money(due.balanceMinor), date } satisfies Values);
}

/** What a change made of a booking, as sentences in the language (each part only when it changed). */
export function changeSentences(
  language: 'en' | 'de',
  parts: { start?: { now: string; before: string }; travellers?: { now: string; before: string }; price?: { now: string; before: string } } | null,
): string {
  const words = WORDS[language].changed;
  if (parts === null) return words.preview;
  const sentences: string[] = [];
  if (parts.start) sentences.push(fill(words.moved, parts.start satisfies Values));
  if (parts.travellers) sentences.push(fill(words.travellers, parts.travellers satisfies Values));
  if (parts.price) sentences.push(fill(words.price, parts.price satisfies Values));
  return sentences.join(' ');
}

/** A receipt's title: a payment received, or a refund made. */
export function paymentWhat(language: 'en' | 'de', kind: 'payment' | 'refund'): string {
  return WORDS[language].payment_what[kind];
}

export function refundOf(language: 'en' | 'de', amount: string): string {
  return fill(WORDS[language].refund_of, { amount } satisfies Values);
}
