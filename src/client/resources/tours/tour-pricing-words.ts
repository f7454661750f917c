/** The Seasons and rules tab's words, in each staff language: they load with the tab, not with the office's first download. */
import { useSyncExternalStore } from 'react';
import { currentLanguage, subscribeToLanguage } from '../../i18n/language';

type Kind = 'early_bird' | 'last_minute' | 'group';

export interface PricingWords {
  intro: string;
  readOnly: string;
  loading: string;
  seasons: string;
  noSeasons: string;
  name: string;
  from: string;
  to: string;
  required: string;
  addSeason: string;
  removeSeason: string;
  saveSeasons: string;
  seasonsSaved: string;
  rules: string;
  rulesHelp: string;
  kind: Record<Kind, string>;
  threshold: Record<Kind, string>;
  percent: string;
  saveRules: string;
  rulesSaved: string;
  nextDepartures: string;
  noDepartures: string;
  date: string;
  listPrice: string;
  rule: string;
  priceNow: string;
  noRule: string;
  basis(basis: 'departure' | 'season' | 'tour', season: string | null): string;
  ruleApplied(kind: Kind, percent: number): string;
  /** The booking form's line for a rule's discount, taken off the list prices of the lines above it. */
  discountIncluded(kind: Kind, percent: number): string;
  /** A booking's page: the rule it was sold with, off the list prices of the lines above. */
  soldWith(kind: Kind, percent: number): string;
  promoCode: string;
  applyPromo: string;
  removePromo: string;
  /** The booking form: a code applied, and the line of a code per traveller, taken off the lines above. */
  promoApplied(code: string): string;
  promoIncluded(code: string): string;
  /** The line of a code off the whole booking. */
  promoLine(code: string): string;
  /** A booking's page: the code it was sold with and what it gave. */
  soldWithCode(code: string): string;
}

const EN: PricingWords = {
  intro:
    'A departure costs its own price when you set one on it, else the price of the season holding its date, else the tour’s price (Prices tab). Of the rules that apply to a booking, only the largest discount is given. Bookings made keep their prices.',
  readOnly: 'You can see the seasons and rules but not change them (that needs the permission to set prices).',
  loading: 'Loading the seasons and rules…',
  seasons: 'Seasons',
  noSeasons: 'No seasons: every departure costs the tour’s price unless you price it yourself.',
  name: 'Name',
  from: 'First travel date',
  to: 'Last travel date',
  required: 'Required',
  addSeason: 'Add a season',
  removeSeason: 'Remove this season',
  saveSeasons: 'Save seasons',
  seasonsSaved: 'Seasons saved',
  rules: 'Price rules',
  rulesHelp: 'Tick a rule to use it. Early bird: booked at least so many days before the start. Last minute: booked at most so many hours before. Group: at least so many paying travellers in the booking.',
  kind: { early_bird: 'Early bird', last_minute: 'Last minute', group: 'Group' },
  threshold: { early_bird: 'Days before, at least', last_minute: 'Hours before, at most', group: 'Paying travellers, at least' },
  percent: 'Discount (%)',
  saveRules: 'Save rules',
  rulesSaved: 'Price rules saved',
  nextDepartures: 'What the next departures cost now',
  noDepartures: 'No open departures to come.',
  date: 'Departure',
  listPrice: 'Adult, list price',
  rule: 'Rule now',
  priceNow: 'Adult, now',
  noRule: 'none',
  basis: (basis, season) => (basis === 'departure' ? 'its own' : basis === 'season' ? `season ${season ?? ''}` : 'the tour’s'),
  ruleApplied: (kind, percent) => `${EN.kind[kind]} −${percent} %`,
  discountIncluded: (kind, percent) => `${EN.kind[kind]} −${percent} %`,
  soldWith: (kind, percent) => `Sold with the ${EN.kind[kind].toLowerCase()} rule, −${percent} % off the list prices`,
  promoCode: 'Promo code',
  applyPromo: 'Apply',
  removePromo: 'Remove the code',
  promoApplied: (code) => `Code ${code} applied`,
  promoIncluded: (code) => `Code ${code}`,
  promoLine: (code) => `Code ${code}`,
  soldWithCode: (code) => `Sold with the promo code ${code}`,
};

const DE: PricingWords = {
  intro:
    'Ein Termin kostet seinen eigenen Preis, wenn Sie einen festlegen, sonst den Preis der Saison, in die sein Datum fällt, sonst den Preis der Tour (Reiter Preise). Von den Regeln, die auf eine Buchung zutreffen, gilt nur der größte Rabatt. Gemachte Buchungen behalten ihre Preise.',
  readOnly: 'Sie sehen die Saisons und Regeln, können sie aber nicht ändern (dafür braucht es das Recht, Preise festzulegen).',
  loading: 'Saisons und Regeln werden geladen …',
  seasons: 'Saisons',
  noSeasons: 'Keine Saisons: Jeder Termin kostet den Preis der Tour, solange Sie ihn nicht selbst festlegen.',
  name: 'Name',
  from: 'Erstes Reisedatum',
  to: 'Letztes Reisedatum',
  required: 'Pflichtfeld',
  addSeason: 'Saison hinzufügen',
  removeSeason: 'Diese Saison entfernen',
  saveSeasons: 'Saisons speichern',
  seasonsSaved: 'Saisons gespeichert',
  rules: 'Preisregeln',
  rulesHelp: 'Haken Sie eine Regel an, um sie zu nutzen. Frühbucher: mindestens so viele Tage vor Beginn gebucht. Last Minute: höchstens so viele Stunden vorher gebucht. Gruppe: mindestens so viele zahlende Reisende in der Buchung.',
  kind: { early_bird: 'Frühbucher', last_minute: 'Last Minute', group: 'Gruppe' },
  threshold: { early_bird: 'Tage vorher, mindestens', last_minute: 'Stunden vorher, höchstens', group: 'Zahlende Reisende, mindestens' },
  percent: 'Rabatt (%)',
  saveRules: 'Regeln speichern',
  rulesSaved: 'Preisregeln gespeichert',
  nextDepartures: 'Was die nächsten Termine jetzt kosten',
  noDepartures: 'Keine offenen Termine in Zukunft.',
  date: 'Termin',
  listPrice: 'Erwachsene, Listenpreis',
  rule: 'Regel jetzt',
  priceNow: 'Erwachsene, jetzt',
  noRule: 'keine',
  basis: (basis, season) => (basis === 'departure' ? 'eigener' : basis === 'season' ? `Saison ${season ?? ''}` : 'der Tour'),
  ruleApplied: (kind, percent) => `${DE.kind[kind]} −${percent} %`,
  discountIncluded: (kind, percent) => `${DE.kind[kind]} −${percent} %`,
  soldWith: (kind, percent) => `Verkauft mit der Regel ${DE.kind[kind]}, −${percent} % auf die Listenpreise`,
  promoCode: 'Aktionscode',
  applyPromo: 'Einlösen',
  removePromo: 'Code entfernen',
  promoApplied: (code) => `Code ${code} eingelöst`,
  promoIncluded: (code) => `Code ${code}`,
  promoLine: (code) => `Code ${code}`,
  soldWithCode: (code) => `Verkauft mit dem Aktionscode ${code}`,
};

const PRICING_WORDS: Record<'en' | 'de', PricingWords> = { en: EN, de: DE };

/** The words in the staff member's language, again when they change it. */
export function usePricingWords(): PricingWords {
  return PRICING_WORDS[useSyncExternalStore(subscribeToLanguage, currentLanguage)];
}
