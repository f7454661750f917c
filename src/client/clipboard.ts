/**
 * Text put on the clipboard by a button (a payment link, a secret shown once, recovery codes).
 * The answer says whether it got there: an insecure page has no clipboard at all, and a browser may
 * refuse the permission, and the screen must then say it was not copied rather than that it was.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    // Absent outside a secure context (http:// other than localhost), not merely refused.
    if (typeof navigator === 'undefined' || !navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
