/**
 * The shop's gift card pages: the order form (a plain form, no script: it works on any phone), and
 * the page the customer comes back to from paying, which says whether the card was issued and where
 * it was sent, never its code. In English and German, with their own words here.
 */
import { currencyDigits } from '../../../shared/money.js';
import { escapeHtml, inLanguage, layout, money, type Business } from './templates.js';
import type { ShopLanguage } from './texts.js';

/** What the form was sent with, kept when it is shown again with what was wrong. */
export interface GiftCardForm {
  currency: string;
  amount: string;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
}

export type GiftCardField = keyof GiftCardForm;

export const EMPTY_GIFT_CARD_FORM: GiftCardForm = { currency: '', amount: '', buyerName: '', buyerEmail: '', recipientName: '', recipientEmail: '', message: '' };

const WORDS = {
  en: {
    title: 'Gift cards',
    intro: 'Give a tour: a gift card pays for any of our tours in its currency, in the shop or with us. The card comes by e-mail with a PDF to print.',
    closed: 'Gift cards cannot be bought online just now: please write to us or call.',
    amount: 'Value',
    amountHint: (min: string, max: string) => `From ${min} to ${max}.`,
    currency: 'Currency',
    buyer: 'You',
    buyerName: 'Your name',
    buyerEmail: 'Your e-mail address',
    buyerEmailHint: 'For the receipt, and the card itself when you give no address for it below.',
    recipient: 'Who it is for',
    recipientName: 'Their name (optional)',
    recipientEmail: 'Their e-mail address (optional)',
    recipientEmailHint: 'We send the card there as soon as you have paid. Left empty, it comes to you, to pass on yourself.',
    message: 'Your message (optional)',
    messageHint: 'Printed on the card and written in its e-mail.',
    pay: 'Go to payment',
    payHint: 'You pay by card on Stripe’s secure page, then come back here.',
    problems: 'Please check what is marked below.',
    required: 'Please fill this in.',
    email: 'This does not look like an e-mail address.',
    amountWrong: (min: string, max: string) => `Give an amount from ${min} to ${max}.`,
    tooLong: (max: number) => `At most ${max} characters.`,
    currencyWrong: 'Choose a currency from the list.',
    orderTitle: 'Your gift card',
    paid: (amount: string, to: string) => `Thank you: your payment arrived and your gift card of ${amount} is issued. It is on its way by e-mail to ${to}.`,
    waiting: 'Thank you: we are waiting for your payment to come through. This page looks again in a few seconds.',
    another: 'Buy another gift card',
    giftLink: 'Gift cards',
  },
  de: {
    title: 'Gutscheine',
    intro: 'Verschenken Sie eine Tour: Ein Gutschein bezahlt jede unserer Touren in seiner Währung, im Shop oder bei uns. Er kommt per E-Mail mit einem PDF zum Ausdrucken.',
    closed: 'Gutscheine können gerade nicht online gekauft werden: Bitte schreiben Sie uns oder rufen Sie an.',
    amount: 'Wert',
    amountHint: (min: string, max: string) => `Von ${min} bis ${max}.`,
    currency: 'Währung',
    buyer: 'Sie',
    buyerName: 'Ihr Name',
    buyerEmail: 'Ihre E-Mail-Adresse',
    buyerEmailHint: 'Für die Quittung, und für den Gutschein selbst, wenn Sie unten keine Adresse dafür angeben.',
    recipient: 'Für wen er ist',
    recipientName: 'Name (freiwillig)',
    recipientEmail: 'E-Mail-Adresse (freiwillig)',
    recipientEmailHint: 'Wir senden den Gutschein dorthin, sobald Sie bezahlt haben. Leer gelassen, kommt er zu Ihnen, zum Weitergeben.',
    message: 'Ihre Nachricht (freiwillig)',
    messageHint: 'Auf den Gutschein gedruckt und in seiner E-Mail.',
    pay: 'Zur Zahlung',
    payHint: 'Sie zahlen mit Karte auf der sicheren Seite von Stripe und kommen dann hierher zurück.',
    problems: 'Bitte prüfen Sie, was unten markiert ist.',
    required: 'Bitte füllen Sie das aus.',
    email: 'Das sieht nicht wie eine E-Mail-Adresse aus.',
    amountWrong: (min: string, max: string) => `Geben Sie einen Betrag von ${min} bis ${max} an.`,
    tooLong: (max: number) => `Höchstens ${max} Zeichen.`,
    currencyWrong: 'Wählen Sie eine Währung aus der Liste.',
    orderTitle: 'Ihr Gutschein',
    paid: (amount: string, to: string) => `Vielen Dank: Ihre Zahlung ist eingegangen und Ihr Gutschein über ${amount} ist ausgestellt. Er ist per E-Mail unterwegs an ${to}.`,
    waiting: 'Vielen Dank: Wir warten noch auf Ihre Zahlung. Diese Seite sieht in ein paar Sekunden wieder nach.',
    another: 'Noch einen Gutschein kaufen',
    giftLink: 'Gutscheine',
  },
} as const;

export type GiftCardWords = (typeof WORDS)['en' | 'de'];

export function giftCardWords(language: ShopLanguage): GiftCardWords {
  return WORDS[language];
}

/** The smallest and largest card the shop sells in a currency, in minor units: one whole unit, and GIFT_CARD_RULES' maximum. */
export function shopAmountRange(currency: string, maximum: number): { min: number; max: number } {
  return { min: 10 ** currencyDigits(currency), max: maximum };
}

/**
 * A typed amount in minor units of the currency, or null when it is not one, read as the page's
 * language writes numbers: "50", "75,50" and "1.000,50" in German, "75.50" and "1,000.50" in
 * English. Either mark alone before one or two digits is the decimal mark ("75.5" in German too);
 * before exactly three, it is the language's grouping ("1.000" is a thousand in German, one in
 * English, as the hint's own numbers are written).
 */
export function minorOfTyped(typed: string, currency: string, language: ShopLanguage = 'en'): number | null {
  const digits = currencyDigits(currency);
  let text = typed.trim().replace(/[\s\u00a0\u202f']/g, '');
  const grouping = language === 'de' ? '.' : ',';
  const decimal = language === 'de' ? ',' : '.';
  if (text.includes('.') && text.includes(',')) {
    // Both marks: the language's grouping between groups of three, its decimal mark once at the end.
    if (!new RegExp(`^\\d{1,3}(\\${grouping}\\d{3})+(\\${decimal}\\d+)?$`).test(text)) return null;
    text = text.replaceAll(grouping, '').replace(decimal, '.');
  } else if (new RegExp(`^\\d{1,3}(\\${grouping}\\d{3})+$`).test(text)) {
    text = text.replaceAll(grouping, '');
  } else {
    text = text.replace(',', '.');
  }
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

export function giftCardPage(parts: {
  language: ShopLanguage;
  business: Business;
  publicUrl: string;
  /** The currencies the shop sells tours in; none, or card payments not set up: the page says cards cannot be bought now. */
  currencies: string[];
  open: boolean;
  maximum: number;
  form: GiftCardForm;
  problems: Partial<Record<GiftCardField, string>>;
  /** A refusal that is not a field's (Stripe away, too many orders from one address). */
  refused?: string;
}): string {
  const { language, form, problems } = parts;
  const words = giftCardWords(language);
  const url = `${parts.publicUrl}/shop/gift-cards`;
  if (!parts.open || parts.currencies.length === 0) {
    const body = `<h1>${escapeHtml(words.title)}</h1>\n<p>${escapeHtml(words.closed)}</p>`;
    return layout({ language, title: words.title, description: words.intro, url, business: parts.business, body });
  }
  const currency = parts.currencies.includes(form.currency) ? form.currency : parts.currencies[0]!;
  const hasProblems = Object.keys(problems).length > 0;
  /** An input with its label, hint and error, tied together for screen readers. */
  const field = (name: GiftCardField, label: string, input: (attributes: string) => string, hint?: string) => {
    const id = `gift-${name}`;
    const described = [hint ? `${id}-hint` : '', problems[name] ? `${id}-error` : ''].filter(Boolean).join(' ');
    const attributes = `id="${id}" name="${name}"${described ? ` aria-describedby="${described}"` : ''}${problems[name] ? ' aria-invalid="true"' : ''}`;
    return `<div class="field"><label for="${id}">${escapeHtml(label)}</label>${input(attributes)}${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}${problems[name] ? `<p class="field-error" id="${id}-error">${escapeHtml(problems[name])}</p>` : ''}</div>`;
  };
  const value = (name: GiftCardField) => `value="${escapeHtml(form[name])}"`;
  const currencyField =
    parts.currencies.length === 1
      ? `<input type="hidden" name="currency" value="${escapeHtml(currency)}">`
      : field('currency', words.currency, (attributes) => `<select ${attributes}>${parts.currencies.map((code) => `<option${code === currency ? ' selected' : ''}>${escapeHtml(code)}</option>`).join('')}</select>`);
  const body = `<h1>${escapeHtml(words.title)}</h1>
<p class="lead">${escapeHtml(words.intro)}</p>
${parts.refused ? `<p class="error" role="alert">${escapeHtml(parts.refused)}</p>\n` : hasProblems ? `<p class="error" role="alert">${escapeHtml(words.problems)}</p>\n` : ''}<form class="gift" method="post" action="${escapeHtml(inLanguage('/shop/gift-cards', language))}" novalidate>
${currencyField}
${field(
  'amount',
  // One currency: named in the label. Several (chosen above, with no script to change the label): each one's range in the hint.
  parts.currencies.length === 1 ? `${words.amount} (${currency})` : words.amount,
  (attributes) => `<input ${attributes} ${value('amount')} inputmode="decimal" autocomplete="off" required>`,
  parts.currencies
    .map((code) => {
      const each = shopAmountRange(code, parts.maximum);
      return words.amountHint(money(each.min, code, language), money(each.max, code, language));
    })
    .join(' '),
)}
<fieldset><legend>${escapeHtml(words.buyer)}</legend>
${field('buyerName', words.buyerName, (attributes) => `<input ${attributes} ${value('buyerName')} autocomplete="name" maxlength="200" required>`)}
${field('buyerEmail', words.buyerEmail, (attributes) => `<input ${attributes} ${value('buyerEmail')} type="email" autocomplete="email" maxlength="254" required>`, words.buyerEmailHint)}
</fieldset>
<fieldset><legend>${escapeHtml(words.recipient)}</legend>
${field('recipientName', words.recipientName, (attributes) => `<input ${attributes} ${value('recipientName')} autocomplete="off" maxlength="200">`)}
${field('recipientEmail', words.recipientEmail, (attributes) => `<input ${attributes} ${value('recipientEmail')} type="email" autocomplete="off" maxlength="254">`, words.recipientEmailHint)}
${field('message', words.message, (attributes) => `<textarea ${attributes} rows="4" maxlength="1000">${escapeHtml(form.message)}</textarea>`, words.messageHint)}
</fieldset>
<p><button class="button" type="submit">${escapeHtml(words.pay)}</button></p>
<p class="hint">${escapeHtml(words.payHint)}</p>
</form>`;
  return layout({ language, title: words.title, description: words.intro, url, business: parts.business, body });
}

/** Back from paying: issued (and where it went), or still waiting for Stripe's word (the page looks again). */
export function giftCardOrderPage(parts: { language: ShopLanguage; business: Business; publicUrl: string; order: { id: string; status: 'open' | 'paid'; currency: string; amountMinor: number; sentTo: string } }): string {
  const { language, order } = parts;
  const words = giftCardWords(language);
  const said = order.status === 'paid' ? words.paid(money(order.amountMinor, order.currency, language), order.sentTo) : words.waiting;
  const body = `<h1>${escapeHtml(words.orderTitle)}</h1>
<p class="lead" role="status">${escapeHtml(said)}</p>
<p><a href="${escapeHtml(inLanguage('/shop/gift-cards', language))}">${escapeHtml(words.another)}</a></p>`;
  return layout({
    language,
    title: words.orderTitle,
    description: words.orderTitle,
    url: `${parts.publicUrl}/shop/gift-cards/orders/${encodeURIComponent(order.id)}`,
    business: parts.business,
    body,
    noIndex: true,
    ...(order.status === 'open' && { refreshSeconds: 5 }),
  });
}
