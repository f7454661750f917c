/**
 * The whole browser app in jsdom, as main.tsx wires it, on a memory data router: one HTTP client
 * (with an injected base URL and cookie-jar fetch), the providers built on it, the app's query
 * client and the colour mode provider.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { showSessionExpired } from '../../src/client/layout/ToastHost';
import { createAuthProvider } from '../../src/client/providers/auth-provider';
import { logOut } from '../../src/client/providers/auth-state';
import { createDataProvider, withLinkedInvalidation } from '../../src/client/providers/data-provider';
import { createHttpClient, type FormSender } from '../../src/client/providers/http-client';
import { createQueryClient } from '../../src/client/providers/query-client';
import { loadRuntimeConfig } from '../../src/client/providers/runtime-config';
import { appRoutes } from '../../src/client/router';
import type { PublicConfig } from '../../src/shared/types';

export interface RenderAppOptions {
  baseUrl: string;
  fetch: typeof fetch;
  /** History before the app starts; the last entry is the page opened. */
  entries: string[];
  /** Default: read from GET /api/config, as the app does at start. */
  config?: PublicConfig;
}

export async function renderApp({ baseUrl, fetch, entries, config }: RenderAppOptions) {
  // Uploads go through the test's fetch (jsdom's XMLHttpRequest would be a cross-origin call to
  // the test server), framed by hand since jsdom's FormData is not Node's; progress is reported whole once sent.
  const sendForm: FormSender = async (url, method, headers, form, signal, onProgress) => {
    const { body, contentType } = await multipartOf(form);
    const response = await fetch(url, { method, headers: { ...headers, 'content-type': contentType }, body, signal, credentials: 'include' });
    onProgress?.(1);
    return { status: response.status, text: await response.text() };
  };
  const httpClient = createHttpClient({ baseUrl, fetch, onSessionExpired: showSessionExpired, sendForm });
  const queryClient = createQueryClient();
  const authProvider = createAuthProvider(httpClient);
  const dataProvider = withLinkedInvalidation(createDataProvider(httpClient), queryClient);
  const runtimeConfig = config ?? (await loadRuntimeConfig(httpClient));
  const services = { config: runtimeConfig, httpClient, authProvider, dataProvider, queryClient };
  const router = createMemoryRouter(appRoutes(services, { initialMode: 'light' }), { initialEntries: entries, initialIndex: entries.length - 1 });
  render(<RouterProvider router={router} />);
  return { router, queryClient, httpClient, authProvider, dataProvider };
}

/** multipart/form-data bytes of a (jsdom) FormData, as a browser frames them. */
async function multipartOf(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    } else {
      text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`);
      chunks.push(new Uint8Array(await bytesOf(value)));
      text('\r\n');
    }
  }
  text(`--${boundary}--\r\n`);
  const body = new Uint8Array(new ArrayBuffer(chunks.reduce((sum, chunk) => sum + chunk.length, 0)));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Signs `who` in through the app's own auth provider (the session cookie lands in `jar`), then
 * renders the whole app at `path`, as a user who opens a bookmark after signing in.
 */
export async function openAs(
  server: { baseUrl: string; captchaToken: string },
  jar: { fetch: typeof fetch },
  who: { email: string; password: string },
  path: string,
  fetch: typeof globalThis.fetch = jar.fetch,
) {
  const http = createHttpClient({ baseUrl: `${server.baseUrl}/api/`, fetch: jar.fetch });
  await createAuthProvider(http).login({ email: who.email, password: who.password, persist: false, captcha: server.captchaToken });
  logOut();
  const app = await renderApp({ baseUrl: `${server.baseUrl}/api/`, fetch, entries: [path], config: { recaptchaSiteKey: null, cardPayments: false, mailSent: true } });
  return { ...app, user: userEvent.setup() };
}
