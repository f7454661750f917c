/**
 * The draft's id and the step live in the address (?draft=…&step=2), each step a history entry of
 * its own: the browser's Back goes one step back, Forward one step on, and a reload of the tab
 * finds the same step with what was typed (kept in the tab's session storage under the draft's id).
 * Opening "New booking" again starts a new draft.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { newIdempotencyKey } from '../booking-text';
import { freshDraft, readBookingDraft, STEPS, type Draft } from './draft';

export function useBookingDraft(): { draftId: string; step: number; setStep: (step: number, replace?: boolean) => void; initial: Draft } {
  const [search, setSearch] = useSearchParams();
  const draftParam = search.get('draft');
  const [{ draftId, initial }] = useState(() => {
    const stored = draftParam ? readBookingDraft(draftParam) : null;
    if (draftParam && !stored?.madeBookingId) return { draftId: draftParam, initial: stored ?? freshDraft(search.get('departureId')) };
    return { draftId: newIdempotencyKey(), initial: freshDraft(search.get('departureId')) };
  });
  useEffect(() => {
    if (draftParam === draftId) return;
    // A new draft, or one whose booking was made already: a new draft in the same history entry.
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('draft', draftId);
        next.delete('step');
        return next;
      },
      { replace: true },
    );
  }, [draftParam, draftId, setSearch]);
  const raw = Number(search.get('step') ?? 0);
  const step = draftParam === draftId && Number.isInteger(raw) && raw >= 0 && raw < STEPS.length ? raw : 0;
  const setStep = (next: number, replace = false) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('draft', draftId);
        if (next === 0) params.delete('step');
        else params.set('step', String(next));
        return params;
      },
      { replace },
    );
  return { draftId, step, setStep, initial };
}
