/**
 * The tour catalogue's constants: statuses, kinds, sort fields and field limits. Kept apart from
 * the schemas (tours.ts) so the browser's screens take these without the schema builder.
 */
export const TOUR_STATUSES = ['draft', 'published', 'archived'] as const;
export const TOUR_SORT_FIELDS = ['code', 'title', 'createdAt', 'updatedAt'] as const;
export const TRAVELLER_CATEGORIES = ['ADULT', 'CHILD', 'INFANT'] as const;
export const COMPONENT_KINDS = ['accommodation', 'transport', 'activity', 'guide', 'meal', 'transfer', 'other'] as const;
export const COMPONENT_INCLUSIONS = ['included', 'optional'] as const;
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
  componentName: { minLength: 1, maxLength: 200, pattern: '\\S' },
  supplier: { maxLength: 200 },
  notes: { maxLength: 2_000 },
  dayTitle: { minLength: 1, maxLength: 200, pattern: '\\S' },
  overnight: { maxLength: 200 },
  componentsPerDay: { maxItems: 50 },
} as const;

export const TOUR_CODE_MESSAGE = 'must be 2–32 capital letters, digits and hyphens, starting with a letter or digit (e.g. ICE-RING-8)';
