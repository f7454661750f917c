/**
 * Stripe, as the payments domain uses it: a Checkout Session for an amount of a booking, and the
 * check of an event's signature. Behind this interface in tests is the real SDK talking to a local
 * HTTP double of Stripe (STRIPE_API_URL), never a stand-in for the SDK.
 */
import type Stripe from 'stripe';
import { currencyDigits } from '../../shared/money.js';

export interface CheckoutRequest {
  /** The booking and link paid (none for a gift card bought in the shop, whose order its metadata names). */
  bookingId?: string;
  linkId?: string;
  reference: string;
  /** What is bought, as the payment page names it after the reference (the tour's title; "Gift card"). */
  description: string;
  amountMinor: number;
  currency: string;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** The same key again answers the session the first call made (Stripe keeps keys 24 hours). */
  idempotencyKey: string;
  /** More metadata beside bookingId and linkId (a shop cart's id). */
  metadata?: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  url: string;
  expiresAt: Date;
}

/** What the webhook acts on of a signed event: a Checkout Session that was completed. */
export interface CompletedCheckout {
  sessionId: string;
  paid: boolean;
  /** What was paid, in minor units (null when the event does not say: the link's amount). */
  amountMinor: number | null;
  /** Upper case; '' when the event does not say. */
  currency: string;
  paymentIntent: string;
  metadata: Record<string, string>;
}

/** A Checkout Session that ended unpaid (its expires_at passed): a cart's hold is released at once. */
export interface ExpiredCheckout {
  sessionId: string;
  metadata: Record<string, string>;
}

/** A refund as Stripe reports it, in its answer or in a `refund.*` event. */
export interface RefundState {
  refundId: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  amountMinor: number;
  /** The refund's own metadata: `refundId` names the card_refunds row it was asked for. */
  metadata: Record<string, string>;
}

export interface RefundRequest {
  paymentIntent: string;
  amountMinor: number;
  currency: string;
  /** The same key again answers the refund the first call made: a refund asked twice is made once. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** What the webhook acts on: a session completed (paid, or not yet for a slow method), one that expired unpaid, or a refund that settled. */
export type CheckoutEvent = { completed: CompletedCheckout } | { expired: ExpiredCheckout } | { refund: RefundState };

export interface CardPayments {
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Refunds part or all of a card payment; throws when Stripe refuses or cannot be reached (ask again with the same key). */
  refund(request: RefundRequest): Promise<RefundState>;
  /** Ends an open Checkout Session at once: its page can no longer be paid. Throws when Stripe refuses (already paid or ended) or cannot be reached. */
  expireCheckout(sessionId: string): Promise<void>;
  /**
   * The event in `payload` when `signature` is Stripe's for it and was made within the tolerance
   * of `nowMs` (either side of it); throws otherwise. Null for an event of another type (nothing to do).
   */
  checkoutEvent(payload: Buffer, signature: string, nowMs: number): CheckoutEvent | null;
}

/** Currencies Stripe counts in whole units (its "zero-decimal currencies"). */
const STRIPE_ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Currencies Stripe counts in thousandths. */
const STRIPE_THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * How many of the product's minor units (the currency's ISO digits, as Intl gives them) make one
 * of Stripe's: Stripe counts every other currency in hundredths, the Icelandic króna among them
 * (whole krónur, ×100), although the króna has no minor unit of its own.
 */
export function stripeFactor(currency: string, productDigits: number): number {
  const code = currency.toUpperCase();
  const stripeDigits = STRIPE_ZERO_DECIMAL.has(code) ? 0 : STRIPE_THREE_DECIMAL.has(code) ? 3 : 2;
  return 10 ** (stripeDigits - productDigits);
}

/** Stripe accepts a signed event for 5 minutes after it was signed: a replay after that is refused. */
export const SIGNATURE_TOLERANCE_S = 300;

/** Stripe's SDK (6 MB of the server's heap) is loaded here, only when Stripe is configured. */
export async function stripePayments(config: { secretKey: string; webhookSecret: string; apiUrl: URL }): Promise<CardPayments> {
  const { default: StripeClient } = await import('stripe');
  const port = config.apiUrl.port === '' ? (config.apiUrl.protocol === 'https:' ? 443 : 80) : Number(config.apiUrl.port);
  const stripe: Stripe = new StripeClient(config.secretKey, {
    host: config.apiUrl.hostname,
    port,
    protocol: config.apiUrl.protocol === 'http:' ? 'http' : 'https',
    // A request the network lost is sent again with the same idempotency key: never two sessions.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: toStripe(request.amountMinor, request.currency),
                product_data: { name: `${request.reference} · ${request.description}`.slice(0, 250) },
              },
            },
          ],
          client_reference_id: request.reference,
          ...(request.email && { customer_email: request.email }),
          metadata: { ...request.metadata, ...paidFor(request) },
          payment_intent_data: { metadata: { ...request.metadata, ...paidFor(request) } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe answered the Checkout Session ${session.id} without a URL`);
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    async refund(request) {
      const refund = await stripe.refunds.create(
        { payment_intent: request.paymentIntent, amount: toStripe(request.amountMinor, request.currency), reason: 'requested_by_customer', metadata: request.metadata },
        { idempotencyKey: request.idempotencyKey },
      );
      return refundState(refund);
    },
    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    checkoutEvent(payload, signature, nowMs) {
      const event = stripe.webhooks.constructEvent(payload, signature, config.webhookSecret, SIGNATURE_TOLERANCE_S, undefined, nowMs);
      // The SDK refuses a signature older than the tolerance; one from further ahead is no better.
      const signedAt = signedAtOf(signature);
      if (!(signedAt * 1000 <= nowMs + SIGNATURE_TOLERANCE_S * 1000)) throw new Error('Timestamp outside the tolerance zone');
      const metadataOf = (metadata: Stripe.Metadata | null) => Object.fromEntries(Object.entries(metadata ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      if (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed') return { refund: refundState(event.data.object) };
      if (event.type === 'checkout.session.expired') return { expired: { sessionId: event.data.object.id, metadata: metadataOf(event.data.object.metadata) } };
      // A card is paid on completion; a slower method (a bank debit) says so later in its own event.
      if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null;
      const session = event.data.object;
      const intent = session.payment_intent;
      return {
        completed: {
          sessionId: session.id,
          paid: session.payment_status === 'paid',
          amountMinor: session.amount_total === null ? null : session.currency ? fromStripe(session.amount_total, session.currency) : session.amount_total,
          currency: (session.currency ?? '').toUpperCase(),
          paymentIntent: typeof intent === 'string' ? intent : (intent?.id ?? ''),
          metadata: metadataOf(session.metadata),
        },
      };
    },
  };
}

/** The booking and link a session pays, in its metadata (a gift card's order is in the caller's). */
function paidFor(request: CheckoutRequest): Record<string, string> {
  return { ...(request.bookingId !== undefined && { bookingId: request.bookingId }), ...(request.linkId !== undefined && { linkId: request.linkId }) };
}

/** A product amount (minor units) as Stripe counts it. */
function toStripe(amountMinor: number, currency: string): number {
  return Math.round(amountMinor * stripeFactor(currency, currencyDigits(currency.toUpperCase())));
}

/** A Stripe amount back in the product's minor units. */
function fromStripe(amount: number, currency: string): number {
  return Math.round(amount / stripeFactor(currency, currencyDigits(currency.toUpperCase())));
}

function refundState(refund: Stripe.Refund): RefundState {
  const status = refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled' || refund.status === 'requires_action' ? refund.status : 'pending';
  const metadata = Object.fromEntries(Object.entries(refund.metadata ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return { refundId: refund.id, status, amountMinor: fromStripe(refund.amount, refund.currency), metadata };
}

/**
 * The time a Stripe-Signature header says it was signed at, read as Stripe's SDK reads it (the
 * last `t=` wins, parsed as an integer): the time the SDK checked the signature against. NaN when
 * it says none.
 */
export function signedAtOf(header: string): number {
  let signedAt = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') signedAt = Number.parseInt(value ?? '', 10);
  }
  return signedAt;
}
