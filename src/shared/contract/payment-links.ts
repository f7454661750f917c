/**
 * Payment links: a card payment page (Stripe Checkout) for an amount of a booking's balance, which
 * the customer opens from an e-mail or from wherever the clerk hands it over. The server validates
 * with these schemas and documents them; both sides take their types from them.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, UuidSchema } from './common.js';

export const PAYMENT_LINK_STATUSES = ['open', 'paid', 'expired'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** How long a link stays payable: Stripe's longest for a Checkout Session. */
export const PAYMENT_LINK_HOURS = 24;

/**
 * What is due now of a booking: what the deposit still lacks while the paid amount is short of it
 * (nothing paid yet, or a change raised the deposit above what was paid), else the whole balance.
 * What a payment link asks for, and what Record payment offers, unless the clerk says otherwise.
 */
export function dueNowMinor(booking: { paidMinor: number; depositMinor: number; balanceMinor: number }): number {
  const balance = Math.max(0, booking.balanceMinor);
  const depositShort = booking.depositMinor - booking.paidMinor;
  return depositShort > 0 && depositShort < balance ? depositShort : balance;
}

export const PaymentLinkSchema = Type.Object(
  {
    id: UuidSchema,
    bookingId: UuidSchema,
    url: Type.String({ description: 'The payment page (Stripe Checkout) to give the customer' }),
    amountMinor: Type.Integer({ description: 'Minor units of the booking’s currency' }),
    currency: Type.String(),
    status: Type.Enum([...PAYMENT_LINK_STATUSES], { description: 'open: payable until expiresAt; paid: the card payment is recorded; expired: not paid in time' }),
    expiresAt: IsoDateTimeSchema,
    emailed: Type.Boolean({ description: 'Sent to the customer in a message (a payment link or a balance reminder)' }),
    paymentId: Type.Union([UuidSchema, Type.Null()], { description: 'The payment recorded when it was paid' }),
    createdByName: Type.Union([Type.String(), Type.Null()], { description: 'The clerk who made it; null when a message made it' }),
    createdAt: IsoDateTimeSchema,
  },
  { title: 'PaymentLink' },
);
export type PaymentLink = Static<typeof PaymentLinkSchema>;

export const NewPaymentLinkSchema = Type.Object(
  {
    amountMinor: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'What the link asks for, at most the balance. Default: the deposit while nothing is paid and the tour asks one, else the balance.',
      }),
    ),
    email: Type.Optional(Type.Boolean({ description: 'Also e-mail it to the booking’s contact (a “payment link” message). Default false.' })),
  },
  { additionalProperties: false },
);
export type NewPaymentLink = Static<typeof NewPaymentLinkSchema>;

export const PaymentLinkListSchema = Type.Object({ data: Type.Array(PaymentLinkSchema) });
