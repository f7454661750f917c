/** Departures' constants and limits, apart from the schemas so the browser takes them without the schema builder. */
export const DEPARTURE_STATUSES = ['open', 'closed', 'cancelled'] as const;
export const DEPARTURE_SORT_FIELDS = ['startsAt', 'createdAt'] as const;

export const DEPARTURE_RULES = {
  date: { pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' },
  time: { pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, 24-hour' },
  capacity: { minimum: 1, maximum: 10_000 },
  /** Departures one bulk call may create, and the longest date range it may span. */
  bulkMax: 366,
  reason: { minLength: 1, maxLength: 500, pattern: '\\S' },
} as const;

/** ISO weekday numbers, Monday = 1. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * Why a departure takes no booking now, as the server refuses one: 'started' once it has begun,
 * 'cutoff' from its booking cut-off on, 'closed' or 'cancelled' by its status; null while it
 * sells. The office's pickers and the shop's calendar say it before a customer or clerk tries.
 */
export function closedFor(
  departure: { status: (typeof DEPARTURE_STATUSES)[number]; startsAt: string; bookingCutoffHours: number },
  now: number,
): 'started' | 'cutoff' | 'closed' | 'cancelled' | null {
  if (departure.status !== 'open') return departure.status;
  const startsAt = Date.parse(departure.startsAt);
  if (now >= startsAt) return 'started';
  if (now >= startsAt - departure.bookingCutoffHours * 3_600_000) return 'cutoff';
  return null;
}
