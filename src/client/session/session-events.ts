/**
 * One session per browser: what ends or starts a session in one tab reaches every tab of the
 * browser (BroadcastChannel; the storage event where it is missing), and this tab's own end of
 * session (a refused refresh) reaches the components that must react to it.
 *
 * - `ended`: signed out, or the session was refused. Tabs keep their unsaved forms as drafts and
 *   go to /login.
 * - `signed-in`: a tab signed in. Tabs waiting on /login restore the shared session and continue.
 */
export type SessionEvent = { type: 'ended'; reason: 'signed-out' | 'expired' } | { type: 'signed-in' };

type Listener = (event: SessionEvent) => void;

const CHANNEL = 'bo-session';
/** The storage-event fallback writes here; the value only has to change each time. */
const STORAGE_KEY = 'bo-session-event';

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function dispatch(event: SessionEvent): void {
  for (const listener of [...listeners]) listener(event);
}

function isSessionEvent(value: unknown): value is SessionEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as { type?: unknown; reason?: unknown };
  return event.type === 'signed-in' || (event.type === 'ended' && (event.reason === 'signed-out' || event.reason === 'expired'));
}

/** Connects this tab to the others once, on first use. */
function connect(): void {
  if (channel !== undefined) return;
  channel = null;
  if (typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(CHANNEL);
    // Node's channel (tests) would otherwise keep the process alive.
    (channel as BroadcastChannel & { unref?: () => void }).unref?.();
    channel.onmessage = (message: MessageEvent) => {
      if (isSessionEvent(message.data)) dispatch(message.data);
    };
  } else if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== STORAGE_KEY || !event.newValue) return;
      try {
        const parsed: unknown = JSON.parse(event.newValue);
        if (isSessionEvent((parsed as { event?: unknown }).event)) dispatch((parsed as { event: SessionEvent }).event);
      } catch {
        // someone else's value: ignore
      }
    });
  }
}

/** Tells the other tabs of this browser (not this one). */
export function tellOtherTabs(event: SessionEvent): void {
  connect();
  if (channel) {
    channel.postMessage(event);
    return;
  }
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ event, at: Date.now(), nonce: Math.random() }));
  } catch {
    // storage full or blocked: the other tabs learn it from their next refused call
  }
}

/** Tells this tab's listeners and the other tabs. */
export function announce(event: SessionEvent): void {
  dispatch(event);
  tellOtherTabs(event);
}

/** Listens to session events from this tab and the others; returns the unsubscribe. */
export function onSessionEvent(listener: Listener): () => void {
  connect();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
