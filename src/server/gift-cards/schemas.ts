/** The gift cards routes' schemas: the contract's (src/shared/contract/gift-cards.ts) plus what each route may answer. */
import { GiftCardAdjustmentSchema, GiftCardListQuerySchema, GiftCardListSchema, GiftCardVoidSchema, GiftCardWithTransactionsSchema, NewGiftCardSchema } from '../../shared/contract/gift-cards.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdParamsSchema } from '../http/schemas.js';

const tags = ['gift-cards'];
const security = [{ bearerAuth: [] }];

export const listGiftCardsSchema = {
  tags,
  security,
  summary: 'Gift cards',
  description: 'Needs `giftcards.read`. `q` finds a card by its code (any case, with or without dashes) or by part of its recipient’s name or e-mail; `status` filters.',
  querystring: GiftCardListQuerySchema,
  response: { 200: GiftCardListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getGiftCardSchema = {
  tags,
  security,
  summary: 'A gift card with its transactions',
  description: 'Needs `giftcards.read`. Its ledger, oldest first: issue, redeem (a booking paid with it), refund (a payment given back to it), adjust, void.',
  params: IdParamsSchema,
  response: { 200: GiftCardWithTransactionsSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const issueGiftCardSchema = {
  tags,
  security,
  summary: 'Issue a gift card',
  description:
    'Needs `giftcards.manage`; audited. Its code is made here: 16 characters of Crockford’s base 32 (80 random bits), answered as XXXX-XXXX-XXXX-XXXX. ' +
    'A gift card is money held for a customer, not revenue from a tour: paying with it is a payment (method `gift_card`). ' +
    'With `recipientEmail` the card is e-mailed to it with its PDF, once, in `language` (its `messages` say whether it went).',
  body: NewGiftCardSchema,
  response: { 201: GiftCardWithTransactionsSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const adjustGiftCardSchema = {
  tags,
  security,
  summary: 'Adjust a gift card’s balance',
  description: 'Needs `giftcards.manage`; audited with the note. Never below a balance of 0 (409 GIFT_CARD_BALANCE); a void card cannot change (409 GIFT_CARD_INVALID).',
  params: IdParamsSchema,
  body: GiftCardAdjustmentSchema,
  response: { 200: GiftCardWithTransactionsSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const voidGiftCardSchema = {
  tags,
  security,
  summary: 'Void a gift card',
  description: 'Needs `giftcards.manage`; audited with the note. Its balance goes to 0 in its ledger; what it paid stays paid. 409 when void already.',
  params: IdParamsSchema,
  body: GiftCardVoidSchema,
  response: { 200: GiftCardWithTransactionsSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};
