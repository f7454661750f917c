/**
 * Gift cards: money held for a customer, not a discount. Selling one is not revenue from a tour;
 * paying with one is a payment (method gift_card) that debits the card in the same transaction. A
 * card's ledger (issue, redeem, refund, adjust, void) always adds up to its balance, which is never
 * below 0. The server validates with these schemas and documents them.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, ListAnswerSchema, ListQuerySchema, MoneyMinorSchema, NullableIsoDateTimeSchema, UuidSchema } from './common.js';
import { GIFT_CARD_LANGUAGES, GIFT_CARD_RULES, GIFT_CARD_STATUSES, GIFT_CARD_TRANSACTION_KINDS } from './gift-card-rules.js';
import { TOUR_RULES } from './tour-rules.js';
import { EmailSchema } from './users.js';

export { CROCKFORD, formatGiftCardCode, giftCardKey, GIFT_CARD_RULES, GIFT_CARD_STATUSES, type GiftCardStatus } from './gift-card-rules.js';

export const GiftCardTransactionSchema = Type.Object(
  {
    kind: Type.Enum([...GIFT_CARD_TRANSACTION_KINDS]),
    amountMinor: Type.Integer({ description: 'What it did to the balance: above 0 adds (issue, refund, an adjustment up), below 0 takes (redeem, void, an adjustment down)' }),
    balanceAfterMinor: MoneyMinorSchema,
    bookingId: Type.Union([UuidSchema, Type.Null()]),
    bookingReference: Type.Union([Type.String(), Type.Null()]),
    by: Type.Union([Type.String(), Type.Null()], { description: 'Who: a staff member by name, "Online shop", or null for the system' }),
    at: IsoDateTimeSchema,
    note: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'GiftCardTransaction' },
);

export const GiftCardSchema = Type.Object(
  {
    id: UuidSchema,
    code: Type.String({ description: 'XXXX-XXXX-XXXX-XXXX: 16 characters of Crockford’s base 32, 80 random bits; taken in any case, with or without dashes' }),
    currency: Type.String(),
    initialMinor: MoneyMinorSchema,
    balanceMinor: MoneyMinorSchema,
    expiresAt: NullableIsoDateTimeSchema,
    status: Type.Enum([...GIFT_CARD_STATUSES], { description: 'void: voided by staff; expired: past expiresAt; used: nothing left; active: may pay' }),
    recipientName: Type.Union([Type.String(), Type.Null()]),
    recipientEmail: Type.Union([Type.String(), Type.Null()]),
    message: Type.Union([Type.String(), Type.Null()]),
    soldOnline: Type.Boolean({ description: 'Bought in the shop (else issued by staff)' }),
    language: Type.Enum([...GIFT_CARD_LANGUAGES], { description: 'The language of its e-mail and PDF' }),
    createdAt: IsoDateTimeSchema,
  },
  { title: 'GiftCard' },
);
export type GiftCard = Static<typeof GiftCardSchema>;

export const GiftCardMessageSchema = Type.Object(
  {
    kind: Type.Enum(['gift_card', 'gift_card_bought'], { description: 'gift_card: the card with its PDF, to its recipient (or its buyer, when no recipient address was given); gift_card_bought: the buyer’s receipt, when the card went to someone else' }),
    to: Type.String({ description: 'The address it went to; empty until it went' }),
    status: Type.Enum(['queued', 'sent', 'failed']),
    sentAt: NullableIsoDateTimeSchema,
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last try failed' }),
  },
  { title: 'GiftCardMessage' },
);
export type GiftCardMessage = Static<typeof GiftCardMessageSchema>;

export const GiftCardWithTransactionsSchema = Type.Object(
  {
    ...GiftCardSchema.properties,
    transactions: Type.Array(GiftCardTransactionSchema, { description: 'Oldest first' }),
    buyer: Type.Union([Type.Object({ name: Type.String(), email: Type.String() }), Type.Null()], { description: 'Who bought it in the shop; null for a card staff issued' }),
    messages: Type.Array(GiftCardMessageSchema, { description: 'Its e-mails, oldest first: each is sent once' }),
  },
  { title: 'GiftCardWithTransactions' },
);
export type GiftCardWithTransactions = Static<typeof GiftCardWithTransactionsSchema>;

export const NewGiftCardSchema = Type.Object(
  {
    currency: Type.String({ ...TOUR_RULES.currency, description: 'ISO 4217; the card pays only for bookings in it' }),
    amountMinor: Type.Integer({ ...GIFT_CARD_RULES.amountMinor, description: 'Its value, in minor units' }),
    expiresAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When it stops paying; null or left out: never' })),
    recipientName: Type.Optional(Type.Union([Type.String(GIFT_CARD_RULES.recipientName), Type.Null()])),
    recipientEmail: Type.Optional(Type.Union([EmailSchema, Type.Null()], { description: 'The card is e-mailed to it with its PDF, once, when it is issued' })),
    message: Type.Optional(Type.Union([Type.String(GIFT_CARD_RULES.message), Type.Null()])),
    language: Type.Optional(Type.Enum([...GIFT_CARD_LANGUAGES], { description: 'Of its e-mail and PDF; en when left out' })),
  },
  { additionalProperties: false, title: 'NewGiftCard' },
);

export const GiftCardOrderSchema = Type.Object(
  {
    currency: Type.String({ ...TOUR_RULES.currency, description: 'One of the currencies the shop sells tours in' }),
    amountMinor: Type.Integer({ ...GIFT_CARD_RULES.shopAmountMinor, description: 'The card’s value in minor units: at least one whole unit of the currency' }),
    buyer: Type.Object({ name: Type.String(GIFT_CARD_RULES.personName), email: EmailSchema }, { additionalProperties: false }),
    recipient: Type.Optional(
      Type.Object(
        { name: Type.Optional(Type.Union([Type.String(GIFT_CARD_RULES.recipientName), Type.Null()])), email: Type.Optional(Type.Union([EmailSchema, Type.Null()], { description: 'The card is sent here; left out: to the buyer' })) },
        { additionalProperties: false },
      ),
    ),
    message: Type.Optional(Type.Union([Type.String(GIFT_CARD_RULES.message), Type.Null()])),
    language: Type.Optional(Type.Enum([...GIFT_CARD_LANGUAGES], { description: 'Of the card’s e-mail and PDF; the request’s language when left out' })),
  },
  { additionalProperties: false, title: 'GiftCardOrder' },
);
export type GiftCardOrder = Static<typeof GiftCardOrderSchema>;
export type NewGiftCard = Static<typeof NewGiftCardSchema>;

export const GiftCardAdjustmentSchema = Type.Object(
  {
    amountMinor: Type.Integer({ minimum: -GIFT_CARD_RULES.amountMinor.maximum, maximum: GIFT_CARD_RULES.amountMinor.maximum, description: 'Added to the balance (below 0: taken off; never below a balance of 0); not 0' }),
    note: Type.String({ ...GIFT_CARD_RULES.note, description: 'Why (kept in its ledger and the audit log)' }),
  },
  { additionalProperties: false },
);
export const GiftCardVoidSchema = Type.Object({ note: Type.String({ ...GIFT_CARD_RULES.note, description: 'Why it is voided' }) }, { additionalProperties: false });

export const GIFT_CARD_SORT_FIELDS = ['createdAt', 'balanceMinor'] as const;
export const GiftCardListQuerySchema = ListQuerySchema(GIFT_CARD_SORT_FIELDS, 'createdAt', {
  q: Type.Optional(Type.String({ maxLength: 200, description: 'A code (any case, with or without dashes), its last four characters, or part of the recipient’s or the buyer’s name or e-mail' })),
  status: Type.Optional(Type.Enum([...GIFT_CARD_STATUSES])),
});
export type GiftCardListQuery = Static<typeof GiftCardListQuerySchema>;
export const GiftCardListSchema = ListAnswerSchema(GiftCardSchema);
