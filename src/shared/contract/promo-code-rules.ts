/** A promo code's limits and words for programs, without the schemas: the office's screens take them from here, not with TypeBox. */
export const PROMO_CODE_RULES = {
  code: { minLength: 4, maxLength: 32, pattern: '^[A-Za-z0-9-]+$' },
  percent: { minimum: 1, maximum: 100 },
  maxTours: 200,
} as const;

export const PROMO_CHANNELS = ['office', 'online', 'reseller'] as const;
export type PromoChannel = (typeof PROMO_CHANNELS)[number];

/** Why a code does not apply to a booking, as PROMO_CODE_INVALID's `reason` says it. */
export const PROMO_REFUSALS = ['unknown', 'inactive', 'not_started', 'expired', 'not_for_tour', 'not_for_currency', 'not_for_dates', 'not_for_channel', 'too_few_travellers', 'used_up'] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

export const PROMO_SORT_FIELDS = ['code', 'createdAt', 'uses'] as const;
