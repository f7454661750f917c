/**
 * A gift card's code and limits, without the schemas (the office's screens take them from here).
 * A code is 16 characters of Crockford's base 32 (no I, L, O or U, so nothing reads as another),
 * 80 random bits, written in groups of four; it is taken in any case, with or without the dashes
 * and spaces, and an I or L read as 1, an O as 0, as Crockford's alphabet reads them.
 */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const GIFT_CARD_RULES = {
  amountMinor: { minimum: 1, maximum: 100_000_000 },
  /** What the shop sells a card for: at least one whole unit of its currency (checked by the server), at most this many minor units. */
  shopAmountMinor: { minimum: 1, maximum: 1_000_000 },
  recipientName: { maxLength: 200 },
  personName: { minLength: 1, maxLength: 200 },
  message: { maxLength: 1000 },
  note: { minLength: 3, maxLength: 500 },
} as const;

export const GIFT_CARD_LANGUAGES = ['en', 'de'] as const;
export const GIFT_CARD_STATUSES = ['active', 'used', 'expired', 'void'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];
export const GIFT_CARD_TRANSACTION_KINDS = ['issue', 'redeem', 'refund', 'adjust', 'void'] as const;

/** The 16 characters of a code as typed (any case, dashes and spaces ignored), or null when it cannot be one. */
export function giftCardKey(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (plain.length !== 16) return null;
  for (const char of plain) if (!CROCKFORD.includes(char)) return null;
  return plain;
}

/** XXXX-XXXX-XXXX-XXXX. */
export function formatGiftCardCode(key: string): string {
  return key.match(/.{1,4}/g)!.join('-');
}
