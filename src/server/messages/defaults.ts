/** The texts the product ships for each kind of message, in English and German; staff change them on the Message templates screen. */
import type { CustomerLanguage } from '../../shared/contract/customers.js';
import type { MessageKind } from '../../shared/contract/messages.js';

type Texts = Record<CustomerLanguage, { subject: string; body: string }>;

export const DEFAULT_TEXTS: Record<MessageKind, Texts> = {
  booking_confirmed: {
    en: {
      subject: 'Your booking {{booking.reference}} is confirmed: {{tour.title}}',
      body:
        'Dear {{customer.name}},\n\nyour booking {{booking.reference}} for {{tour.title}} is confirmed.\n\n' +
        'Departure: {{departure.start}}\nTravellers: {{booking.travellers}}\nPrice: {{booking.total}}\nPaid: {{booking.paid}}\nLeft to pay: {{booking.balance}}\n\n{{booking.dueNow}}\n\n' +
        'Your voucher is attached: please show it at the start.\n\nYour booking online: {{booking.manageLink}}\n\nKind regards,\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
    de: {
      subject: 'Ihre Buchung {{booking.reference}} ist bestätigt: {{tour.title}}',
      body:
        'Guten Tag {{customer.name}},\n\nIhre Buchung {{booking.reference}} für {{tour.title}} ist bestätigt.\n\n' +
        'Abreise: {{departure.start}}\nReisende: {{booking.travellers}}\nPreis: {{booking.total}}\nBezahlt: {{booking.paid}}\nOffen: {{booking.balance}}\n\n{{booking.dueNow}}\n\n' +
        'Ihr Voucher liegt bei: Bitte zeigen Sie ihn beim Start vor.\n\nIhre Buchung online: {{booking.manageLink}}\n\nMit freundlichen Grüßen\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
  },
  payment_received: {
    en: {
      subject: '{{payment.what}} for booking {{booking.reference}}',
      body:
        'Dear {{customer.name}},\n\nwe have recorded {{payment.amount}} for your booking {{booking.reference}} ({{tour.title}}, {{departure.start}}).\n\n' +
        'Paid so far: {{booking.paid}}\nLeft to pay: {{booking.balance}}\n\nYour booking online: {{booking.manageLink}}\n\nKind regards,\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
    de: {
      subject: '{{payment.what}}: Buchung {{booking.reference}}',
      body:
        'Guten Tag {{customer.name}},\n\nwir haben {{payment.amount}} für Ihre Buchung {{booking.reference}} ({{tour.title}}, {{departure.start}}) verbucht.\n\n' +
        'Bisher bezahlt: {{booking.paid}}\nOffen: {{booking.balance}}\n\nIhre Buchung online: {{booking.manageLink}}\n\nMit freundlichen Grüßen\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
  },
  balance_reminder: {
    en: {
      subject: 'Balance of {{booking.balance}} due {{booking.balanceDueDate}}: booking {{booking.reference}}',
      body:
        'Dear {{customer.name}},\n\nthe balance of your booking {{booking.reference}} for {{tour.title}} ({{departure.start}}) is {{booking.balance}}, due on {{booking.balanceDueDate}}.\n\n' +
        '{{payment.link}}\n\nYour booking online: {{booking.manageLink}}\n\nIf you have paid already, thank you: please ignore this message.\n\nKind regards,\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
    de: {
      subject: 'Restbetrag {{booking.balance}} fällig am {{booking.balanceDueDate}}: Buchung {{booking.reference}}',
      body:
        'Guten Tag {{customer.name}},\n\nder Restbetrag Ihrer Buchung {{booking.reference}} für {{tour.title}} ({{departure.start}}) beträgt {{booking.balance}} und ist am {{booking.balanceDueDate}} fällig.\n\n' +
        '{{payment.link}}\n\nIhre Buchung online: {{booking.manageLink}}\n\nFalls Sie bereits bezahlt haben, danke: Bitte betrachten Sie diese Nachricht als gegenstandslos.\n\nMit freundlichen Grüßen\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
  },
  payment_link: {
    en: {
      subject: 'Pay {{payment.amount}} for booking {{booking.reference}} by card',
      body:
        'Dear {{customer.name}},\n\nyou can pay {{payment.amount}} for your booking {{booking.reference}} ({{tour.title}}, {{departure.start}}) by card here:\n\n' +
        '{{payment.link}}\n\nThe link works for 24 hours. Your booking’s total is {{booking.total}}; paid so far {{booking.paid}}.\n\nKind regards,\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
    de: {
      subject: '{{payment.amount}} für Buchung {{booking.reference}} per Karte bezahlen',
      body:
        'Guten Tag {{customer.name}},\n\nSie können {{payment.amount}} für Ihre Buchung {{booking.reference}} ({{tour.title}}, {{departure.start}}) hier per Karte bezahlen:\n\n' +
        '{{payment.link}}\n\nDer Link gilt 24 Stunden. Der Gesamtpreis Ihrer Buchung beträgt {{booking.total}}; bisher bezahlt: {{booking.paid}}.\n\nMit freundlichen Grüßen\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
  },
  departure_reminder: {
    en: {
      subject: 'See you soon: {{tour.title}} on {{departure.start}}',
      body:
        'Dear {{customer.name}},\n\nyour trip {{tour.title}} starts on {{departure.start}} (booking {{booking.reference}}, {{booking.travellers}}).\n\n' +
        'Please bring your voucher. Questions? Reply to this message or call {{business.phone}}.\n\nKind regards,\n{{business.name}}',
    },
    de: {
      subject: 'Bis bald: {{tour.title}} am {{departure.start}}',
      body:
        'Guten Tag {{customer.name}},\n\nIhre Reise {{tour.title}} beginnt am {{departure.start}} (Buchung {{booking.reference}}, {{booking.travellers}}).\n\n' +
        'Bitte bringen Sie Ihren Voucher mit. Fragen? Antworten Sie auf diese Nachricht oder rufen Sie {{business.phone}} an.\n\nMit freundlichen Grüßen\n{{business.name}}',
    },
  },
  booking_changed: {
    en: {
      subject: 'Your booking {{booking.reference}} has changed: {{tour.title}}',
      body:
        'Dear {{customer.name}},\n\nyour booking {{booking.reference}} for {{tour.title}} has changed.\n\n{{booking.change}}\n\n' +
        'Departure: {{departure.start}}\nTravellers: {{booking.travellers}}\nPrice: {{booking.total}}\nPaid: {{booking.paid}}\nLeft to pay: {{booking.balance}}\n\n{{booking.dueNow}}\n\n' +
        'Your new voucher is attached: the old one no longer holds.\n\nYour booking online: {{booking.manageLink}}\n\nKind regards,\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
    de: {
      subject: 'Ihre Buchung {{booking.reference}} wurde geändert: {{tour.title}}',
      body:
        'Guten Tag {{customer.name}},\n\nIhre Buchung {{booking.reference}} für {{tour.title}} wurde geändert.\n\n{{booking.change}}\n\n' +
        'Abreise: {{departure.start}}\nReisende: {{booking.travellers}}\nPreis: {{booking.total}}\nBezahlt: {{booking.paid}}\nOffen: {{booking.balance}}\n\n{{booking.dueNow}}\n\n' +
        'Ihr neuer Voucher liegt bei: Der alte gilt nicht mehr.\n\nIhre Buchung online: {{booking.manageLink}}\n\nMit freundlichen Grüßen\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
  },
  booking_cancelled: {
    en: {
      subject: 'Booking {{booking.reference}} cancelled',
      body:
        'Dear {{customer.name}},\n\nyour booking {{booking.reference}} for {{tour.title}} ({{departure.start}}) is cancelled.\n\n' +
        'Cancellation fee: {{cancellation.fee}}\nTo be refunded to you: {{cancellation.refundDue}}\n\nYour booking online: {{booking.manageLink}}\n\nKind regards,\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
    de: {
      subject: 'Buchung {{booking.reference}} storniert',
      body:
        'Guten Tag {{customer.name}},\n\nIhre Buchung {{booking.reference}} für {{tour.title}} ({{departure.start}}) ist storniert.\n\n' +
        'Stornogebühr: {{cancellation.fee}}\nAn Sie zu erstatten: {{cancellation.refundDue}}\n\nIhre Buchung online: {{booking.manageLink}}\n\nMit freundlichen Grüßen\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
  },
  manage_link: {
    en: {
      subject: 'Your booking {{booking.reference}}: your link to it',
      body:
        'Dear {{customer.name}},\n\nhere is the link to your booking {{booking.reference}} for {{tour.title}} ({{departure.start}}):\n\n{{booking.manageLink}}\n\n' +
        'It shows your booking and what was paid, and while it stands its voucher and what is still to pay. If you did not ask for it, you can ignore this message: only this e-mail address receives the link.\n\nKind regards,\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
    de: {
      subject: 'Ihre Buchung {{booking.reference}}: Ihr Link dazu',
      body:
        'Guten Tag {{customer.name}},\n\nhier ist der Link zu Ihrer Buchung {{booking.reference}} für {{tour.title}} ({{departure.start}}):\n\n{{booking.manageLink}}\n\n' +
        'Er zeigt Ihre Buchung und was bezahlt ist, und solange sie besteht, ihren Voucher und was noch zu zahlen ist. Falls Sie ihn nicht angefordert haben, können Sie diese Nachricht übergehen: Nur diese E-Mail-Adresse erhält den Link.\n\nMit freundlichen Grüßen\n{{business.name}}\n{{business.email}} {{business.phone}} {{business.website}}',
    },
  },
};
