/**
 * Keeps what a form holds when the session ends under it (expired, or signed out in another tab):
 * the values go to this tab's session storage, and come back into the same form when the user
 * has signed in again and returned to the page. Passwords are never kept.
 */
import { useEffect, useRef } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { useLocation } from 'react-router';
import { onSessionEvent } from './session-events';
import { PUBLIC_MESSAGES, publicText } from '../i18n/public-messages';

const PREFIX = 'bo-draft:';
const NEVER_KEPT = /password$/i; // password, currentPassword, newPassword, confirmPassword
export const DRAFT_RESTORED_MESSAGE = PUBLIC_MESSAGES.en['session.draft_restored'];

function draftKey(pathname: string, name: string): string {
  return `${PREFIX}${pathname}#${name}`;
}

function withoutSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => !NEVER_KEPT.test(field)));
}

function readDraft(key: string): Record<string, unknown> | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    sessionStorage.removeItem(key);
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Inside a react-admin form. `name` tells apart several forms of one page. An edit form passes
 * `waitForRecord`: the draft waits for the record, since the form resets itself to each record.
 */
export function KeepDraft({ name = 'form', waitForRecord = false }: { name?: string; waitForRecord?: boolean }) {
  const form = useFormContext();
  const record = useRecordContext();
  const { pathname } = useLocation();
  const notify = useNotify();
  const key = draftKey(pathname, name);
  // Read once (and taken out of storage); kept here until applied, as effects may run twice.
  const draft = useRef<Record<string, unknown> | null | undefined>(undefined);
  const ready = !waitForRecord || record !== undefined;
  // Read in render (react-hook-form tracks only the state a component subscribes to).
  const { isDirty } = useFormState({ control: form.control });
  const dirty = useRef(isDirty);
  dirty.current = isDirty;

  useEffect(() => {
    return onSessionEvent((event) => {
      if (event.type !== 'ended' || !dirty.current) return;
      const values = withoutSecrets(form.getValues());
      try {
        sessionStorage.setItem(key, JSON.stringify(values));
      } catch {
        // storage blocked: the form is lost with the page, as without drafts
      }
    });
  }, [form, key]);

  useEffect(() => {
    if (!ready) return;
    if (draft.current === undefined) draft.current = readDraft(key);
    const values = draft.current;
    if (!values) return;
    // After the form's own reset to its record (effects of a parent run after a child's).
    const timer = setTimeout(() => {
      draft.current = null;
      for (const [field, value] of Object.entries(values)) form.setValue(field, value, { shouldDirty: true });
      notify(publicText('session.draft_restored'), { type: 'info' });
    }, 0);
    return () => clearTimeout(timer);
  }, [ready, key, form, notify]);

  return null;
}
