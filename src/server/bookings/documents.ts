/**
 * Documents: a departure's manifest and the bookings list as CSV, a booking's one-page PDF voucher
 * (drawn by voucher-pdf.ts in a process of its own) and a reseller's monthly statement.
 *
 * CSV: every cell a person typed is defused against formula injection (a leading =, +, -, @, tab
 * or carriage return gets a '), since these files are opened in spreadsheets. The bookings export
 * is streamed a page at a time, so its memory does not grow with the number of rows.
 */
import type { GuideManifest } from '../../shared/contract/manifests.js';
import { Readable } from 'node:stream';
import type { Booking, BookingListQuery } from '../../shared/contract/bookings.js';
import { minorToMajorText } from '../../shared/money.js';
import type { BusinessDetails } from '../config.js';
import { CSV_BOM, csvLines, defuse } from '../http/csv.js';
import { httpErrors } from '../http/errors.js';
import { WorkerProcess, workerFile, type WorkerProcessOptions } from '../http/worker-process.js';
import type { BookingsRepository } from './repository.js';
import type { VoucherAnswer } from './voucher-worker.mjs';
import type { GiftCardPrint } from '../gift-cards/gift-card-pdf.js';

export const MANIFEST_HEADER = ['reference', 'status', 'last_name', 'first_name', 'category', 'date_of_birth', 'contact_name', 'contact_email', 'contact_phone', 'notes', 'checked_in'];
export const BOOKINGS_CSV_HEADER = [
  'reference',
  'status',
  'payment_status',
  'tour_code',
  'tour_title',
  'start_date',
  'start_time',
  'time_zone',
  'contact_name',
  'contact_email',
  'contact_phone',
  'travellers',
  'seats',
  'currency',
  'total',
  'paid',
  'balance',
  'channel',
  'created_at',
  'cancelled_at',
  'cancel_reason',
];

export function manifestCsv(rows: { reference: string; status: string; last_name: string; first_name: string; category: string; date_of_birth: string | null; contact_name: string; contact_email: string; contact_phone: string | null; notes: string; checked_in_at: Date | null; no_show: boolean }[]): string {
  return CSV_BOM + csvLines([
    MANIFEST_HEADER,
    ...rows.map((row) => [
      row.reference,
      row.status,
      defuse(row.last_name),
      defuse(row.first_name),
      row.category,
      row.date_of_birth ?? '',
      defuse(row.contact_name),
      defuse(row.contact_email),
      defuse(row.contact_phone),
      defuse(row.notes),
      // When the traveller was checked in (UTC), "no-show", or empty.
      row.checked_in_at ? row.checked_in_at.toISOString() : row.no_show ? 'no-show' : '',
    ]),
  ]);
}

function bookingCsvRow(booking: Booking): string[] {
  return [
    booking.reference,
    booking.status,
    booking.paymentStatus,
    defuse(booking.tourCode),
    defuse(booking.tourTitle),
    booking.startDate,
    booking.startTime,
    booking.timeZone,
    defuse(booking.contact.name),
    defuse(booking.contact.email),
    defuse(booking.contact.phone),
    String(booking.travellers.length),
    String(booking.seats),
    booking.currency,
    // Amounts are ours, not typed text: a negative balance stays a number the spreadsheet can add.
    minorToMajorText(booking.totalMinor, booking.currency),
    signedMajor(booking.paidMinor, booking.currency),
    signedMajor(booking.balanceMinor, booking.currency),
    booking.channel,
    booking.createdAt,
    booking.cancellation?.at ?? '',
    defuse(booking.cancellation?.reason),
  ];
}

function signedMajor(amountMinor: number, currency: string): string {
  return amountMinor < 0 ? `-${minorToMajorText(-amountMinor, currency)}` : minorToMajorText(amountMinor, currency);
}

/** The bookings matching the list's filters as CSV, a page at a time. */
export function bookingsCsvStream(bookings: BookingsRepository, query: BookingListQuery): Readable {
  async function* lines() {
    yield CSV_BOM + csvLines([BOOKINGS_CSV_HEADER]);
    for await (const page of bookings.pages(query)) yield csvLines(page.map(bookingCsvRow));
  }
  return Readable.from(lines(), { objectMode: false });
}

// ---- the voucher ----

/** A voucher not made in this time is given up (and its process replaced). */
const VOUCHER_TIMEOUT_MS = 30_000;

/**
 * Vouchers are drawn in a process of their own (voucher-worker.mjs, voucher-pdf.ts): pdfkit, its
 * fonts and the QR code took 45 MB of the server's memory from the first voucher on, and each
 * voucher 160 ms of its only thread (35 ms since its fonts are unpacked once), during which no
 * other request was answered. The process starts with the first voucher and ends after a minute
 * without one.
 */
export class VoucherMaker {
  private readonly worker: WorkerProcess<
    { booking: Booking; issuedAt: Date; business: BusinessDetails } | { kind: 'manifest'; manifests: GuideManifest[]; businessName: string | null; day?: string } | { kind: 'gift_card'; card: GiftCardPrint; business: BusinessDetails },
    VoucherAnswer
  >;

  constructor(observe?: WorkerProcessOptions['observe']) {
    this.worker = new WorkerProcess({
      file: workerFile('bookings/voucher-worker.mjs'),
      args: ['--voucher-worker'],
      // A voucher is a few megabytes of short-lived objects; with V8's defaults the process's heap
      // grew to 4 times what survived and its young generation to 16 MB halves. Measured over 300
      // vouchers in a row: peak resident memory 281 MB with the defaults, 120 MB with these, and
      // 34 ms a voucher instead of 38.
      nodeFlags: ['--max-semi-space-size=4', '--heap-growing-percent=50'],
      slots: 1,
      jobTimeoutMs: VOUCHER_TIMEOUT_MS,
      timedOut: () => httpErrors.unavailable(),
      crashed: () => new Error('the voucher process ended before it answered'),
      observe,
    });
  }

  async make(booking: Booking, issuedAt: Date, business: BusinessDetails): Promise<Buffer> {
    const answer = await this.worker.run({ booking, issuedAt, business });
    if (!answer.ok) throw new Error(`the voucher of ${booking.reference} could not be made: ${answer.message}`);
    return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
  }

  /**
   * The guide's passenger lists in one PDF, one departure per page, drawn in the same process; `day`,
   * for a day's lists, names the day on the page a day without departures gets.
   */
  async manifests(manifests: GuideManifest[], businessName: string | null, day?: string): Promise<Buffer> {
    const answer = await this.worker.run({ kind: 'manifest', manifests, businessName, ...(day !== undefined && { day }) });
    if (!answer.ok) throw new Error(`the passenger list could not be made: ${answer.message}`);
    return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
  }

  /** A gift card's PDF (the gift cards domain's drawing, gift-card-pdf.ts), drawn in the same process. */
  async giftCard(card: GiftCardPrint, business: BusinessDetails): Promise<Buffer> {
    const answer = await this.worker.run({ kind: 'gift_card', card, business });
    if (!answer.ok) throw new Error(`the gift card's PDF could not be made: ${answer.message}`);
    return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
  }

  close(): void {
    this.worker.close();
  }

  /** The voucher process's id while it runs. */
  get workerPid(): number | null {
    return this.worker.pid;
  }
}

// ---- a reseller's monthly statement ----

export interface StatementRow {
  reference: string;
  reseller_reference: string | null;
  tour_code: string;
  tour_title: string;
  start_date: string;
  status: 'confirmed' | 'cancelled';
  travellers: number;
  currency: string;
  total_minor: string | number;
  net_minor: string | number | null;
}

const STATEMENT_HEADER = ['reference', 'reseller_reference', 'tour', 'departure_date', 'status', 'travellers', 'currency', 'total', 'commission', 'net'];

/**
 * The bookings a reseller sold that departed in a month: the basis of the operator's invoice. A
 * confirmed booking counts at its total, the reseller's commission and what it owes (net); a
 * cancelled one is listed with nothing owed, as a reseller's cancellation refunds it in full.
 * Totals per currency close the file.
 */
export function resellerStatementCsv(rows: StatementRow[]): string {
  const totals = new Map<string, { total: number; net: number; bookings: number }>();
  const lines = rows.map((row) => {
    const owed = row.status === 'confirmed';
    const total = owed ? Number(row.total_minor) : 0;
    const net = owed ? Number(row.net_minor ?? row.total_minor) : 0;
    if (owed) {
      const sum = totals.get(row.currency) ?? { total: 0, net: 0, bookings: 0 };
      totals.set(row.currency, { total: sum.total + total, net: sum.net + net, bookings: sum.bookings + 1 });
    }
    return [
      row.reference,
      defuse(row.reseller_reference),
      defuse(`${row.tour_code} ${row.tour_title}`),
      row.start_date,
      row.status,
      String(row.travellers),
      row.currency,
      minorToMajorText(total, row.currency),
      minorToMajorText(total - net, row.currency),
      minorToMajorText(net, row.currency),
    ];
  });
  const footer = [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => [`TOTAL ${currency}`, '', '', '', `${sum.bookings} confirmed`, '', currency, minorToMajorText(sum.total, currency), minorToMajorText(sum.total - sum.net, currency), minorToMajorText(sum.net, currency)]);
  return CSV_BOM + csvLines([STATEMENT_HEADER, ...lines, ...footer]);
}
