import { domainFacts } from './fact.js';

/** Gift cards: money held for a customer, sold and redeemed, with their ledger. */
export const GIFT_CARDS = domainFacts({
  name: 'gift-cards',
  permissions: {
    'giftcards.read': 'See gift cards, their balances and transactions',
    'giftcards.manage': 'Issue gift cards, adjust their balances and void them',
  },
  auditActions: {
    'gift_card.issued': 'Gift card issued',
    'gift_card.adjusted': 'Gift card adjusted',
    'gift_card.voided': 'Gift card voided',
  },
  auditTargets: ['gift_card'],
  errorCodes: ['GIFT_CARD_BALANCE', 'GIFT_CARD_INVALID'],
});
