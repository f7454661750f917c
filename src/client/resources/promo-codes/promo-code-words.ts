/** The promo codes' screens' words, in each staff language: they load with the screens, not with the office's first download. */
import { useSyncExternalStore } from 'react';
import type { PromoChannel, PromoCode } from '../../../shared/contract/promo-codes';
import { formatMinor } from '../../../shared/money';
import { currentLanguage, subscribeToLanguage } from '../../i18n/language';

export interface PromoWords {
  list: string;
  empty: string;
  search: string;
  activeOnly: string;
  code: string;
  codeHelp: string;
  codeRule: string;
  gives: string;
  kind: string;
  kinds: Record<PromoCode['kind'], string>;
  percent: string;
  percentRule: string;
  amount: string;
  currency: string;
  currencyHelp: string;
  currencyRule: string;
  appliesTo: string;
  appliesToChoices: Record<PromoCode['appliesTo'], string>;
  allTours: string;
  tours: string;
  toursHelp: string;
  bookingFrom: string;
  bookingTo: string;
  bookingHelp: string;
  travelFrom: string;
  travelTo: string;
  travelHelp: string;
  minTravellers: string;
  maxUses: string;
  maxUsesHelp: string;
  channels: string;
  channelNames: Record<PromoChannel, string>;
  channelsRule: string;
  active: string;
  activeHelp: string;
  uses: string;
  given: string;
  nothingGiven: string;
  where: string;
  when: string;
  anyTime: string;
  everyTour: string;
  toursCount(count: number): string;
  status: string;
  activeLabel: string;
  inactiveLabel: string;
  newCode: string;
  editCode: string;
  bookings: string;
  noBookings: string;
  theBookings: string;
  booked: string;
  travel: string;
  reference: string;
  tour: string;
  date: string;
  customer: string;
  channel: string;
  total: string;
  codeGave: string;
  bookingStatus: string;
  /** "10 % off each traveller", "€50.00 off the booking". */
  offer(code: Pick<PromoCode, 'kind' | 'value' | 'currency' | 'appliesTo'>, locale: string): string;
  usesText(uses: number, maxUses: number | null): string;
  range(from: string | null, to: string | null): string;
}

const EN: PromoWords = {
  list: 'Promo codes',
  empty: 'No promo codes yet. Make one for a campaign: customers type it in the shop, resellers send it, staff enter it on the booking form.',
  search: 'Code',
  activeOnly: 'Active only',
  code: 'Code',
  codeHelp: '4 to 32 letters, digits or dashes; customers may type it in any case',
  codeRule: 'Use 4 to 32 letters (A–Z), digits or dashes',
  gives: 'Gives',
  kind: 'Discount',
  kinds: { percent: 'A percentage', amount: 'An amount' },
  percent: 'Percent off (1–100)',
  percentRule: 'Enter a whole percent from 1 to 100',
  amount: 'Amount off',
  currency: 'Currency',
  currencyHelp: 'An amount holds only for tours priced in this currency',
  currencyRule: 'Enter a currency code such as EUR',
  appliesTo: 'Taken off',
  appliesToChoices: { traveller: 'Each traveller’s price', booking: 'The whole booking, once' },
  allTours: 'Every tour',
  tours: 'Tours',
  toursHelp: 'The tours the code holds for',
  bookingFrom: 'Booked from',
  bookingTo: 'Booked until',
  bookingHelp: 'Days in the tour’s time zone; empty: no limit',
  travelFrom: 'Travel from',
  travelTo: 'Travel until',
  travelHelp: 'The departure’s start date; empty: no limit',
  minTravellers: 'At least … travellers',
  maxUses: 'At most … bookings',
  maxUsesHelp: 'A cancelled or expired booking gives its use back; empty: no limit',
  channels: 'Where it can be used',
  channelNames: { office: 'Office (staff)', online: 'Online shop', reseller: 'Resellers (OCTO)' },
  channelsRule: 'Choose at least one channel',
  active: 'Active',
  activeHelp: 'An inactive code is refused; bookings made with it keep it',
  uses: 'Uses',
  given: 'Given away',
  nothingGiven: 'Nothing yet',
  where: 'Holds for',
  when: 'Valid',
  anyTime: 'Any time',
  everyTour: 'Every tour',
  toursCount: (count) => (count === 1 ? '1 tour' : `${count} tours`),
  status: 'Status',
  activeLabel: 'Active',
  inactiveLabel: 'Inactive',
  newCode: 'New promo code',
  editCode: 'Edit promo code',
  bookings: 'Bookings made with it',
  noBookings: 'No booking has used this code yet.',
  theBookings: 'the bookings made with this code',
  booked: 'Booked',
  travel: 'Travel',
  reference: 'Reference',
  tour: 'Tour',
  date: 'Date',
  customer: 'Customer',
  channel: 'Channel',
  total: 'Total',
  codeGave: 'Code gave',
  bookingStatus: 'Status',
  offer: (code, locale) => {
    const off = code.kind === 'percent' ? `${code.value} %` : formatMinor(code.value, code.currency ?? 'EUR', locale);
    return code.appliesTo === 'traveller' ? `${off} off each traveller` : `${off} off the booking`;
  },
  usesText: (uses, maxUses) => (maxUses === null ? `${uses}` : `${uses} of ${maxUses}`),
  range: (from, to) => (from && to ? `${from} to ${to}` : from ? `from ${from}` : to ? `until ${to}` : 'any time'),
};

const DE: PromoWords = {
  list: 'Aktionscodes',
  empty: 'Noch keine Aktionscodes. Legen Sie einen für eine Aktion an: Kunden geben ihn im Shop ein, Wiederverkäufer senden ihn mit, das Büro trägt ihn im Buchungsformular ein.',
  search: 'Code',
  activeOnly: 'Nur aktive',
  code: 'Code',
  codeHelp: '4 bis 32 Buchstaben, Ziffern oder Bindestriche; Groß- und Kleinschreibung zählen nicht',
  codeRule: '4 bis 32 Buchstaben (A–Z), Ziffern oder Bindestriche verwenden',
  gives: 'Gibt',
  kind: 'Rabatt',
  kinds: { percent: 'Ein Prozentsatz', amount: 'Ein Betrag' },
  percent: 'Prozent Rabatt (1–100)',
  percentRule: 'Ganze Prozent von 1 bis 100 eingeben',
  amount: 'Betrag Rabatt',
  currency: 'Währung',
  currencyHelp: 'Ein Betrag gilt nur für Touren mit Preisen in dieser Währung',
  currencyRule: 'Einen Währungscode wie EUR eingeben',
  appliesTo: 'Abgezogen von',
  appliesToChoices: { traveller: 'Dem Preis jedes Reisenden', booking: 'Der ganzen Buchung, einmal' },
  allTours: 'Alle Touren',
  tours: 'Touren',
  toursHelp: 'Die Touren, für die der Code gilt',
  bookingFrom: 'Gebucht ab',
  bookingTo: 'Gebucht bis',
  bookingHelp: 'Tage in der Zeitzone der Tour; leer: keine Grenze',
  travelFrom: 'Reise ab',
  travelTo: 'Reise bis',
  travelHelp: 'Das Startdatum des Termins; leer: keine Grenze',
  minTravellers: 'Mindestens … Reisende',
  maxUses: 'Höchstens … Buchungen',
  maxUsesHelp: 'Eine stornierte oder verfallene Buchung gibt ihre Einlösung zurück; leer: keine Grenze',
  channels: 'Wo er gilt',
  channelNames: { office: 'Büro (Mitarbeiter)', online: 'Online-Shop', reseller: 'Wiederverkäufer (OCTO)' },
  channelsRule: 'Mindestens einen Kanal wählen',
  active: 'Aktiv',
  activeHelp: 'Ein inaktiver Code wird abgelehnt; mit ihm gemachte Buchungen behalten ihn',
  uses: 'Einlösungen',
  given: 'Nachgelassen',
  nothingGiven: 'Noch nichts',
  where: 'Gilt für',
  when: 'Gültig',
  anyTime: 'Jederzeit',
  everyTour: 'Alle Touren',
  toursCount: (count) => (count === 1 ? '1 Tour' : `${count} Touren`),
  status: 'Status',
  activeLabel: 'Aktiv',
  inactiveLabel: 'Inaktiv',
  newCode: 'Neuer Aktionscode',
  editCode: 'Aktionscode bearbeiten',
  bookings: 'Buchungen mit diesem Code',
  noBookings: 'Noch keine Buchung hat diesen Code verwendet.',
  theBookings: 'die Buchungen mit diesem Code',
  booked: 'Gebucht',
  travel: 'Reise',
  reference: 'Buchungsnummer',
  tour: 'Tour',
  date: 'Datum',
  customer: 'Kunde',
  channel: 'Kanal',
  total: 'Gesamt',
  codeGave: 'Rabatt durch Code',
  bookingStatus: 'Status',
  offer: (code, locale) => {
    const off = code.kind === 'percent' ? `${code.value} %` : formatMinor(code.value, code.currency ?? 'EUR', locale);
    return code.appliesTo === 'traveller' ? `${off} Rabatt je Reisendem` : `${off} Rabatt auf die Buchung`;
  },
  usesText: (uses, maxUses) => (maxUses === null ? `${uses}` : `${uses} von ${maxUses}`),
  range: (from, to) => (from && to ? `${from} bis ${to}` : from ? `ab ${from}` : to ? `bis ${to}` : 'jederzeit'),
};

const PROMO_WORDS: Record<'en' | 'de', PromoWords> = { en: EN, de: DE };

/** The words in the staff member's language, again when they change it. */
export function usePromoWords(): PromoWords {
  return PROMO_WORDS[useSyncExternalStore(subscribeToLanguage, currentLanguage)];
}
