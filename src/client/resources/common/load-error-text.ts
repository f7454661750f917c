/**
 * A failed load's cause in plain words. Kept apart from the LoadError components (react-admin's
 * pagination and MUI's alert), so that a screen needing only the words does not download them.
 */
import { ApiError } from '../../providers/http-client';

export interface LoadErrorText {
  title: string;
  detail: string;
}

/** The server's own sentence about a refusal, when it sent one. */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message.trim() === '') return null;
  const text = message.trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function describeLoadError(error: unknown): LoadErrorText {
  const status = error instanceof ApiError ? error.status : undefined;
  if (error instanceof ApiError && error.sessionExpired) {
    return { title: 'Your login has expired.', detail: 'Sign in again to see this page.' };
  }
  if (status === 'FETCH_ERROR') {
    return { title: 'The server could not be reached.', detail: 'Check your connection, then try again.' };
  }
  if (status === 'TIMEOUT_ERROR') {
    return { title: 'The server took too long to answer.', detail: 'It may be busy. Try again in a moment.' };
  }
  if (status === 403) {
    return { title: 'You do not have permission to see this.', detail: 'Ask an administrator if you need it.' };
  }
  const said = serverMessage(error);
  if (status === 404) {
    return { title: said ?? 'This could not be found.', detail: 'Check the address, or find it from its list; it may have been deleted.' };
  }
  if (status === 429) {
    return { title: 'Too many requests.', detail: 'Wait a moment, then try again.' };
  }
  // Any other 4xx is the server refusing what was asked (a bad address or filter), not failing:
  // its own words say what was wrong.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { title: said ?? `The server refused the request (HTTP ${status}).`, detail: 'Check the address or the filters, then try again.' };
  }
  const requestId = error instanceof ApiError ? (error.data as { requestId?: unknown } | null)?.requestId : undefined;
  return {
    title: 'The server failed to answer.',
    detail: typeof requestId === 'string' ? `Try again; if it keeps failing, give an administrator this request id: ${requestId}.` : 'Try again; if it keeps failing, tell an administrator.',
  };
}
