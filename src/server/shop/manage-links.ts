/**
 * The link to a customer's own booking (/shop/manage/{token}). The token is the booking's id (16
 * bytes) and an HMAC of it (32 bytes) with a secret kept in the database, so every instance signs
 * alike: nothing is stored per booking, the link sent again is the link sent before, and a token
 * for one booking can never open another (its HMAC would have to be forged). It is the only key:
 * no sign-in, no reference to guess. A reseller's booking has none: the reseller speaks to its
 * customers. The link holds until 30 days after the departure ends, in the tour's zone.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Cart } from '../../shared/contract/shop.js';
import { addDays, localDateAt } from '../../shared/local-time.js';

/** 22 base64url characters of the booking's id and 43 of its HMAC. */
const TOKEN = /^[A-Za-z0-9_-]{65}$/;
/** Days after the departure's last day that its link still opens the booking. */
export const MANAGE_DAYS_AFTER = 30;

export class ManageLinks {
  constructor(
    /** HMAC with the links' secret (secretHmac). */
    private readonly sign: (text: string) => Promise<string>,
    private readonly publicUrl: string,
  ) {}

  /** The customer's page of the booking, in their language. */
  async url(bookingId: string, language: 'en' | 'de' | null): Promise<string> {
    return `${this.publicUrl}/shop/manage/${await this.token(bookingId)}${language === 'de' ? '?lang=de' : ''}`;
  }

  async token(bookingId: string): Promise<string> {
    const id = Buffer.from(bookingId.replaceAll('-', ''), 'hex');
    return id.toString('base64url') + (await this.mac(bookingId));
  }

  /** The booking a token names, when its HMAC is the server's; null for anything else (nothing is looked up). */
  async bookingOf(token: string): Promise<string | null> {
    if (!TOKEN.test(token)) return null;
    const hex = Buffer.from(token.slice(0, 22), 'base64url').toString('hex');
    if (hex.length !== 32) return null;
    const bookingId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const expected = Buffer.from(await this.mac(bookingId));
    const given = Buffer.from(token.slice(22));
    return given.length === expected.length && timingSafeEqual(given, expected) ? bookingId : null;
  }

  /** A cart's answer, leading once paid to the customer's own page of its booking. */
  async onCart(view: Cart, bookingId: string, language: 'en' | 'de' | null): Promise<Cart> {
    return view.status === 'paid' ? { ...view, manageUrl: await this.url(bookingId, language) } : view;
  }

  private mac(bookingId: string): Promise<string> {
    return this.sign(`manage:${bookingId}`);
  }
}

/** Whether a booking's link still opens it: until MANAGE_DAYS_AFTER days after its last day, in its zone. */
export function manageLinkHolds(booking: { startDate: string; timeZone: string }, durationDays: number, at: Date): boolean {
  return localDateAt(at, booking.timeZone) <= addDays(booking.startDate, Math.max(1, durationDays) - 1 + MANAGE_DAYS_AFTER);
}
