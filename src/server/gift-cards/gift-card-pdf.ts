/**
 * A gift card as a one-page PDF for its recipient to keep or print: who it is from and for, its
 * value, its code in large type, until when it pays, and how to use it, in the card's language.
 * Drawn in the documents' process (bookings/voucher-worker.mjs) with the voucher's fonts, so every
 * name prints, and never in the server's.
 *
 * Only erasable TypeScript here (the documents process runs it with Node's type stripping).
 */
import PDFDocument from 'pdfkit';
import { formatMinor } from '../../shared/money.js';
import { dateTimeFormat } from '../../shared/intl-formats.js';
import type { BusinessDetails } from '../config.js';
import { fontBytes, runs } from '../pdf/fonts.js';

/** What the PDF prints of a card. */
export interface GiftCardPrint {
  code: string;
  currency: string;
  amountMinor: number;
  expiresAt: string | null;
  recipientName: string | null;
  fromName: string | null;
  message: string | null;
  language: 'en' | 'de';
  /** Where the card is used: the shop's address. */
  shopUrl: string;
  /** The zone its last day is read in (the business's). */
  timeZone: string;
}

const WORDS = {
  en: {
    title: 'GIFT CARD',
    for: 'For',
    from: 'From',
    code: 'Your code',
    valid: (date: string) => `Valid until ${date}`,
    noEnd: 'It does not expire.',
    use: (url: string) => `Book at ${url} and type the code when you pay: the card pays what it holds, and anything more is paid another way. Or give us the code when you book with us.`,
    keep: 'Keep this code like cash: whoever has it can pay with it.',
    locale: 'en-GB',
  },
  de: {
    title: 'GUTSCHEIN',
    for: 'Für',
    from: 'Von',
    code: 'Ihr Code',
    valid: (date: string) => `Gültig bis ${date}`,
    noEnd: 'Er verfällt nicht.',
    use: (url: string) => `Buchen Sie unter ${url} und geben Sie den Code beim Bezahlen ein: Der Gutschein zahlt, was er hält, und den Rest zahlen Sie anders. Oder nennen Sie uns den Code, wenn Sie bei uns buchen.`,
    keep: 'Bewahren Sie den Code wie Bargeld auf: Wer ihn hat, kann damit bezahlen.',
    locale: 'de-DE',
  },
} as const;

export async function giftCardPdf(card: GiftCardPrint, business: BusinessDetails): Promise<Buffer> {
  const words = WORDS[card.language];
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${words.title} ${card.code.slice(-4)}`, Author: business.name ?? 'Travel Back Office' } });
  const registered = new Set<string>();
  const write = (text: string, options: { size: number; weight?: 400 | 700; x: number; y: number; width?: number; align?: 'left' | 'right' | 'center'; color?: string }) => {
    const parts = runs(text, options.weight ?? 400);
    doc.fontSize(options.size).fillColor(options.color ?? '#1b1b1b');
    parts.forEach((part, index) => {
      if (!registered.has(part.font.name)) {
        doc.registerFont(part.font.name, fontBytes(part.font.path));
        registered.add(part.font.name);
      }
      doc.font(part.font.name);
      const layout = { continued: index < parts.length - 1, width: options.width, align: options.align };
      if (index === 0) doc.text(part.text, options.x, options.y, layout);
      else doc.text(part.text, layout);
    });
  };
  const left = 50;
  const width = doc.page.width - 100;

  // The business, as on the voucher: name, then contact, website and address.
  const businessLines = [business.name, [business.email, business.phone].filter(Boolean).join(' · '), business.website, ...business.address].filter((line): line is string => Boolean(line));
  businessLines.slice(0, 6).forEach((line, index) => {
    write(line, { size: index === 0 ? 11 : 8, weight: index === 0 ? 700 : 400, x: left + width - 260, y: 50 + (index === 0 ? 0 : 5 + index * 9), width: 260, align: 'right', color: index === 0 ? '#1b1b1b' : '#5a5a5a' });
  });
  write(words.title, { size: 10, weight: 700, x: left, y: 50, color: '#5a5a5a' });
  write(formatMinor(card.amountMinor, card.currency, words.locale), { size: 36, weight: 700, x: left, y: 64, width: width - 270 });
  doc.moveTo(left, 124).lineTo(left + width, 124).strokeColor('#c8c8c8').stroke();

  let y = 140;
  if (card.recipientName) {
    write(words.for, { size: 9, weight: 700, x: left, y, color: '#5a5a5a' });
    write(card.recipientName, { size: 14, x: left, y: y + 12, width });
    y += 40;
  }
  if (card.fromName) {
    write(words.from, { size: 9, weight: 700, x: left, y, color: '#5a5a5a' });
    write(card.fromName, { size: 14, x: left, y: y + 12, width });
    y += 40;
  }
  if (card.message) {
    // The giver's own words, in a box, kept to the page: a long message is set smaller.
    const size = card.message.length > 400 ? 10 : 12;
    doc.fontSize(size);
    write(card.language === 'de' ? `„${card.message}“` : `“${card.message}”`, { size, x: left + 12, y: y + 10, width: width - 24, color: '#333333' });
    const bottom = Math.min(doc.y + 10, 560);
    doc.roundedRect(left, y, width, bottom - y, 6).strokeColor('#c8c8c8').stroke();
    y = bottom + 20;
  }

  // The code: the one thing the recipient must read right, large and in groups of four.
  doc.roundedRect(left, y, width, 90, 8).fillColor('#eef4f7').fill();
  write(words.code, { size: 10, weight: 700, x: left, y: y + 14, width, align: 'center', color: '#4a5561' });
  write(card.code, { size: 28, weight: 700, x: left, y: y + 34, width, align: 'center' });
  y += 110;
  const until = card.expiresAt ? words.valid(dateTimeFormat(words.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: card.timeZone }).format(new Date(card.expiresAt))) : words.noEnd;
  write(until, { size: 12, weight: 700, x: left, y, width });
  write(words.use(card.shopUrl), { size: 11, x: left, y: y + 22, width });
  write(words.keep, { size: 9, x: left, y: doc.page.height - 80, width, color: '#7a7a7a' });

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
