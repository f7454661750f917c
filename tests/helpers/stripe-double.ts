/**
 * Stripe, as a local HTTP server the product's real Stripe SDK talks to (STRIPE_API_URL): it makes
 * Checkout Sessions as Stripe's API does (form-encoded parameters, a secret key, idempotency keys,
 * the limits of expires_at), serves a payment page for each, and when it is paid sends
 * `checkout.session.completed` to the webhook endpoint it was given, signed as Stripe signs (HMAC
 * SHA-256 of "timestamp.payload" with the endpoint's secret). It refunds a paid session's payment
 * intent as POST /v1/refunds does, and signs `refund.updated` for a refund that settles later. Tests also build and sign events
 * themselves, to replay, forge or delay them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_STRIPE_KEY = 'sk_test_double4eC39HqLyjWDarjtT1zdp7dc';
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_doubleMfl8WvRAmxUy4Yn4Uz6dUSjE';

export interface DoubleSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  expires_at: number;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer_email: string | null;
  line_items: { name: string; unit_amount: number; quantity: number }[];
}

export interface DoubleRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeDouble {
  /** STRIPE_API_URL for the product. */
  url: string;
  /** The three variables that point the product at this double. */
  env: Record<string, string>;
  sessions: Map<string, DoubleSession>;
  /** Every Checkout Session request as it came (after an idempotent replay too). */
  requests: { idempotencyKey: string | null; params: Record<string, unknown> }[];
  /** Where a paid page sends its event (the product's /api/payments/stripe/webhook). */
  webhookUrl: string | null;
  /** Stripe's clock (the test's, when it moves one). */
  now: () => number;
  /** From now on the API answers this status with an error (null: as Stripe would). */
  failWith: number | null;
  /** The signed `checkout.session.completed` of a session as Stripe would send it once paid. */
  completedEvent(sessionId: string, options?: { signedAt?: number; secret?: string; tamper?: (session: DoubleSession) => void }): { payload: string; signature: string };
  /** The signed `checkout.session.expired` of a session that ended unpaid, as Stripe sends it after expires_at. */
  expiredEvent(sessionId: string): { payload: string; signature: string };
  /** The customer pays on the page: the session is complete and its event goes to webhookUrl. Answers the webhook's status. */
  pay(sessionId: string): Promise<number>;
  /** Refunds made through POST /v1/refunds, by id (an idempotent replay answers the first one). */
  refunds: Map<string, DoubleRefund>;
  /** Every refund request as it came (a replay too), with its idempotency key. */
  refundRequests: { idempotencyKey: string | null; params: Record<string, unknown> }[];
  /** The status a new refund is answered with: a card refund is `succeeded` at once, some methods stay `pending` until an event says. */
  refundStatus: 'succeeded' | 'pending';
  /** Awaited after a refund is made and before it is answered (a fault test kills the server there). */
  beforeRefundAnswer: ((refund: DoubleRefund) => Promise<void>) | null;
  /** The next refund requests are made at Stripe but their answers are lost (a 500 after the work): the caller must ask again with the same key. */
  loseRefundAnswers: number;
  /** The signed `refund.updated` of a refund, after its status is set (Stripe sends it when a pending refund settles). */
  refundEvent(refundId: string, status: DoubleRefund['status']): { payload: string; signature: string };
  /** Sends a signed event to webhookUrl; answers the webhook's status. */
  deliver(event: { payload: string; signature: string }): Promise<number>;
  close(): Promise<void>;
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const byKey = new Map<string, DoubleSession>();
  const refundsByKey = new Map<string, DoubleRefund>();
  const double: StripeDouble = {
    url: '',
    env: {},
    sessions: new Map(),
    requests: [],
    webhookUrl: null,
    now: () => Date.now(),
    failWith: null,
    refunds: new Map(),
    refundRequests: [],
    refundStatus: 'succeeded',
    loseRefundAnswers: 0,
    beforeRefundAnswer: null,
    refundEvent(refundId, status) {
      const refund = double.refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = status;
      return signedEvent(status === 'failed' ? 'refund.failed' : 'refund.updated', structuredClone(refund), double.now());
    },
    async deliver(event) {
      if (!double.webhookUrl) throw new Error('the double has no webhook endpoint to tell');
      const response = await fetch(double.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: event.payload,
      });
      await response.arrayBuffer();
      return response.status;
    },
    completedEvent(sessionId, options = {}) {
      const session = double.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const object: DoubleSession = {
        ...structuredClone(session),
        status: 'complete',
        payment_status: 'paid',
        payment_intent: session.payment_intent ?? `pi_${randomBytes(12).toString('hex')}`,
      };
      session.payment_intent = object.payment_intent;
      options.tamper?.(object);
      return signedEvent('checkout.session.completed', object, options.signedAt ?? double.now(), options.secret);
    },
    expiredEvent(sessionId) {
      const session = double.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'expired';
      return signedEvent('checkout.session.expired', { ...structuredClone(session), status: 'expired', url: null }, double.now());
    },
    async pay(sessionId) {
      const session = double.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (!double.webhookUrl) throw new Error('the double has no webhook endpoint to tell');
      const event = double.completedEvent(sessionId);
      session.status = 'complete';
      session.payment_status = 'paid';
      const response = await fetch(double.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: event.payload,
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, Buffer.concat(chunks).toString('utf8'), response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
  });

  async function handle(request: IncomingMessage, body: string, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', double.url);
    const page = /^\/c\/pay\/(cs_test_\w+)$/.exec(url.pathname);
    if (page) return payPage(request, response, page[1]!);
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') return createSession(request, body, response);
    const one = /^\/v1\/checkout\/sessions\/(cs_test_\w+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const session = double.sessions.get(one[1]!);
      return session ? json(response, 200, session) : stripeError(response, 404, 'invalid_request_error', `No such checkout.session: '${one[1]}'`);
    }
    const expire = /^\/v1\/checkout\/sessions\/(cs_test_\w+)\/expire$/.exec(url.pathname);
    if (request.method === 'POST' && expire) return expireSession(request, response, expire[1]!);
    if (request.method === 'POST' && url.pathname === '/v1/refunds') return createRefund(request, body, response);
    return stripeError(response, 404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${url.pathname}).`);
  }

  function createSession(request: IncomingMessage, body: string, response: ServerResponse): void {
    if (request.headers.authorization !== `Bearer ${TEST_STRIPE_KEY}`) return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided.');
    if (double.failWith !== null) return stripeError(response, double.failWith, 'api_error', 'The double was told to fail.');
    const params = decodeForm(body);
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    double.requests.push({ idempotencyKey, params });
    if (idempotencyKey && byKey.has(idempotencyKey)) return json(response, 200, byKey.get(idempotencyKey));
    const item = (params.line_items as Record<string, Record<string, unknown>> | undefined)?.['0'];
    const price = item?.price_data as Record<string, unknown> | undefined;
    const unitAmount = Number(price?.unit_amount);
    const nowS = Math.floor(double.now() / 1000);
    const expiresAt = Number(params.expires_at ?? nowS + 86_400);
    if (params.mode !== 'payment') return stripeError(response, 400, 'invalid_request_error', 'mode: payment expected by this double');
    if (!Number.isInteger(unitAmount) || unitAmount < 1) return stripeError(response, 400, 'invalid_request_error', 'line_items[0][price_data][unit_amount]: a positive integer');
    if (typeof price?.currency !== 'string' || !/^[a-z]{3}$/.test(price.currency)) return stripeError(response, 400, 'invalid_request_error', 'Invalid currency');
    // As Stripe: the króna is counted in hundredths that must be whole krónur.
    if (price.currency === 'isk' && unitAmount % 100 !== 0) return stripeError(response, 400, 'invalid_request_error', 'ISK amounts must be a multiple of 100 (whole krónur in hundredths).');
    if (!(expiresAt >= nowS + 1800 && expiresAt <= nowS + 86_400)) {
      return stripeError(response, 400, 'invalid_request_error', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    }
    if (typeof params.success_url !== 'string' || typeof params.cancel_url !== 'string') return stripeError(response, 400, 'invalid_request_error', 'success_url and cancel_url are required');
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const quantity = Number(item?.quantity ?? 1);
    const session: DoubleSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      url: `${double.url}/c/pay/${id}`,
      amount_total: unitAmount * quantity,
      currency: price.currency,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      expires_at: expiresAt,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      line_items: [{ name: String((price.product_data as Record<string, unknown> | undefined)?.name ?? ''), unit_amount: unitAmount, quantity }],
    };
    double.sessions.set(id, session);
    if (idempotencyKey) byKey.set(idempotencyKey, session);
    json(response, 200, session);
  }

  /**
   * As Stripe's POST /v1/refunds for a payment intent: at most what the charge has left to refund
   * (Stripe's `charge_already_refunded` past it), the same idempotency key answering the first refund.
   */
  function createRefund(request: IncomingMessage, body: string, response: ServerResponse): void | Promise<void> {
    if (request.headers.authorization !== `Bearer ${TEST_STRIPE_KEY}`) return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided.');
    if (double.failWith !== null) return stripeError(response, double.failWith, 'api_error', 'The double was told to fail.');
    const params = decodeForm(body);
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    double.refundRequests.push({ idempotencyKey, params });
    const replay = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
    if (replay) return answerRefund(response, replay);
    const intent = typeof params.payment_intent === 'string' ? params.payment_intent : '';
    // A session whose completed event was made (pay(), or a test's completedEvent()) has its payment intent.
    const session = [...double.sessions.values()].find((one) => one.payment_intent === intent);
    if (!session) return stripeError(response, 404, 'invalid_request_error', `No such payment_intent: '${intent}'`);
    const refunded = [...double.refunds.values()].filter((one) => one.payment_intent === intent && one.status !== 'failed').reduce((sum, one) => sum + one.amount, 0);
    const amount = params.amount === undefined ? session.amount_total - refunded : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) return stripeError(response, 400, 'invalid_request_error', 'amount: a positive integer');
    if (amount > session.amount_total - refunded) {
      return stripeError(response, 400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - refunded})`);
    }
    const refund: DoubleRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: intent,
      status: double.refundStatus,
      reason: typeof params.reason === 'string' ? params.reason : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      created: Math.floor(double.now() / 1000),
    };
    double.refunds.set(refund.id, refund);
    if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
    if (double.beforeRefundAnswer) return double.beforeRefundAnswer(refund).then(() => answerRefund(response, refund));
    answerRefund(response, refund);
  }

  function answerRefund(response: ServerResponse, refund: DoubleRefund): void {
    if (double.loseRefundAnswers > 0) {
      double.loseRefundAnswers -= 1;
      return stripeError(response, 500, 'api_error', 'The refund was made but this answer was lost (the double was told to).');
    }
    json(response, 200, refund);
  }

  /** As Stripe's POST /v1/checkout/sessions/{id}/expire: only an open session ends; one paid or ended is refused. */
  function expireSession(request: IncomingMessage, response: ServerResponse, id: string): void {
    if (request.headers.authorization !== `Bearer ${TEST_STRIPE_KEY}`) return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided.');
    if (double.failWith !== null) return stripeError(response, double.failWith, 'api_error', 'The double was told to fail.');
    const session = double.sessions.get(id);
    if (!session) return stripeError(response, 404, 'invalid_request_error', `No such checkout.session: '${id}'`);
    if (session.status === 'open' && session.expires_at * 1000 <= double.now()) session.status = 'expired';
    if (session.status !== 'open') return stripeError(response, 400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    session.status = 'expired';
    json(response, 200, { ...session, url: null });
  }

  async function payPage(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const session = double.sessions.get(id);
    if (!session) return html(response, 404, '<h1>This payment page does not exist</h1>');
    if (session.status === 'open' && session.expires_at * 1000 <= double.now()) session.status = 'expired';
    if (request.method === 'POST' && session.status === 'open') {
      const status = await double.pay(id);
      if (status !== 200) return html(response, 502, `<h1>The merchant's endpoint answered ${status}</h1>`);
      response.writeHead(303, { location: session.success_url });
      response.end();
      return;
    }
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    const state = session.status === 'open' ? `<form method="post"><button type="submit">Pay ${amount}</button></form>` : `<p>This session is ${session.status}.</p>`;
    html(response, 200, `<h1>Stripe double: pay ${amount}</h1><p>${escape(session.line_items[0]?.name ?? '')}</p>${state}`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.env = { STRIPE_SECRET_KEY: TEST_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: double.url };
  return double;
}

/** An event as Stripe sends it to an endpoint, signed with its secret at `atMs`. */
function signedEvent(type: string, object: unknown, atMs: number, secret = TEST_STRIPE_WEBHOOK_SECRET): { payload: string; signature: string } {
  const signedAt = Math.floor(atMs / 1000);
  const event = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: signedAt,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  const payload = JSON.stringify(event, null, 2);
  return { payload, signature: sign(payload, signedAt, secret) };
}

/** Stripe's signature header: t=<seconds>,v1=<HMAC-SHA256 of "t.payload" with the endpoint's secret>. */
export function sign(payload: string, atSeconds: number, secret: string): string {
  return `t=${atSeconds},v1=${createHmac('sha256', secret).update(`${atSeconds}.${payload}`).digest('hex')}`;
}

/** Stripe's form encoding (a[b][0][c]=d) back into objects; arrays stay objects keyed '0', '1'… */
function decodeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = value;
  }
  return out;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, type: string, message: string): void {
  json(response, status, { error: { type, message } });
}

function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html><head><meta charset="utf-8"><title>Stripe double</title></head><body>${body}</body></html>`);
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}
