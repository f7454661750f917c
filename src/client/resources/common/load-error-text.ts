/**
 * A failed load's cause in plain words. Kept apart from the LoadError components (react-admin's
 * pagination and MUI's alert), so that a screen needing only the words does not download them.
 */
import { t } from '../../i18n';
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
    return { title: t('load_error.session_expired'), detail: t('load_error.session_expired_detail') };
  }
  if (status === 'FETCH_ERROR') {
    return { title: t('load_error.unreachable'), detail: t('load_error.unreachable_detail') };
  }
  if (status === 'TIMEOUT_ERROR') {
    return { title: t('load_error.timeout'), detail: t('load_error.timeout_detail') };
  }
  if (status === 403) {
    return { title: t('load_error.forbidden'), detail: t('load_error.forbidden_detail') };
  }
  const said = serverMessage(error);
  if (status === 404) {
    return { title: said ?? t('load_error.not_found'), detail: t('load_error.not_found_detail') };
  }
  if (status === 429) {
    return { title: t('load_error.too_many'), detail: t('load_error.too_many_detail') };
  }
  // Any other 4xx is the server refusing what was asked (a bad address or filter), not failing:
  // its own words say what was wrong.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { title: said ?? t('load_error.refused', { status }), detail: t('load_error.refused_detail') };
  }
  const requestId = error instanceof ApiError ? (error.data as { requestId?: unknown } | null)?.requestId : undefined;
  return {
    title: t('load_error.failed'),
    detail: typeof requestId === 'string' ? t('load_error.failed_detail_id', { requestId }) : t('load_error.failed_detail'),
  };
}
