/**
 * The draft's id and the step live in the address (?draft=…&step=2), each step a history entry of
 * its own: the browser's Back goes one step back, Forward one step on, and a reload of the tab
 * finds the same step with what was typed (kept in the tab's session storage under the draft's id).
 * Opening "New booking" again starts a new draft.
 *
 * The step shown is the form's own state, written to the address, not read back from it: the
 * router draws an address change as a transition, later than the press that asked for it, and a
 * second press of Next arriving before that (a busy computer) would find the old step, ask for the
 * same one again and be lost. The address is read back only when it changes by itself (Back,
 * Forward, a link), told apart from the changes this form asked for and is still waiting to see.
 */
import { useEffect, useRef, useState } from 'react';
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
  const addressStep = draftParam === draftId && Number.isInteger(raw) && raw >= 0 && raw < STEPS.length ? raw : 0;
  const [step, setShownStep] = useState(addressStep);
  const asked = useRef<number[]>([]);
  useEffect(() => {
    const index = asked.current.indexOf(addressStep);
    if (index >= 0) asked.current.splice(0, index + 1);
    else {
      asked.current = [];
      setShownStep(addressStep);
    }
  }, [addressStep]);
  const setStep = (next: number, replace = false) => {
    asked.current.push(next);
    setShownStep(next);
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
  return { draftId, step, setStep, initial };
}
