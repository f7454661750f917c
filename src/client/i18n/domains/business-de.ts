/** The same words in German (see business-en.ts). */
import type { MessagesIn } from '../app-messages-en';
import type { BUSINESS_EN } from './business-en';

export const BUSINESS_DE: MessagesIn<typeof BUSINESS_EN> = {
  business: {
    intro: 'Mit wem Ihre Kunden zu tun haben: auf Vouchern und unter jeder E-Mail, der Absendername Ihrer E-Mails und was Vertriebspartner als Anbieter sehen.',
    first_time: 'Ihr Unternehmen hat noch keinen Namen: E-Mails enden mit „Mit freundlichen Grüßen“ ohne Namen, Voucher nennen niemanden. Tragen Sie mindestens den Namen und eine Telefonnummer ein.',
    the_details: 'Die Unternehmensdaten',
    loading: 'Unternehmensdaten werden geladen…',
    saving: 'Wird gespeichert…',
    saved: 'Unternehmensdaten gespeichert: Die nächsten E-Mails und Voucher tragen sie',
    not_saved: 'Die Unternehmensdaten wurden nicht gespeichert',
    fields: { name: 'Name', email: 'E-Mail', phone: 'Telefon', address: 'Postanschrift', website: 'Website' },
    help: {
      name: 'Wie Kunden es kennen, z. B. Fjord & Co Tours',
      email: 'Antworten auf die E-Mails gehen hierhin',
      phone: 'Auf Vouchern und in der Erinnerung vor der Abfahrt',
      address: 'Bis zu vier Zeilen, wie auf dem Voucher gedruckt',
      website: 'Beginnt mit https://',
    },
  },
};
