/** Resources' constants and limits, apart from the schemas so the browser takes them without the schema builder. */
export const RESOURCE_KINDS = ['guide', 'driver', 'vehicle', 'other'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const RESOURCE_SORT_FIELDS = ['name', 'kind'] as const;

export const RESOURCE_RULES = {
  name: { minLength: 1, maxLength: 120, pattern: '\\S' },
  // BCP 47: a primary language, then subtags (de, en-GB, zh-Hant-TW).
  language: { pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$', maxLength: 35 },
  languages: { maxItems: 20 },
  seats: { minimum: 1, maximum: 1000 },
  phone: { minLength: 1, maxLength: 40 },
  notes: { maxLength: 2000 },
  role: { maxLength: 80 },
  day: { minimum: 1, maximum: 366 },
  unavailabilityReason: { maxLength: 200 },
  /** The longest stretch of days off in one entry. */
  unavailabilityDays: 366,
} as const;
