/**
 * The draft's id and the step live in the address (?draft=…&step=2), each step a history entry of
 * its own: the browser's Back goes one step back, Forward one step on, and a reload of the tab
 * finds the same step with what was typed (kept in the tab's session storage under the draft's id).
 * Opening "New booking" again starts a new draft.
 *
 * The router draws an address change as a transition, a moment after the press that asked for
 * it. A second press of Next in that moment (a busy computer) must go on from the step the first
 * asked for, not from the one still drawn, or it would ask for the same step again and be lost:
 * stepAhead() is that step. What is drawn stays the address's step, so the screen and the
 * browser's history always agree.
 */
import { useEffect, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router';
import { newIdempotencyKey } from '../booking-text';
import { freshDraft, readBookingDraft, STEPS, type Draft } from './draft';

export function useBookingDraft(): {
  draftId: string;
  /** The step drawn: the address's. */
  step: number;
  /** The step the form is on or on its way to (asked for, not drawn yet). */
  stepAhead: () => number;
  setStep: (step: number, replace?: boolean) => void;
  initial: Draft;
} {
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
  const location = useLocation();
  const navigationType = useNavigationType();
  const asked = useRef<number | null>(null);
  useEffect(() => {
    // The step asked for is drawn, or the browser's Back or Forward took the form elsewhere.
    if (navigationType === NavigationType.Pop || asked.current === step) asked.current = null;
  }, [location, navigationType, step]);
  const setStep = (next: number, replace = false) => {
    asked.current = next;
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
  };
  return { draftId, step, stepAhead: () => asked.current ?? step, setStep, initial };
}
