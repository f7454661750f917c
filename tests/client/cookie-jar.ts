/**
 * The browser's cookie jar, for provider tests that run in Node: Node's fetch keeps no cookies.
 * Honours Path, Max-Age and Expires, which is what the session cookie uses.
 */
interface StoredCookie {
  value: string;
  path: string;
  expiresAt: number | null;
  persistent: boolean;
}

export interface CookieJar {
  fetch: typeof fetch;
  cookies: Map<string, StoredCookie>;
  /** Calls made through this jar, as "METHOD /path". */
  calls: string[];
  clear(): void;
}

export function createCookieJar(): CookieJar {
  const cookies = new Map<string, StoredCookie>();
  const calls: string[] = [];

  const jarFetch: typeof fetch = async (input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
    const now = Date.now();
    const header = [...cookies.entries()]
      .filter(([, c]) => (c.expiresAt === null || c.expiresAt > now) && (url.pathname === c.path || url.pathname.startsWith(`${c.path.replace(/\/$/, '')}/`)))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (header) headers.set('cookie', header);
    const response = await fetch(url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      let path = '/';
      let expiresAt: number | null = null;
      for (const attribute of attributes) {
        const [key, val = ''] = attribute.split('=');
        if (/^path$/i.test(key)) path = val;
        if (/^max-age$/i.test(key)) expiresAt = Date.now() + Number(val) * 1000;
        if (/^expires$/i.test(key) && expiresAt === null) expiresAt = Date.parse(val);
      }
      if (value === '' || (expiresAt !== null && expiresAt <= Date.now())) cookies.delete(name);
      else cookies.set(name, { value, path, expiresAt, persistent: expiresAt !== null });
    }
    return response;
  };

  return { fetch: jarFetch, cookies, calls, clear: () => cookies.clear() };
}
