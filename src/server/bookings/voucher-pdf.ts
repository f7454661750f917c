/**
 * A booking's one-page PDF voucher, drawn in the voucher process (voucher-worker.mjs) and never in
 * the server's: pdfkit, with the fonts of pdf/fonts.ts, so every name prints.
 *
 * Only erasable TypeScript here and in what it imports (type imports, no enums or parameter
 * properties): from the sources the voucher process runs this file with Node's own type stripping.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Booking } from '../../shared/contract/bookings.js';
import { formatMinor } from '../../shared/money.js';
import type { BusinessDetails } from '../config.js';
import { dateTimeFormat } from '../../shared/intl-formats.js';
import { fontBytes, runs } from '../pdf/fonts.js';

/** Where the date, time and zone of the departure read as the customer reads them. */
function localDeparture(booking: Booking): string {
  const when = dateTimeFormat('en-GB', { timeZone: booking.timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(booking.startsAt));
  return `${when} (${booking.timeZone})`;
}

const CATEGORY = { ADULT: 'Adult', CHILD: 'Child', INFANT: 'Infant' } as const;

/** A date as the customer reads it: "Saturday, 3 April 2027". */
function longDate(date: string): string {
  return dateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * A one-page voucher for the customer: who they booked with, the reference, tour, departure's
 * local date and time with its zone, travellers and the money, and when the balance is due. It is
 * the customer's paper: nothing staff wrote for themselves (notes, a cancellation's reason, a
 * traveller's notes) is printed on it.
 */
export async function voucherPdf(booking: Booking, issuedAt: Date, business: BusinessDetails): Promise<Buffer> {
  // The check-in code as a QR code the guide's phone scans (its text printed under it for typing).
  const qr = await QRCode.toBuffer(booking.checkInCode, { errorCorrectionLevel: 'M', margin: 1, width: 270 });
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Voucher ${booking.reference}`, Author: business.name ?? 'Travel Back Office', Subject: booking.tourTitle } });
  const registered = new Set<string>();
  const write = (text: string, options: { size: number; weight?: 400 | 700; x?: number; y?: number; width?: number; align?: 'left' | 'right'; color?: string }) => {
    const parts = runs(text, options.weight ?? 400);
    doc.fontSize(options.size).fillColor(options.color ?? '#1b1b1b');
    parts.forEach((part, index) => {
      if (!registered.has(part.font.name)) {
        doc.registerFont(part.font.name, fontBytes(part.font.path));
        registered.add(part.font.name);
      }
      doc.font(part.font.name);
      const continued = index < parts.length - 1;
      const layout = { continued, width: options.width, align: options.align, lineBreak: false };
      if (index === 0 && options.x !== undefined) doc.text(part.text, options.x, options.y, layout);
      else doc.text(part.text, layout);
    });
  };
  const left = 50;
  const width = doc.page.width - 100;
  const money = (amount: number) => formatMinor(amount, booking.currency, 'en-GB');

  // A reseller's test booking: its voucher says so, so that nobody travels on it.
  write(booking.testMode ? 'TEST BOOKING: NOT VALID FOR TRAVEL' : 'BOOKING VOUCHER', { size: 10, weight: 700, x: left, y: 50, color: booking.testMode ? '#b3261e' : '#5a5a5a' });
  write(booking.reference, { size: 26, weight: 700, x: left, y: 66 });
  // Who the customer booked with, top right: name, then e-mail and phone, the website, then the address (six lines above the rule).
  const businessLines = [business.name, [business.email, business.phone].filter(Boolean).join(' · '), business.website, ...business.address].filter((line): line is string => Boolean(line));
  businessLines.slice(0, 6).forEach((line, index) => {
    write(line, { size: index === 0 ? 11 : 8, weight: index === 0 ? 700 : 400, x: left + width - 260, y: 50 + (index === 0 ? 0 : 5 + index * 9), width: 260, align: 'right', color: index === 0 ? '#1b1b1b' : '#5a5a5a' });
  });
  doc.moveTo(left, 104).lineTo(left + width, 104).strokeColor('#c8c8c8').stroke();

  // The tour and the contact on the left; the check-in code on the right.
  const textWidth = width - 110;
  write(booking.tourTitle, { size: 16, weight: 700, x: left, y: 116, width: textWidth });
  write(`Tour ${booking.tourCode}`, { size: 10, x: left, y: 138, color: '#5a5a5a' });
  write('Departure', { size: 9, weight: 700, x: left, y: 160, color: '#5a5a5a' });
  write(localDeparture(booking), { size: 12, x: left, y: 172, width: textWidth });
  write('Lead contact', { size: 9, weight: 700, x: left, y: 196, color: '#5a5a5a' });
  write([booking.contact.name, booking.contact.email, booking.contact.phone].filter(Boolean).join(' · '), { size: 11, x: left, y: 208, width: textWidth });
  doc.image(qr, left + width - 90, 112, { width: 90, height: 90 });
  write('Check-in code', { size: 7, weight: 700, x: left + width - 100, y: 204, width: 100, align: 'right', color: '#5a5a5a' });
  write(groupedCheckInCode(booking.checkInCode), { size: 9, weight: 700, x: left + width - 110, y: 214, width: 110, align: 'right' });

  // Lines: travellers, extras, single rooms. They shrink to keep the voucher on one page.
  const lines: [string, string][] = [
    ...booking.travellers.map((traveller): [string, string] => [`${traveller.firstName} ${traveller.lastName} (${CATEGORY[traveller.category]})`, money(traveller.unitPriceMinor)]),
    ...booking.extras.map((extra): [string, string] => [`${extra.name} × ${extra.quantity}`, money(extra.quantity * extra.unitPriceMinor)]),
    ...(booking.singleRooms > 0 ? [[`Single room supplement × ${booking.singleRooms}`, money(booking.singleRooms * booking.singleSupplementMinor)] as [string, string]] : []),
  ];
  const top = 240;
  const bottom = doc.page.height - 170;
  const lineHeight = Math.min(16, (bottom - top - 16) / Math.max(1, lines.length));
  const size = Math.max(4, Math.min(11, lineHeight * 0.72));
  write(`Travellers (${booking.travellers.length})`, { size: 9, weight: 700, x: left, y: top, color: '#5a5a5a' });
  lines.forEach(([label, amount], index) => {
    const y = top + 16 + index * lineHeight;
    write(label, { size, x: left, y, width: width - 120 });
    write(amount, { size, x: left + width - 120, y, width: 120, align: 'right' });
  });

  const totalsTop = Math.min(bottom, top + 16 + lines.length * lineHeight + 6) + 10;
  doc.moveTo(left, totalsTop).lineTo(left + width, totalsTop).strokeColor('#c8c8c8').stroke();
  const totals: [string, string, 400 | 700][] = [
    ['Total', money(booking.totalMinor), 700],
    ['Paid', money(booking.paidMinor), 400],
    [booking.balanceMinor < 0 ? 'Due to you' : 'Balance due', money(Math.abs(booking.balanceMinor)), 700],
  ];
  totals.forEach(([label, amount, weight], index) => {
    const y = totalsTop + 12 + index * 20;
    write(label, { size: 12, weight, x: left + width - 300, y, width: 150 });
    write(amount, { size: 12, weight, x: left + width - 150, y, width: 150, align: 'right' });
  });
  if (booking.balanceMinor > 0) {
    write('Balance due by', { size: 9, weight: 700, x: left, y: totalsTop + 12, color: '#5a5a5a' });
    write(longDate(booking.balanceDueDate), { size: 11, x: left, y: totalsTop + 24, width: width - 320 });
  }
  // The day it was issued in the tour's zone, written as the voucher's other dates are.
  const issued = dateTimeFormat('en-GB', { timeZone: booking.timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(issuedAt);
  write(`Issued ${issued} · Amounts in ${booking.currency}`, { size: 8, x: left, y: doc.page.height - 70, width, color: '#7a7a7a' });

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A check-in code as people read it aloud or type it: groups of four or five (1VZS-4Q5B-6V0YK). */
export function groupedCheckInCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}
