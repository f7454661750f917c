/** The payment routes' schemas: the contract's (src/shared/contract/payment-links.ts) plus what each route may answer. */
import Type from 'typebox';
import { NewPaymentLinkSchema, PaymentLinkListSchema, PaymentLinkSchema } from '../../shared/contract/payment-links.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdParamsSchema } from '../http/schemas.js';

const tags = ['payments'];
const security = [{ bearerAuth: [] }];

export const listPaymentLinksSchema = {
  tags,
  security,
  summary: 'The payment links of a booking',
  description: 'Needs `bookings.read` and a role that sees money (403 for one that does not, such as GUIDE). Newest first; `expired` is an open link whose time ran out.',
  params: IdParamsSchema,
  response: { 200: PaymentLinkListSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createPaymentLinkSchema = {
  tags,
  security,
  summary: 'Make a card payment link for a booking',
  description:
    'Needs `payments.create`. A Stripe Checkout page for `amountMinor` of the booking’s currency (default: the deposit while nothing is paid ' +
    'and the tour asks one, else the balance; never more than the balance), payable for 24 hours (Stripe’s longest). With `email: true` it ' +
    'is also e-mailed to the booking’s contact (a “payment link” message, in the customer’s language). When the customer pays, Stripe’s ' +
    '`checkout.session.completed` event records the card payment (see the webhook) and the receipt goes out. 409 `PAYMENTS_NOT_CONFIGURED` ' +
    'without Stripe set up; 409 `PAYMENT_EXCEEDS_BALANCE` above the balance; 409 for a cancelled or expired booking; 503 when Stripe ' +
    'does not answer.',
  params: IdParamsSchema,
  body: NewPaymentLinkSchema,
  response: { 201: PaymentLinkSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 400, 404, 409, 503) },
};

export const stripeWebhookSchema = {
  tags,
  summary: 'Stripe’s events (the webhook endpoint to give Stripe)',
  description:
    'No session: the raw body’s `Stripe-Signature` is checked with STRIPE_WEBHOOK_SECRET and must have been made within 5 minutes ' +
    '(either side); anything else answers 400 and records nothing. `checkout.session.completed` (and ' +
    '`checkout.session.async_payment_succeeded`) with `payment_status` `paid` records a card payment of `amount_total`, referenced by ' +
    'the payment intent, exactly once per session however often or concurrently the event arrives; money that arrived is recorded ' +
    'even beyond the balance (which then reads as owed to the customer) or on a cancelled booking. An event naming another booking or ' +
    'link than the session’s is refused (400). A session for a gift card bought in the shop (its metadata names `giftCardOrderId`) issues the card ' +
    'once, with its e-mails, when its amount and currency are the order’s (`recorded` says whether this event issued it). ' +
    'Other events answer 200 and change nothing. 409 `PAYMENTS_NOT_CONFIGURED` without Stripe.',
  headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String({ maxLength: 2000 })) }),
  response: {
    200: Type.Object({ received: Type.Literal(true), recorded: Type.Boolean({ description: 'A payment was recorded by this delivery of the event' }) }),
    ...errorResponses(400, 409),
  },
};

export const paymentReturnSchema = {
  tags,
  summary: 'Where Stripe’s payment page sends the customer back',
  description: 'No session: a short page thanking the customer (`outcome=paid`) or saying nothing was charged (`outcome=cancelled`).',
  querystring: Type.Object({ outcome: Type.Enum(['paid', 'cancelled']), reference: Type.Optional(Type.String({ maxLength: 40 })) }),
  produces: ['text/html'],
  response: { 200: { description: 'text/html', type: 'string' }, ...errorResponses(400) },
};
