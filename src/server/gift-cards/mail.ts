/**
 * A gift card's e-mails, written when they go (the messages domain's sender asks, and sends them
 * once): the card with its PDF to its recipient (or to its buyer when no recipient address was
 * given), and the buyer's receipt when the card went to someone else. In the card's language; the
 * code is only in the card's own e-mail, never in the receipt.
 */
import type { CustomerLanguage } from '../../shared/contract/customers.js';
import { formatMinor } from '../../shared/money.js';
import { dateTimeFormat } from '../../shared/intl-formats.js';
import type { BusinessDetails } from '../config.js';
import type { MailMessage } from '../mail/mailer.js';
import type { GiftCardPrint } from './gift-card-pdf.js';
import type { GiftCardOrders } from './orders.js';
import type { GiftCards } from './repository.js';

export type GiftCardMailKind = 'gift_card' | 'gift_card_bought';

interface Parts {
  /** The card goes to its buyer (no recipient address was given): it is theirs to pass on. */
  own: boolean;
  /** Whom the card's e-mail greets: its buyer when it is theirs, else its recipient. */
  greet: string | null;
  amount: string;
  code: string;
  ending: string;
  recipient: string | null;
  recipientEmail: string | null;
  from: string | null;
  message: string | null;
  until: string | null;
  shopUrl: string;
  business: string;
}

const TEXTS = {
  en: {
    cardSubject: (p: Parts) => (p.own ? `Your gift card · ${p.business}` : `A gift card for you${p.from ? ` from ${p.from}` : ''} · ${p.business}`),
    card: (p: Parts) =>
      [
        `Hello${p.greet ? ` ${p.greet}` : ''},`,
        p.own
          ? `Here is the gift card you bought: ${p.amount}${p.business ? ` for ${p.business}` : ''}.`
          : p.from
            ? `${p.from} has given you a gift card of ${p.amount}${p.business ? ` for ${p.business}` : ''}.`
            : `${p.business ? `${p.business} has sent you` : 'You have'} a gift card of ${p.amount}.`,
        ...(p.message ? [`“${p.message}”`] : []),
        `Your code: ${p.code}`,
        `Book at ${p.shopUrl} and type the code when you pay: the card pays what it holds. Or give us the code when you book with us. ${p.until ? `It is valid until ${p.until}.` : 'It does not expire.'}`,
        'The card is attached as a PDF to print or keep. Keep the code like cash: whoever has it can pay with it.',
        p.business,
      ].filter(Boolean).join('\n\n'),
    boughtSubject: (p: Parts) => `Your gift card for ${p.recipient ?? p.recipientEmail} · ${p.business}`,
    bought: (p: Parts) =>
      [
        'Thank you for your order.',
        `We have sent a gift card of ${p.amount} to ${p.recipient ? `${p.recipient} (${p.recipientEmail})` : p.recipientEmail}, with your message. Your payment of ${p.amount} has arrived.`,
        `The card's code ends in ${p.ending}. If it does not reach them, write to us: we can give you the code.`,
        p.business,
      ].filter(Boolean).join('\n\n'),
    locale: 'en-GB',
  },
  de: {
    cardSubject: (p: Parts) => (p.own ? `Ihr Gutschein · ${p.business}` : `Ein Gutschein für Sie${p.from ? ` von ${p.from}` : ''} · ${p.business}`),
    card: (p: Parts) =>
      [
        `Hallo${p.greet ? ` ${p.greet}` : ''},`,
        p.own
          ? `Hier ist der Gutschein, den Sie gekauft haben: ${p.amount}${p.business ? ` für ${p.business}` : ''}.`
          : p.from
            ? `${p.from} schenkt Ihnen einen Gutschein über ${p.amount}${p.business ? ` für ${p.business}` : ''}.`
            : `${p.business ? `${p.business} sendet Ihnen` : 'Sie erhalten'} einen Gutschein über ${p.amount}.`,
        ...(p.message ? [`„${p.message}“`] : []),
        `Ihr Code: ${p.code}`,
        `Buchen Sie unter ${p.shopUrl} und geben Sie den Code beim Bezahlen ein: Der Gutschein zahlt, was er hält. Oder nennen Sie uns den Code, wenn Sie bei uns buchen. ${p.until ? `Er gilt bis ${p.until}.` : 'Er verfällt nicht.'}`,
        'Der Gutschein liegt als PDF zum Ausdrucken oder Aufbewahren bei. Bewahren Sie den Code wie Bargeld auf: Wer ihn hat, kann damit bezahlen.',
        p.business,
      ].filter(Boolean).join('\n\n'),
    boughtSubject: (p: Parts) => `Ihr Gutschein für ${p.recipient ?? p.recipientEmail} · ${p.business}`,
    bought: (p: Parts) =>
      [
        'Vielen Dank für Ihre Bestellung.',
        `Wir haben einen Gutschein über ${p.amount} an ${p.recipient ? `${p.recipient} (${p.recipientEmail})` : p.recipientEmail} gesendet, mit Ihrer Nachricht. Ihre Zahlung über ${p.amount} ist eingegangen.`,
        `Der Code des Gutscheins endet auf ${p.ending}. Falls er nicht ankommt, schreiben Sie uns: Wir können Ihnen den Code nennen.`,
        p.business,
      ].filter(Boolean).join('\n\n'),
    locale: 'de-DE',
  },
} as const;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

export class GiftCardMail {
  constructor(
    private readonly cards: GiftCards,
    private readonly orders: GiftCardOrders,
    private readonly business: () => Promise<BusinessDetails>,
    private readonly pdf: (card: GiftCardPrint) => Promise<Buffer>,
    private readonly shopUrl: string,
    private readonly timeZone: string,
  ) {}

  /** The e-mail of `kind` for the card as it is now, or why it cannot go (a card voided or gone since). */
  async write(cardId: string, kind: GiftCardMailKind, language: CustomerLanguage): Promise<Omit<MailMessage, 'id'> | { reason: string }> {
    const card = await this.cards.get(cardId);
    if (!card) return { reason: 'the gift card is gone' };
    const order = card.soldOnline ? await this.orders.ofCard(cardId) : null;
    if (kind === 'gift_card' && card.status === 'void') return { reason: 'the gift card was voided before it went' };
    const to = kind === 'gift_card' ? (card.recipientEmail ?? order?.buyer_email) : order?.buyer_email;
    if (!to) return { reason: 'nobody to write to: the card has no recipient address and no buyer' };
    const business = await this.business();
    const texts = TEXTS[language];
    const own = card.recipientEmail === null && order !== null;
    const parts: Parts = {
      own,
      greet: own ? (order?.buyer_name ?? null) : card.recipientName,
      amount: formatMinor(card.initialMinor, card.currency, texts.locale),
      code: card.code,
      ending: card.code.slice(-4),
      recipient: card.recipientName,
      recipientEmail: card.recipientEmail,
      from: own ? null : (order?.buyer_name ?? null),
      message: card.message,
      until: card.expiresAt ? dateTimeFormat(texts.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: this.timeZone }).format(new Date(card.expiresAt)) : null,
      shopUrl: this.shopUrl,
      business: business.name ?? '',
    };
    const [subject, text] = kind === 'gift_card' ? [texts.cardSubject(parts), texts.card(parts)] : [texts.boughtSubject(parts), texts.bought(parts)];
    const html = `<!doctype html><html lang="${language}"><body>${text
      .split('\n\n')
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
      .join('')}</body></html>`;
    const mail: Omit<MailMessage, 'id'> = { to, subject: subject.replace(/\s+/g, ' ').replace(/ · $/, '').trim(), text, html };
    if (kind === 'gift_card') {
      const print: GiftCardPrint = { code: card.code, currency: card.currency, amountMinor: card.initialMinor, expiresAt: card.expiresAt, recipientName: card.recipientName, fromName: parts.from, message: card.message, language, shopUrl: this.shopUrl, timeZone: this.timeZone };
      mail.attachments = [{ filename: `gift-card-${card.code.slice(-4)}.pdf`, contentType: 'application/pdf', content: await this.pdf(print) }];
    }
    return mail;
  }
}
