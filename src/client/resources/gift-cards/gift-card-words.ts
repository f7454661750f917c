/** The gift cards' screens' words, in each staff language: they load with the screens, not with the office's first download. */
import { useSyncExternalStore } from 'react';
import type { GiftCardStatus } from '../../../shared/contract/gift-card-rules';
import { currentLanguage, subscribeToLanguage } from '../../i18n/language';

type Kind = 'issue' | 'redeem' | 'refund' | 'adjust' | 'void';

export interface GiftCardWords {
  list: string;
  empty: string;
  noMatch: string;
  search: string;
  status: string;
  statuses: Record<GiftCardStatus, string>;
  code: string;
  recipient: string;
  balance: string;
  initial: string;
  expires: string;
  never: string;
  issued: string;
  newCard: string;
  currency: string;
  currencyRule: string;
  amount: string;
  expiresAt: string;
  expiresHelp: string;
  recipientName: string;
  recipientEmail: string;
  recipientHelp: string;
  recipientEmailHelp: string;
  language: string;
  languages: Record<'en' | 'de', string>;
  languageHelp: string;
  buyer: string;
  emails: string;
  mailKinds: Record<'gift_card' | 'gift_card_bought', string>;
  mailStatus: Record<'queued' | 'sent' | 'failed', string>;
  noEmails: string;
  message: string;
  soldOnline: string;
  byStaff: string;
  ledger: string;
  kinds: Record<Kind, string>;
  when: string;
  what: string;
  change: string;
  after: string;
  by: string;
  note: string;
  adjust: string;
  adjustTitle: string;
  adjustAmount: string;
  adjustHelp: string;
  voidCard: string;
  voidTitle: string;
  voidText: string;
  why: string;
  whyRule: string;
  cancel: string;
  adjusted: string;
  voided: string;
  theCard: string;
}

const EN: GiftCardWords = {
  list: 'Gift cards',
  empty: 'No gift cards yet. Issue one for a customer: it pays for bookings in its currency, in the office and in the shop.',
  noMatch: 'No gift card matches this search. A code can be searched whole or by its last four characters; a name or e-mail address by part.',
  search: 'Code, recipient or buyer',
  status: 'Status',
  statuses: { active: 'Active', used: 'Used up', expired: 'Expired', void: 'Void' },
  code: 'Code',
  recipient: 'Recipient',
  balance: 'Balance',
  initial: 'Issued for',
  expires: 'Expires',
  never: 'Never',
  issued: 'Issued',
  newCard: 'Issue a gift card',
  currency: 'Currency',
  currencyRule: 'Enter a currency code such as EUR',
  amount: 'Value',
  expiresAt: 'Expires on',
  expiresHelp: 'Empty: it never expires',
  recipientName: 'Recipient’s name',
  recipientEmail: 'Recipient’s e-mail',
  recipientHelp: 'Optional',
  recipientEmailHelp: 'Optional: the card is e-mailed there with its PDF, once, as soon as it is issued',
  language: 'Language of its e-mail and PDF',
  languages: { en: 'English', de: 'German' },
  languageHelp: 'The recipient’s language',
  buyer: 'Bought by',
  emails: 'E-mails',
  mailKinds: { gift_card: 'The card, with its PDF', gift_card_bought: 'Receipt to the buyer' },
  mailStatus: { queued: 'waiting to go', sent: 'sent', failed: 'not sent' },
  noEmails: 'None: the card has no recipient address. Hand its code over yourself.',
  message: 'Message to the recipient',
  soldOnline: 'Bought in the online shop',
  byStaff: 'Issued by the office',
  ledger: 'Transactions',
  kinds: { issue: 'Issued', redeem: 'Paid a booking', refund: 'Refunded to the card', adjust: 'Adjusted', void: 'Voided' },
  when: 'When',
  what: 'What',
  change: 'Change',
  after: 'Balance after',
  by: 'By',
  note: 'Note',
  adjust: 'Adjust the balance',
  adjustTitle: 'Adjust the balance of %{code}',
  adjustAmount: 'Amount to add (a minus takes off)',
  adjustHelp: 'Never below a balance of 0',
  voidCard: 'Void the card',
  voidTitle: 'Void %{code}?',
  voidText: 'Its balance goes to 0 and it pays nothing more; what it paid stays paid. This cannot be undone.',
  why: 'Why',
  whyRule: 'Say why, in a few words (kept in its transactions and the audit log)',
  cancel: 'Cancel',
  adjusted: 'Balance adjusted',
  voided: 'Gift card voided',
  theCard: 'the gift card',
};

const DE: GiftCardWords = {
  list: 'Gutscheine',
  empty: 'Noch keine Gutscheine. Stellen Sie einen für einen Kunden aus: Er bezahlt Buchungen in seiner Währung, im Büro und im Shop.',
  noMatch: 'Kein Gutschein passt zu dieser Suche. Ein Code lässt sich ganz oder nach seinen letzten vier Zeichen suchen, ein Name oder eine E-Mail-Adresse nach einem Teil.',
  search: 'Code, Empfänger oder Käufer',
  status: 'Status',
  statuses: { active: 'Aktiv', used: 'Aufgebraucht', expired: 'Abgelaufen', void: 'Gesperrt' },
  code: 'Code',
  recipient: 'Empfänger',
  balance: 'Guthaben',
  initial: 'Ausgestellt über',
  expires: 'Gültig bis',
  never: 'Unbegrenzt',
  issued: 'Ausgestellt',
  newCard: 'Gutschein ausstellen',
  currency: 'Währung',
  currencyRule: 'Einen Währungscode wie EUR eingeben',
  amount: 'Wert',
  expiresAt: 'Gültig bis',
  expiresHelp: 'Leer: unbegrenzt gültig',
  recipientName: 'Name des Empfängers',
  recipientEmail: 'E-Mail des Empfängers',
  recipientHelp: 'Freiwillig',
  recipientEmailHelp: 'Freiwillig: Der Gutschein wird einmal mit seinem PDF dorthin gesendet, sobald er ausgestellt ist',
  language: 'Sprache der E-Mail und des PDFs',
  languages: { en: 'Englisch', de: 'Deutsch' },
  languageHelp: 'Die Sprache des Empfängers',
  buyer: 'Gekauft von',
  emails: 'E-Mails',
  mailKinds: { gift_card: 'Der Gutschein mit PDF', gift_card_bought: 'Quittung an den Käufer' },
  mailStatus: { queued: 'wartet auf den Versand', sent: 'gesendet', failed: 'nicht gesendet' },
  noEmails: 'Keine: Der Gutschein hat keine Empfängeradresse. Geben Sie den Code selbst weiter.',
  message: 'Nachricht an den Empfänger',
  soldOnline: 'Im Online-Shop gekauft',
  byStaff: 'Vom Büro ausgestellt',
  ledger: 'Bewegungen',
  kinds: { issue: 'Ausgestellt', redeem: 'Buchung bezahlt', refund: 'Auf den Gutschein erstattet', adjust: 'Geändert', void: 'Gesperrt' },
  when: 'Wann',
  what: 'Was',
  change: 'Änderung',
  after: 'Guthaben danach',
  by: 'Von',
  note: 'Notiz',
  adjust: 'Guthaben ändern',
  adjustTitle: 'Guthaben von %{code} ändern',
  adjustAmount: 'Betrag dazu (ein Minus zieht ab)',
  adjustHelp: 'Nie unter ein Guthaben von 0',
  voidCard: 'Gutschein sperren',
  voidTitle: '%{code} sperren?',
  voidText: 'Sein Guthaben wird 0 und er bezahlt nichts mehr; was er bezahlt hat, bleibt bezahlt. Das lässt sich nicht rückgängig machen.',
  why: 'Warum',
  whyRule: 'Sagen Sie in wenigen Worten, warum (bleibt in seinen Buchungen und im Protokoll)',
  cancel: 'Abbrechen',
  adjusted: 'Guthaben geändert',
  voided: 'Gutschein gesperrt',
  theCard: 'den Gutschein',
};

const WORDS: Record<'en' | 'de', GiftCardWords> = { en: EN, de: DE };

/** The words in the staff member's language, again when they change it. */
export function useGiftCardWords(): GiftCardWords {
  return WORDS[useSyncExternalStore(subscribeToLanguage, currentLanguage)];
}
