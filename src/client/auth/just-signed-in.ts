/**
 * A sign-in that lands on the dashboard is marked for one look: the dashboard sends an
 * administrator of a business with no name yet to the Business screen, once per sign-in (not on
 * every visit to the dashboard, so one who leaves it for later is not sent back).
 */
const KEY = 'bo.just-signed-in';

export function markJustSignedIn(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (a private window's quota): the dashboard simply stays where it is.
  }
}

/** True once after markJustSignedIn, then false. */
export function takeJustSignedIn(): boolean {
  try {
    const marked = sessionStorage.getItem(KEY) === '1';
    sessionStorage.removeItem(KEY);
    return marked;
  } catch {
    return false;
  }
}
