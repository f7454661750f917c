/** Where login returns the user: the location the guard sent them from, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const s = (state ?? {}) as { from?: { pathname?: string; search?: string; hash?: string }; nextPathname?: string; nextSearch?: string };
  const pathname = s.from?.pathname ?? s.nextPathname;
  const search = s.from?.search ?? s.nextSearch ?? '';
  // Only paths of this app; never back to the sign-in page itself or to another site.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//') || pathname === '/login' || pathname === '/') {
    return '/dashboard';
  }
  return `${pathname}${typeof search === 'string' ? search : ''}`;
}
