/**
 * What the new-booking form holds, kept in the tab's session storage under the draft's id, so
 * Back, Forward and a reload find it as it was.
 */
import type { STAFF_BOOKING_CHANNELS } from '../../../../shared/contract/bookings';
import type { PromoTerms } from '../../../../shared/contract/promo-codes';
import { CATEGORY_LABELS, newIdempotencyKey } from '../booking-text';

export type Category = keyof typeof CATEGORY_LABELS;

export interface TravellerRow {
  key: number;
  category: Category;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export interface Draft {
  tourId: string | null;
  departureId: string | null;
  travellers: TravellerRow[];
  extras: Record<string, number>;
  singleRooms: number;
  contact: { name: string; email: string; phone: string };
  channel: (typeof STAFF_BOOKING_CHANNELS)[number];
  notes: string;
  /** Where and when the party is picked up; notes for the guide (both on the guide's passenger list). */
  pickup?: string;
  guideNotes?: string;
  holdMinutes: number;
  waitlist: boolean;
  /** Why the booking is taken after the departure's cut-off (only for staff allowed to). */
  cutoffReason?: string;
  idempotencyKey: string;
  /** The promo code applied, with its terms as the server's quote gave them (the server checks it again when booking). */
  promo?: PromoTerms | null;
  /** Set once the booking is made: coming back to this draft starts a new one. */
  madeBookingId?: string;
}

/** The steps, each named by its key under bookings.create.step. */
export const STEPS = ['departure', 'travellers', 'extras', 'contact'] as const;

const DRAFT_PREFIX = 'bo-booking-draft:';
let rowKey = 0;

export const newRow = (category: Category = 'ADULT'): TravellerRow => ({ key: (rowKey += 1), category, firstName: '', lastName: '', dateOfBirth: '' });

export function readBookingDraft(id: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_PREFIX + id);
    if (raw === null) return null;
    const draft = JSON.parse(raw) as Draft;
    if (!draft || typeof draft !== 'object' || !Array.isArray(draft.travellers) || draft.travellers.length === 0) return null;
    // New rows get keys above the restored ones.
    rowKey = Math.max(rowKey, ...draft.travellers.map((row) => row.key));
    return draft;
  } catch {
    return null;
  }
}

export function writeBookingDraft(id: string, draft: Draft): void {
  try {
    sessionStorage.setItem(DRAFT_PREFIX + id, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the form still works, only Back and reload lose it
  }
}

export function freshDraft(departureId: string | null): Draft {
  return {
    tourId: null,
    departureId,
    travellers: [newRow()],
    extras: {},
    singleRooms: 0,
    contact: { name: '', email: '', phone: '' },
    channel: 'phone',
    notes: '',
    holdMinutes: 60,
    waitlist: false,
    idempotencyKey: newIdempotencyKey(),
  };
}
