/** Words the screens of several domains share, in German (see common-en.ts). */
import type { MessagesIn } from '../app-messages-en';
import type { COMMON_EN } from './common-en';

export const COMMON_DE: MessagesIn<typeof COMMON_EN> = {
  amounts: {
    required: 'Geben Sie einen Betrag ein.',
    currency_first: 'Wählen Sie zuerst die Währung.',
    problem: {
      not_an_amount: 'Geben Sie einen Betrag wie 1299 oder 1.299,50 ein.',
      not_an_amount_whole: 'Geben Sie einen Betrag wie 189000 oder 189.000 ein.',
      reads_two_ways: 'Der Betrag ist mehrdeutig: „%{mark}“ trennt hier Tausender, schreiben Sie Dezimalstellen mit „%{decimal}“ (zum Beispiel 12%{decimal}50).',
      no_minor_unit: '%{currency} hat keine Untereinheit: nur ganze Beträge.',
      too_many_decimals: '%{currency} hat höchstens %{digits} Nachkommastellen.',
      too_large: 'Der Betrag ist zu groß.',
    },
    zero_or_more: 'Geben Sie einen Betrag von 0 oder mehr ein.',
    whole_amounts: 'Ganze Beträge',
    decimals: 'Bis zu %{digits} Nachkommastellen',
  },
  traveller: {
    category: { ADULT: 'Erwachsener', CHILD: 'Kind', INFANT: 'Kleinkind' },
    single_room: 'Einzelzimmer',
  },
  sortable: {
    the_item: 'das Element',
    instructions: 'Zum Verschieben Leertaste oder Eingabetaste drücken, dann die Pfeiltasten; Leertaste oder Eingabetaste erneut, um es dort abzulegen, Escape zum Abbrechen.',
    picked_up: '%{name} aufgenommen, an Stelle %{place} von %{count}.',
    over: '%{name} über Stelle %{place} von %{count}.',
    not_over: '%{name} ist über keiner Stelle.',
    dropped: '%{name} an Stelle %{place} von %{count} abgelegt.',
    dropped_back: '%{name} an seiner Stelle abgelegt.',
    cancelled: 'Verschieben von %{name} abgebrochen.',
    drag: '%{name} ziehen',
  },
  ra: {
    tiptap: {
      list_bulleted: 'Aufzählung',
      list_numbered: 'Nummerierte Liste',
      link: 'Link',
      clear_format: 'Formatierung entfernen',
    },
  },
  month: {
    today: ' · heute',
    previous: 'Vorheriger Monat',
    next: 'Nächster Monat',
    this_month: 'Dieser Monat',
  },
  message_kind: {
    booking_confirmed: 'Buchung bestätigt',
    payment_received: 'Zahlung oder Erstattung erhalten',
    balance_reminder: 'Zahlungserinnerung',
    departure_reminder: 'Reiseerinnerung',
    booking_cancelled: 'Buchung storniert',
    payment_link: 'Zahlungslink',
    booking_changed: 'Buchung geändert',
    manage_link: 'Link zur Buchung',
  },
  message_kind_when: {
    booking_confirmed: 'Buchung bestätigt (Voucher im Anhang)',
    payment_received: 'Zahlung oder Erstattung erhalten',
    balance_reminder: 'Zahlungserinnerung (7 Tage vor Fälligkeit und am Tag selbst)',
    departure_reminder: 'Reiseerinnerung (3 Tage vorher)',
    booking_cancelled: 'Buchung storniert',
    payment_link: 'Zahlungslink (von einem Mitarbeiter aus der Buchung gesendet)',
    booking_changed: 'Buchung geändert (verschoben oder andere Reisende; neuer Voucher anbei)',
    manage_link: 'Link zur Buchung (die eigene Seite des Kunden; wenn er ihn im Shop neu anfordert)',
  },
};
