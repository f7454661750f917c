/**
 * The one toast container (top right below the app bar, closing after 5 s, held while hovered), at the root of every page, so a toast raised just
 * before a route change (e.g. "Your login has expired." on the way to /login) stays visible.
 */
import { useEffect } from 'react';
import { toast, ToastContainer, type ToastContainerProps, type TypeOptions } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import './toasts.css';
import { publicText } from '../i18n/public-messages';

export const TOAST_SETTINGS = {
  position: 'top-right',
  autoClose: 5000,
  closeButton: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: 'touch',
  draggablePercent: 80,
  role: 'alert',
  theme: 'light',
} as const satisfies ToastContainerProps;

/**
 * The same message is not stacked twice while it shows (ten calls failing at once give one
 * toast): a plain text toast is keyed by its type and text.
 */
export function toastIdOf(type: TypeOptions, text: string): string {
  return `${type}:${text}`;
}

/** The HTTP client's refused refresh: one toast, however many calls it ended. */
export function showSessionExpired(): void {
  const message = publicText('session.expired');
  toast(message, { type: 'error', toastId: toastIdOf('error', message) });
}

/** react-toastify's container: 320 px wide, 16 px from the right edge (1em); full width below 481 px. */
const TOAST_WIDTH = 320;
const TOAST_MARGIN = 16;
const PHONE_WIDTH = 480;
/** How far below the app bar a page's own buttons count as its top toolbar (its title row and actions, a list's filters). */
const HEAD_BAND = 120;
const GAP = 8;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Where the toasts' top goes: below the app bar, and below any of the page's own buttons in the
 * strip the toasts take at the top right (a list's Create and Export, a booking's Amend and Move),
 * which a toast would otherwise cover for its five seconds just when the user wants the next one.
 * Only the page's head counts: a button far down the page does not push the toasts there.
 */
export function toastTop(appBarBottom: number, viewportWidth: number, buttons: readonly Box[]): number {
  const base = appBarBottom + GAP;
  const stripLeft = viewportWidth <= PHONE_WIDTH ? 0 : viewportWidth - TOAST_MARGIN - TOAST_WIDTH;
  let top = base;
  for (const button of buttons) {
    if (button.bottom <= button.top || button.right <= button.left) continue; // not shown
    if (button.right <= stripLeft || button.top < appBarBottom || button.top > appBarBottom + HEAD_BAND) continue;
    top = Math.max(top, button.bottom + GAP);
  }
  return Math.round(top);
}

const CONTROLS = 'button, a[href], [role="button"], [role="tab"], input, select';

/** The page's own controls (not the app bar's, not the sidebar's, not the toasts'). */
function placeToasts(): void {
  const header = document.querySelector('header');
  const main = document.getElementById('main-content') ?? document.querySelector('main');
  if (!header || !main) {
    document.documentElement.style.removeProperty('--toast-top');
    return;
  }
  const buttons = Array.from(main.querySelectorAll(CONTROLS), (element) => element.getBoundingClientRect());
  const top = toastTop(header.getBoundingClientRect().bottom, window.innerWidth, buttons);
  document.documentElement.style.setProperty('--toast-top', `${top}px`);
}

/**
 * Keeps the toasts clear of the page's top buttons while any toast shows: placed when one appears
 * and again every 300 ms after (a save's toast arrives as the page changes under it).
 */
function useToastsClearOfThePage(): void {
  useEffect(() => {
    const shown = new Set<string | number>();
    let timer: ReturnType<typeof setInterval> | undefined;
    const unsubscribe = toast.onChange((item) => {
      if (item.status === 'added') {
        shown.add(item.id);
        placeToasts();
        timer ??= setInterval(placeToasts, 300);
      } else if (item.status === 'removed') {
        shown.delete(item.id);
        if (shown.size === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      }
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) clearInterval(timer);
    };
  }, []);
}

export function ToastHost() {
  useToastsClearOfThePage();
  return <ToastContainer {...TOAST_SETTINGS} />;
}
