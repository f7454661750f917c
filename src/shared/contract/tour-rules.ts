/**
 * The tour catalogue's constants: statuses, kinds, sort fields and field limits. Kept apart from
 * the schemas (tours.ts) so the browser's screens take these without the schema builder.
 */
export const TOUR_STATUSES = ['draft', 'published', 'archived'] as const;
export const TOUR_SORT_FIELDS = ['code', 'title', 'createdAt', 'updatedAt'] as const;
export const TRAVELLER_CATEGORIES = ['ADULT', 'CHILD', 'INFANT'] as const;
export const COMPONENT_KINDS = ['accommodation', 'transport', 'activity', 'guide', 'meal', 'transfer', 'other'] as const;
export const COMPONENT_INCLUSIONS = ['included', 'optional'] as const;
/** What a component's cost is counted per: each traveller who takes a seat, the departure, or each such traveller each night of its days. */
export const COST_BASES = ['per_traveller', 'per_departure', 'per_night'] as const;
export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;

/** Field limits, for the schemas below and the forms. */
export const TOUR_RULES = {
  code: { pattern: '^[A-Z0-9][A-Z0-9-]{1,31}$', minLength: 2, maxLength: 32 },
  title: { minLength: 1, maxLength: 200, pattern: '\\S' },
  summary: { maxLength: 500 },
  /** Rich text (HTML) before sanitising. */
  description: { maxLength: 30_000 },
  timeZone: { minLength: 1, maxLength: 64 },
  currency: { pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 },
  durationDays: { minimum: 1, maximum: 365 },
  minPax: { minimum: 1, maximum: 10_000 },
  maxPax: { minimum: 1, maximum: 10_000 },
  bookingCutoffHours: { minimum: 0, maximum: 8_760 },
  cancellationCutoffHours: { minimum: 0, maximum: 8_760, default: 24 },
  depositPercent: { minimum: 0, maximum: 100 },
  balanceDueDays: { minimum: 0, maximum: 365, default: 30 },
  cancellationFeeDays: { minimum: 0, maximum: 365 },
  cancellationFeePercent: { minimum: 0, maximum: 100 },
  cancellationFees: { maxItems: 10 },
  /** Age bands, in whole years on the day a departure starts. */
  infantAgeUnder: { minimum: 1, maximum: 20 },
  childAgeUnder: { minimum: 2, maximum: 21 },
  componentName: { minLength: 1, maxLength: 200, pattern: '\\S' },
  supplier: { maxLength: 200 },
  notes: { maxLength: 2_000 },
  dayTitle: { minLength: 1, maxLength: 200, pattern: '\\S' },
  overnight: { maxLength: 200 },
  componentsPerDay: { maxItems: 50 },
  /** What a customer may do with their own booking, until this many hours before the departure starts. */
  selfServiceUntilHours: { minimum: 0, maximum: 720, default: 48 },
} as const;

/** A new tour's self-service: nothing without a clerk until the office allows it. */
export const DEFAULT_SELF_SERVICE = { cancel: false, change: false, untilHours: 48 } as const;

export const TOUR_CODE_MESSAGE = 'must be 2–32 capital letters, digits and hyphens, starting with a letter or digit (e.g. ICE-RING-8)';

/** Gallery pictures: how many, how large, which kinds. */
export const MEDIA_RULES = {
  alt: { minLength: 1, maxLength: 300, pattern: '\\S' },
  caption: { maxLength: 500 },
  credit: { maxLength: 200 },
  /** Largest upload, in bytes (413 above). */
  maxBytes: 20 * 1024 * 1024,
  /** Largest picture, in pixels (400 above), refused from its header before it is decoded. */
  maxPixels: 50_000_000,
  /** Pictures per tour. */
  maxPerTour: 60,
} as const;

/** The sized copies every picture is re-encoded into: widths in pixels, never enlarged. */
export const MEDIA_SIZES = { thumb: 320, medium: 1024, large: 2048 } as const;
export type MediaSize = keyof typeof MEDIA_SIZES;

/** What an upload may be (recognised from its bytes, not its name or declared type). */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
