/**
 * A small API client for setting up journeys (and for the multi-instance leg): fetch with a
 * cookie jar and the access token, so it behaves like a browser tab without the screens.
 * The captcha token the browser stand-in produces works here too: the server checks it with
 * the same fake siteverify.
 */
import type { Role, User } from '../../src/shared/types.js';
import { CAPTCHA_TOKEN } from './harness.js';

/** The contract's shapes, from the one source both sides use. */
export type { Role, User };

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}


export class ApiClient {
  token: string | null = null;
  /** name → value; cookies are per host (not per port), as in a browser. */
  readonly cookies = new Map<string, string>();

  constructor(public baseUrl: string) {}

  /** `body` goes as JSON, or as multipart/form-data when it is a FormData (an upload). */
  async call<T = unknown>(method: string, path: string, options: { body?: unknown; baseUrl?: string; token?: string | null; headers?: Record<string, string> } = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const form = options.body instanceof FormData ? options.body : null;
    if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0 && path.startsWith('/api/auth')) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await fetch(`${options.baseUrl ?? this.baseUrl}${path}`, {
      method,
      headers,
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) this.storeCookie(line);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }

  private storeCookie(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, val = ''] = attribute.split('=').map((part) => part.trim());
      if (/^max-age$/i.test(key)) return Number(val) <= 0;
      if (/^expires$/i.test(key)) return Date.parse(val) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  async login(email: string, password: string, options: { persist?: boolean; baseUrl?: string } = {}): Promise<ApiAnswer<{ access_token: string }>> {
    const answer = await this.call<{ access_token: string }>('POST', `/api/auth/login?g-recaptcha-response=${CAPTCHA_TOKEN}`, {
      body: { email, password, persist: options.persist ?? false },
      baseUrl: options.baseUrl,
      token: null,
    });
    if (answer.status === 200) this.token = answer.body.access_token;
    return answer;
  }

  async refresh(baseUrl?: string): Promise<ApiAnswer<{ token: string; code?: string }>> {
    const answer = await this.call<{ token: string; code?: string }>('GET', '/api/auth/refresh-token', { baseUrl, token: null });
    if (answer.status === 200) this.token = answer.body.token;
    return answer;
  }

  /** Like `call`, but throws unless the status is the expected one. */
  async expect<T = unknown>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.call<T>(method, path, { body });
    if (answer.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  createRole(name: string, permissions: string[], description = ''): Promise<Role> {
    return this.expect<Role>(201, 'POST', '/api/admin/auth/role', { name, description, permissions });
  }

  createUser(user: { email: string; fullName: string; password: string; roles: string[] }): Promise<User> {
    return this.expect<User>(201, 'POST', '/api/admin/auth/signup', user);
  }

  async roleByName(name: string): Promise<Role> {
    const list = await this.expect<{ data: Role[] }>(200, 'GET', `/api/admin/auth/role?q=${encodeURIComponent(name)}&pageSize=100`);
    const role = list.data.find((candidate) => candidate.name === name);
    if (!role) throw new Error(`no role named ${name}`);
    return role;
  }

  async userByEmail(email: string): Promise<User> {
    const list = await this.expect<{ data: User[] }>(200, 'GET', `/api/admin/auth/user?q=${encodeURIComponent(email)}&pageSize=100`);
    const user = list.data.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    if (!user) throw new Error(`no user ${email}`);
    return user;
  }
}

/** An API client signed in as the server's first administrator. */
export async function adminClient(server: { baseUrl: string; admin: { email: string; password: string } }): Promise<ApiClient> {
  const api = new ApiClient(server.baseUrl);
  const answer = await api.login(server.admin.email, server.admin.password);
  if (answer.status !== 200) throw new Error(`admin login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return api;
}
