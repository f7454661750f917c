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
};

export const WORDS: Record<'en' | 'de', Words> = { en, de };

/** "2 adults", "1 Kind": a count of travellers of a category. */
export function travellerCount(language: 'en' | 'de', category: keyof Words['traveller'], count: number): string {
  return `${count} ${fill(WORDS[language].traveller[category], { smart_count: count })}`;
}

export function refundOf(language: 'en' | 'de', amount: string): string {
  return fill(WORDS[language].refund_of, { amount } satisfies Values);
}
