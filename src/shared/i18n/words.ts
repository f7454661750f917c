/**
 * Words the staff screens and the customers' e-mails share, in each language the product has:
 * traveller categories, booking statuses, a refund. The browser's messages carry them under
 * `words.` (app-messages), the server's e-mails read them here, so a booking reads the same to
 * the clerk and to the customer.
 */
import { fill, type Values } from './fill.js';

const en = {
  traveller: {
    ADULT: 'adult |||| adults',
    CHILD: 'child |||| children',
    INFANT: 'infant |||| infants',
  },
  booking_status: {
    held: 'Held',
    confirmed: 'Confirmed',
    waitlisted: 'Waitlisted',
    cancelled: 'Cancelled',
    expired: 'Expired',
  },
  refund_of: 'a refund of %{amount}',
  due_now: {
    nothing: 'Nothing is left to pay.',
    deposit: 'Please pay the deposit of %{deposit} now, and the rest, %{rest}, by %{date}.',
    balance_now: 'Please pay %{amount} now.',
    balance_by: 'Please pay %{amount} by %{date}.',
  },
  changed: {
    moved: 'It now departs on %{now} instead of %{before}.',
    travellers: 'Travellers now: %{now} (before: %{before}).',
    price: 'The price is now %{now} (before: %{before}).',
    preview: '(Here the message says what changed: the new date, the travellers, the new price.)',
  },
};

type Tree<T> = { [K in keyof T]: T[K] extends string ? string : Tree<T[K]> };
export type Words = Tree<typeof en>;

const de: Words = {
  traveller: {
    ADULT: 'Erwachsener |||| Erwachsene',
    CHILD: 'Kind |||| Kinder',
    INFANT: 'Kleinkind |||| Kleinkinder',
  },
  booking_status: {
    held: 'Reserviert',
    confirmed: 'Bestätigt',
    waitlisted: 'Auf der Warteliste',
    cancelled: 'Storniert',
    expired: 'Abgelaufen',
  },
  refund_of: 'eine Erstattung von %{amount}',
  due_now: {
    nothing: 'Es ist nichts mehr zu zahlen.',
    deposit: 'Bitte zahlen Sie jetzt die Anzahlung von %{deposit} und den Rest, %{rest}, bis zum %{date}.',
    balance_now: 'Bitte zahlen Sie jetzt %{amount}.',
    balance_by: 'Bitte zahlen Sie %{amount} bis zum %{date}.',
  },
  changed: {
    moved: 'Die Abreise ist jetzt am %{now} statt am %{before}.',
    travellers: 'Reisende jetzt: %{now} (vorher: %{before}).',
    price: 'Der Preis ist jetzt %{now} (vorher: %{before}).',
    preview: '(Hier sagt die Nachricht, was sich geändert hat: das neue Datum, die Reisenden, den neuen Preis.)',
  },
};

export const WORDS: Record<'en' | 'de', Words> = { en, de };

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

export function refundOf(language: 'en' | 'de', amount: string): string {
  return fill(WORDS[language].refund_of, { amount } satisfies Values);
}
