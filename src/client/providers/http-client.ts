/**
 * The one HTTP client every call goes through: base `/api/`, credentials included,
 * JSON bodies, a bearer header when a token is held. On HTTP 403 it refreshes the access token
 * (one refresh shared by every call waiting at that moment, and serialised across tabs) and
 * retries the original call once; if the refresh itself is refused, the error says
 * "Your login has expired." (for a change: that nothing was saved) and is marked `sessionExpired`;
 * once per refusal `onSessionExpired` runs (the app shows the toast) and the end of the session is
 * announced to this tab and the others (session/session-events.ts: they go to /login, keeping
 * unsaved forms as drafts).
 */
import { API_BASE, apiPaths } from '../../shared/api-paths';
import { announce } from '../session/session-events';
import { getAuth, setCredentials } from './auth-state';
import { PUBLIC_MESSAGES, publicText } from '../i18n/public-messages';
import { currentLanguage } from '../i18n/language';

export type ApiErrorStatus = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | number;

export const SESSION_EXPIRED_MESSAGE = PUBLIC_MESSAGES.en['session.expired'];
/** A change refused because the session ended: said as a refusal, never as a success. */
export const NOT_SAVED_SESSION_MESSAGE = PUBLIC_MESSAGES.en['session.not_saved'];

/** A failed call. `body` carries the server's answer so react-admin shows field errors next to fields. */
export class ApiError extends Error {
  readonly status: ApiErrorStatus;
  readonly data: unknown;
  readonly body: unknown;
  readonly sessionExpired: boolean;

  constructor(status: ApiErrorStatus, data: unknown, message?: string, sessionExpired = false) {
    super(message ?? messageOf(status, data));
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.body = data;
    this.sessionExpired = sessionExpired;
  }
}

/** A refusal's field errors (400 VALIDATION: field → message), to show under the fields; null for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const errors = (error.body as { errors?: unknown }).errors;
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string>) : null;
}

/**
 * A failed change says whether it was saved: not when the server could not be reached or failed
 * (its transaction was rolled back); perhaps when it took too long, since it may have finished.
 */
function changeFailureMessage(status: ApiErrorStatus, data: unknown): string {
  if (status === 'TIMEOUT_ERROR') return publicText('http.timeout_change');
  const base = messageOf(status, data);
  return status === 'FETCH_ERROR' || (typeof status === 'number' && status >= 500) ? publicText('http.nothing_saved', { message: base }) : base;
}

function messageOf(status: ApiErrorStatus, data: unknown): string {
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
    // The server words its refusals in the language each call asks for (Accept-Language, below),
    // particulars and all: a balance's amount, the days a resource is busy, the seats left.
    return (data as { message: string }).message;
  }
  switch (status) {
    case 'FETCH_ERROR':
      return publicText('http.unreachable');
    case 'TIMEOUT_ERROR':
      return publicText('http.timeout');
    case 'PARSING_ERROR':
      return publicText('http.unreadable');
    default:
      return publicText('http.failed', { status });
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** Create, update, delete and reset-password calls: 200 or 201 is success; otherwise only 200. */
  mutation?: boolean;
  /** No refresh-and-retry on 403 (the login and refresh calls themselves). */
  skipRefresh?: boolean;
  signal?: AbortSignal;
  /** A multipart body (an upload) instead of JSON; sent with XMLHttpRequest, which reports progress. */
  form?: FormData;
  /** Called as an upload's bytes go out: the fraction sent, 0 to 1. */
  onUploadProgress?: (fraction: number) => void;
  /** This call's own time limit (an upload of 20 MB on a slow line takes minutes). */
  timeoutMs?: number;
  /** Headers of this call (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** A document (CSV, PDF): answered as a DownloadedFile instead of JSON. */
  file?: boolean;
}

/** A document the server sent: its bytes and the name it suggested. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface HttpClientOptions {
  /** Absolute or relative base, default `/api/`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Called once per refused refresh, however many calls were waiting on it. */
  onSessionExpired?: () => void;
  /** How multipart bodies go out; default XMLHttpRequest (fetch cannot report upload progress). */
  sendForm?: FormSender;
}

export type FormSender = (
  url: string,
  method: string,
  headers: Record<string, string>,
  form: FormData,
  signal: AbortSignal,
  onProgress?: (fraction: number) => void,
) => Promise<{ status: number; text: string }>;

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** One refresh for every caller waiting at that moment; null when the server refused it. */
  refreshAccessToken(): Promise<string | null>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const REFRESH_LOCK = 'bo-refresh';

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? API_BASE;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);
  let refreshing: Promise<string | null> | null = null;
  const expiryAnnounced = new WeakSet<Promise<string | null>>();

  async function send<T>(path: string, opts: RequestOptions, token: string | null): Promise<T> {
    const url = buildUrl(baseUrl, path, opts.query);
    // The screens' language, so that the server's refusals (a conflict's reason, a field's problem) come in it.
    const headers: Record<string, string> = { Accept: opts.file ? '*/*' : 'application/json', 'Accept-Language': currentLanguage(), ...opts.headers };
    if (opts.body !== undefined && !opts.form) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    const failure = (status: ApiErrorStatus, data: unknown) =>
      new ApiError(status, data, opts.mutation ? changeFailureMessage(status, data) : undefined);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? timeoutMs);
    const onAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onAbort);

    let status: number;
    let text: string;
    try {
      if (opts.form) {
        ({ status, text } = await (options.sendForm ?? sendForm)(url, opts.method ?? 'POST', headers, opts.form, controller.signal, opts.onUploadProgress));
      } else {
        const response = await doFetch(url, {
          method: opts.method ?? 'GET',
          headers,
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          credentials: 'include',
          signal: controller.signal,
        });
        status = response.status;
        if (opts.file && status === 200) {
          const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
          return { blob: await response.blob(), filename } as T;
        }
        text = await response.text();
      }
    } catch (error) {
      if (opts.signal?.aborted && !timedOut) throw error; // the caller cancelled: not a failure to report
      throw failure(timedOut ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', null);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }

    let data: unknown = null;
    if (text !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        throw failure('PARSING_ERROR', text);
      }
    }
    const ok = status === 200 || (opts.mutation === true && status === 201);
    if (!ok) throw failure(status, data);
    return data as T;
  }

  function refreshAccessToken(): Promise<string | null> {
    if (!refreshing) {
      const refresh = async () => {
        try {
          const answer = await send<{ token: string }>(apiPaths.refreshToken, { skipRefresh: true }, null);
          setCredentials(answer.token);
          return answer.token;
        } catch (error) {
          if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return null;
          throw error;
        }
      };
      refreshing = withCrossTabLock(refresh).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const token = getAuth().token;
    try {
      return await send<T>(path, opts, token);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 403 || opts.skipRefresh) throw error;
      // Another call may already have refreshed since this one left: retry with that token.
      const current = getAuth().token;
      const refresh = current && current !== token ? null : refreshAccessToken();
      const fresh = refresh ? await refresh : current;
      if (!fresh) {
        if (refresh && !expiryAnnounced.has(refresh)) {
          expiryAnnounced.add(refresh);
          options.onSessionExpired?.();
          // Every tab of this browser leaves the protected pages (unsaved forms are kept as drafts).
          announce({ type: 'ended', reason: 'expired' });
        }
        throw new ApiError(403, error.data, publicText(opts.mutation ? 'session.not_saved' : 'session.expired'), true);
      }
      return send<T>(path, opts, fresh); // once: a second 403 is the answer
    }
  }

  return { request, refreshAccessToken };
}

/** A multipart body through XMLHttpRequest: fetch cannot report an upload's progress. */
const sendForm: FormSender = (url, method, headers, form, signal, onProgress) => {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
};

/**
 * Tabs of one browser share the refresh cookie: refreshing one after another (Web Locks) means
 * each uses the cookie the previous one rotated, instead of racing with the same token.
 */
function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return task();
  return locks.request(REFRESH_LOCK, task) as Promise<T>;
}

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}
