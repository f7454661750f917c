/**
 * The one toast container (top right below the app bar, closing after 5 s, held while hovered), at the root of every page, so a toast raised just
 * before a route change (e.g. "Your login has expired." on the way to /login) stays visible.
 */
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

export function ToastHost() {
  return <ToastContainer {...TOAST_SETTINGS} />;
}
