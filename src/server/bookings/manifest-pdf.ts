/**
 * The guide's passenger lists as a PDF, drawn in the documents process (voucher-worker.mjs) like the
 * vouchers: one departure per page (a long list runs on to more), each headed with its tour and
 * start, then the meals of each day by adults and children, then each party: the lead, their phone,
 * pick-up, notes for the guide and extras, and a box to tick for each traveller (ticked when checked
 * in, "no-show" when marked so). The same fonts as the voucher, so every name prints.
 *
 * Only erasable TypeScript here (the documents process runs it with Node's type stripping).
 */
import PDFDocument from 'pdfkit';
import type { GuideManifest } from '../../shared/contract/manifests.js';
import { dateTimeFormat } from '../../shared/intl-formats.js';
import { fontBytes, runs } from '../pdf/fonts.js';

const CATEGORY: Record<string, string> = { ADULT: 'Adult', CHILD: 'Child', INFANT: 'Infant' };
const MARGIN = 40;

function longDate(date: string): string {
  return dateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
}

export async function manifestPdf(manifests: GuideManifest[], businessName: string | null, day?: string): Promise<Buffer> {
  const first = manifests[0];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: first ? `Passenger list ${first.departure.tourCode} ${first.departure.startDate}` : 'Passenger list', Author: businessName ?? 'Travel Back Office' },
  });
  const registered = new Set<string>();
  const width = () => doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  /** Writes text at the cursor (wrapping within `width`), each run in a font that has its characters. */
  const write = (text: string, options: { size: number; weight?: 400 | 700; color?: string; indent?: number; width?: number }) => {
    doc.fontSize(options.size).fillColor(options.color ?? '#1b1b1b');
    const parts = runs(text, options.weight ?? 400);
    const x = MARGIN + (options.indent ?? 0);
    const y = doc.y;
    parts.forEach((part, index) => {
      if (!registered.has(part.font.name)) {
        doc.registerFont(part.font.name, fontBytes(part.font.path));
        registered.add(part.font.name);
      }
      doc.font(part.font.name);
      const layout = { continued: index < parts.length - 1, width: options.width ?? width() - (options.indent ?? 0) };
      if (index === 0) doc.text(part.text, x, y, layout);
      else doc.text(part.text, layout);
    });
  };
  const room = (needed: number, header: () => void) => {
    if (doc.y + needed > bottom()) {
      doc.addPage();
      header();
    }
  };

  for (const manifest of manifests) {
    const { departure } = manifest;
    const heading = `${departure.tourCode} · ${departure.tourTitle}`;
    const when = `${longDate(departure.startDate)}, ${departure.startTime} (${departure.timeZone})${departure.endDate !== departure.startDate ? ` – ${longDate(departure.endDate)}` : ''}`;
    const continued = () => {
      doc.y = MARGIN;
      write(`${heading} · ${when} (continued)`, { size: 9, color: '#5a5a5a' });
      doc.moveDown(0.8);
    };
    doc.addPage();
    write('PASSENGER LIST', { size: 9, weight: 700, color: '#5a5a5a' });
    write(heading, { size: 18, weight: 700 });
    write(when, { size: 11 });
    const { ADULT, CHILD, INFANT } = manifest.travellers;
    write(`${ADULT} adults · ${CHILD} children · ${INFANT} infants · ${manifest.parties.length} bookings · checked in ${manifest.checkedIn} of ${ADULT + CHILD + INFANT}${departure.status !== 'open' ? ` · departure ${departure.status}` : ''}`, { size: 10, color: '#333333' });
    doc.moveDown(0.6);
    const mealDays = manifest.meals.filter((day) => day.breakfast || day.lunch || day.dinner);
    if (mealDays.length > 0) {
      write('Meals', { size: 11, weight: 700 });
      for (const day of mealDays) {
        const meals = (['breakfast', 'lunch', 'dinner'] as const)
          .filter((meal) => day[meal])
          .map((meal) => `${meal}: ${day[meal]!.adults} adults, ${day[meal]!.children} children`)
          .join(' · ');
        write(`Day ${day.day} (${day.date})${day.title ? ` ${day.title}` : ''}: ${meals}`, { size: 9 });
      }
      doc.moveDown(0.6);
    }
    if (manifest.parties.length === 0) write('No bookings.', { size: 10, color: '#5a5a5a' });
    for (const party of manifest.parties) {
      room(60, continued);
      doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width(), doc.y).lineWidth(0.5).strokeColor('#bbbbbb').stroke();
      doc.moveDown(0.3);
      write(`${party.leadName}${party.leadPhone ? ` · ${party.leadPhone}` : ''} · ${party.reference}${party.status === 'held' ? ' · HELD, not paid' : ''}`, { size: 10, weight: 700 });
      if (party.pickup) write(`Pick-up: ${party.pickup}`, { size: 9 });
      if (party.guideNotes) write(`For the guide: ${party.guideNotes}`, { size: 9, color: '#8a4b00' });
      if (party.extras.length > 0) write(`Extras: ${party.extras.map((extra) => `${extra.quantity} × ${extra.name}`).join(', ')}`, { size: 9 });
      for (const traveller of party.travellers) {
        room(16, continued);
        const box = traveller.checkedInAt ? '[x]' : traveller.noShow ? '[-]' : '[ ]';
        const state = traveller.checkedInAt ? ' · checked in' : traveller.noShow ? ' · no-show' : '';
        write(`${box} ${traveller.lastName}, ${traveller.firstName} (${CATEGORY[traveller.category] ?? traveller.category})${state}${traveller.notes ? ` · ${traveller.notes}` : ''}`, { size: 10, indent: 12 });
      }
      doc.moveDown(0.4);
    }
  }
  if (manifests.length === 0) {
    doc.addPage();
    write(day ? `No departures on ${longDate(day)}.` : 'No departures.', { size: 12 });
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
