/** The shop pages' words, in English and German (a customer's language, not the office's). */
export type ShopLanguage = 'en' | 'de';

const EN = {
  tours: 'Tours',
  ourTours: 'Our tours',
  from: 'from',
  perAdult: 'per adult',
  nextDate: 'Next date',
  noDates: 'No dates open yet',
  days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
  travellers: (min: number, max: number | null) => (max === null ? `from ${min} travellers` : `${min}–${max} travellers`),
  prices: 'Prices',
  adult: 'Adult',
  child: (under: number) => `Child (under ${under})`,
  infant: (under: number) => `Infant (under ${under})`,
  itinerary: 'Day by day',
  day: (n: number) => `Day ${n}`,
  dates: 'Dates',
  book: 'Book',
  timesIn: (zone: string) => `Times are local (${zone}).`,
  terms: 'Payment and cancellation',
  depositTerm: (percent: number) => `${percent}% deposit when you book, the rest before you travel.`,
  fullTerm: 'The whole price is paid when you book.',
  payLaterTerm: 'You may also book now and pay later, by the date your confirmation gives.',
  feeTerm: (days: number, percent: number) => (days === 0 ? `On the day: ${percent}% of the price is kept.` : `From ${days} days before: ${percent}% of the price is kept.`),
  noFee: 'Free cancellation.',
  status: { AVAILABLE: 'Available', LIMITED: 'Limited', SOLD_OUT: 'Sold out', CLOSED: 'Closed' },
  seatsLeft: (n: number) => (n === 1 ? '1 seat left' : `${n} seats left`),
  language: 'Deutsch',
  languageCode: 'de',
  contact: 'Contact',
  noTours: 'No tours are on sale just now.',
  extras: 'Extras you can add',
  pictures: 'Pictures',
  back: 'All tours',
  cartTitle: 'Your booking',
  categoryCount: (category: 'ADULT' | 'CHILD' | 'INFANT', n: number) =>
    `${n} ${{ ADULT: n === 1 ? 'adult' : 'adults', CHILD: n === 1 ? 'child' : 'children', INFANT: n === 1 ? 'infant' : 'infants' }[category]}`,
  tour: 'Tour',
  cartStatus: {
    open: (until: string) => `Your seats are held for you until ${until}.`,
    waiting: 'Thank you: we are waiting for your payment to come through. This page looks again in a few seconds.',
    paid: 'Thank you: your booking is confirmed. A confirmation with your voucher is on its way by e-mail.',
    booked: (owed: string, by: string) => `Thank you: your booking is confirmed. ${owed} is still to pay, by ${by}. A confirmation with your voucher is on its way by e-mail.`,
    expired: 'The hold on these seats has ended and they were released. If you paid, we have your payment and will be in touch.',
    released: 'You gave these seats up: nothing was charged.',
    refund: (amount: string) => `Your payment of ${amount} arrived after these seats were released, and they had been booked meanwhile: your booking is cancelled and the whole ${amount} will be refunded to you. We have written to you by e-mail.`,
  },
  reference: 'Reference',
  when: 'When',
  who: 'Travellers',
  total: 'Total',
  paid: 'Paid',
  toPay: 'Still to pay',
} as const;

type Texts = {
  [K in keyof typeof EN]: (typeof EN)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : (typeof EN)[K] extends string
      ? string
      : { [S in keyof (typeof EN)[K]]: (typeof EN)[K][S] extends (...args: infer B) => string ? (...args: B) => string : string };
};

const DE: Texts = {
  tours: 'Touren',
  ourTours: 'Unsere Touren',
  from: 'ab',
  perAdult: 'pro Erwachsenem',
  nextDate: 'Nächster Termin',
  noDates: 'Noch keine Termine offen',
  days: (n) => (n === 1 ? '1 Tag' : `${n} Tage`),
  travellers: (min, max) => (max === null ? `ab ${min} Reisenden` : `${min}–${max} Reisende`),
  prices: 'Preise',
  adult: 'Erwachsener',
  child: (under) => `Kind (unter ${under})`,
  infant: (under) => `Kleinkind (unter ${under})`,
  itinerary: 'Tag für Tag',
  day: (n) => `Tag ${n}`,
  dates: 'Termine',
  book: 'Buchen',
  timesIn: (zone) => `Ortszeit (${zone}).`,
  terms: 'Zahlung und Stornierung',
  depositTerm: (percent) => `${percent} % Anzahlung bei der Buchung, der Rest vor der Reise.`,
  fullTerm: 'Der ganze Preis wird bei der Buchung bezahlt.',
  payLaterTerm: 'Sie können auch jetzt buchen und später bezahlen, bis zu dem Datum in Ihrer Bestätigung.',
  feeTerm: (days, percent) => (days === 0 ? `Am Reisetag: ${percent} % des Preises werden einbehalten.` : `Ab ${days} Tagen vorher: ${percent} % des Preises werden einbehalten.`),
  noFee: 'Kostenlose Stornierung.',
  status: { AVAILABLE: 'Verfügbar', LIMITED: 'Begrenzt', SOLD_OUT: 'Ausgebucht', CLOSED: 'Geschlossen' },
  seatsLeft: (n) => (n === 1 ? 'noch 1 Platz' : `noch ${n} Plätze`),
  language: 'English',
  languageCode: 'en',
  contact: 'Kontakt',
  noTours: 'Zurzeit sind keine Touren im Verkauf.',
  extras: 'Zubuchbare Extras',
  pictures: 'Bilder',
  back: 'Alle Touren',
  cartTitle: 'Ihre Buchung',
  categoryCount: (category, n) => `${n} ${{ ADULT: n === 1 ? 'Erwachsener' : 'Erwachsene', CHILD: n === 1 ? 'Kind' : 'Kinder', INFANT: n === 1 ? 'Kleinkind' : 'Kleinkinder' }[category]}`,
  tour: 'Tour',
  cartStatus: {
    open: (until) => `Ihre Plätze sind bis ${until} für Sie reserviert.`,
    waiting: 'Vielen Dank: Wir warten, bis Ihre Zahlung bestätigt ist. Diese Seite sieht in wenigen Sekunden noch einmal nach.',
    paid: 'Vielen Dank: Ihre Buchung ist bestätigt. Eine Bestätigung mit Ihrem Voucher ist per E-Mail unterwegs.',
    booked: (owed, by) => `Vielen Dank: Ihre Buchung ist bestätigt. ${owed} sind noch bis zum ${by} zu zahlen. Eine Bestätigung mit Ihrem Voucher ist per E-Mail unterwegs.`,
    expired: 'Die Reservierung dieser Plätze ist abgelaufen und sie wurden freigegeben. Falls Sie bezahlt haben, liegt uns Ihre Zahlung vor und wir melden uns.',
    released: 'Sie haben diese Plätze aufgegeben: Es wurde nichts berechnet.',
    refund: (amount) => `Ihre Zahlung von ${amount} kam an, nachdem diese Plätze freigegeben und inzwischen anders gebucht waren: Ihre Buchung ist storniert, und die ganzen ${amount} werden Ihnen erstattet. Wir haben Ihnen eine E-Mail geschrieben.`,
  },
  reference: 'Buchungsnummer',
  when: 'Wann',
  who: 'Reisende',
  total: 'Gesamt',
  paid: 'Bezahlt',
  toPay: 'Noch zu zahlen',
};

export function textsOf(language: ShopLanguage): Texts {
  return language === 'de' ? DE : (EN as unknown as Texts);
}

export const LOCALES: Record<ShopLanguage, string> = { en: 'en-GB', de: 'de-DE' };
