/** The shared words in German (words.ts): the office loads them with its other German words, when it is shown in German. */
import type { Words } from './words-en.js';

export const WORDS_DE: Words = {
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
  payment_what: { payment: 'Zahlung erhalten', refund: 'Erstattung veranlasst' },
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
