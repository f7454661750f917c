/**
 * A voucher's public link: a reseller hands its customer a URL to the booking's voucher, which works
 * without a staff session. The link carries an HMAC of the booking's id with a secret the server
 * keeps in the database (so every instance signs alike): unguessable, nothing stored per booking,
 * and the route answers only while the booking is confirmed, so a cancelled booking's link stops.
 * The token travels as `?token=`, which the logs never print. The secret is read at its first use,
 * so the server starts (and answers 503) while the database is away.
 */
import { timingSafeEqual } from 'node:crypto';

export class VoucherLinks {
  constructor(
    /** HMAC with the vouchers' secret (secretHmac). */
    private readonly sign: (text: string) => Promise<string>,
    private readonly publicUrl: string,
  ) {}

  async url(bookingId: string): Promise<string> {
    return `${this.publicUrl}/api/vouchers/${bookingId}?token=${await this.token(bookingId)}`;
  }

  async verify(bookingId: string, token: string): Promise<boolean> {
    const expected = Buffer.from(await this.token(bookingId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private token(bookingId: string): Promise<string> {
    return this.sign(`voucher:${bookingId}`);
  }
}
