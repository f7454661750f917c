/**
 * Whether a traveller's birth date fits the category they are booked in, by the tour's age bands
 * on the day the departure starts (an infant under 2 and a child under 12 unless the tour says
 * otherwise). The booking form warns and does not refuse: the clerk may know better (a 12-year-old
 * sold a child's place by the operator's leave).
 */
import { Temporal } from 'temporal-polyfill';

export interface AgeBands {
  infantAgeUnder: number;
  childAgeUnder: number;
}

export const DEFAULT_AGE_BANDS: AgeBands = { infantAgeUnder: 2, childAgeUnder: 12 };

type Category = 'ADULT' | 'CHILD' | 'INFANT';

/** Whole years from `dateOfBirth` to `onDate` (both YYYY-MM-DD); null when either is not a date. */
export function ageOn(dateOfBirth: string, onDate: string): number | null {
  try {
    const born = Temporal.PlainDate.from(dateOfBirth, { overflow: 'reject' });
    const on = Temporal.PlainDate.from(onDate, { overflow: 'reject' });
    // Born after that day: -1, not the "0 years" Temporal counts for less than a year either way.
    if (Temporal.PlainDate.compare(born, on) > 0) return -1;
    return born.until(on, { largestUnit: 'years' }).years;
  } catch {
    return null;
  }
}

/** The category a traveller of `age` falls in on this tour. */
export function categoryForAge(age: number, bands: AgeBands): Category {
  if (age < bands.infantAgeUnder) return 'INFANT';
  if (age < bands.childAgeUnder) return 'CHILD';
  return 'ADULT';
}

const NAMES: Record<Category, string> = { ADULT: 'an adult', CHILD: 'a child', INFANT: 'an infant' };

function bandText(category: Category, bands: AgeBands): string {
  if (category === 'INFANT') return `under ${bands.infantAgeUnder}`;
  if (category === 'CHILD') return `${bands.infantAgeUnder}–${bands.childAgeUnder - 1}`;
  return `${bands.childAgeUnder} or older`;
}

/** Why a birth date does not fit its category on the departure's date, for a screen to say in its own words; null when it fits or either date is missing. */
export type BirthDateProblem = { kind: 'born_after' } | { kind: 'other_band'; age: number; fits: Category; category: Category; band: { under?: number; from?: number; to?: number } };

export function birthDateProblem(traveller: { category: Category; dateOfBirth: string }, departureDate: string | undefined, bands: AgeBands): BirthDateProblem | null {
  if (!traveller.dateOfBirth || !departureDate) return null;
  const age = ageOn(traveller.dateOfBirth, departureDate);
  if (age === null) return null;
  if (age < 0) return { kind: 'born_after' };
  const fits = categoryForAge(age, bands);
  if (fits === traveller.category) return null;
  const band = fits === 'INFANT' ? { under: bands.infantAgeUnder } : fits === 'CHILD' ? { from: bands.infantAgeUnder, to: bands.childAgeUnder - 1 } : { from: bands.childAgeUnder };
  return { kind: 'other_band', age, fits, category: traveller.category, band };
}

/**
 * The same in English ("Aged 46 on the departure date: an adult on this tour (12 or older), not a
 * child"); null when it fits or either date is missing.
 */
export function birthDateWarning(traveller: { category: Category; dateOfBirth: string }, departureDate: string | undefined, bands: AgeBands): string | null {
  const problem = birthDateProblem(traveller, departureDate, bands);
  if (problem === null) return null;
  if (problem.kind === 'born_after') return 'Born after the departure date: check the year.';
  return `Aged ${problem.age} on the departure date: ${NAMES[problem.fits]} on this tour (${bandText(problem.fits, bands)}), not ${NAMES[problem.category]}.`;
}

/** Whether children or infants are booked with no adult. */
export function hasNoAdult(travellers: { category: Category }[]): boolean {
  const adults = travellers.filter((traveller) => traveller.category === 'ADULT').length;
  return adults === 0 && travellers.length > 0;
}

/** A warning when children or infants are booked with no adult; null otherwise. */
export function noAdultWarning(travellers: { category: Category }[]): string | null {
  const adults = travellers.filter((traveller) => traveller.category === 'ADULT').length;
  const young = travellers.length - adults;
  if (adults > 0 || young === 0) return null;
  return 'No adult is booked with these children. Add the adult who travels with them, unless the tour takes children on their own.';
}
