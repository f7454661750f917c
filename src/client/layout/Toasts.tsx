/**
 * Every react-admin notification shown as a toast with the spec's settings (§9). Undoable
 * actions get an "Undo" button; the change is committed when the toast closes without it.
 */
import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { toast, ToastContainer, type ToastContainerProps, type TypeOptions } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { SESSION_EXPIRED_MESSAGE } from '../providers/http-client';

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

const TYPES: Record<string, TypeOptions> = { info: 'info', success: 'success', warning: 'warning', error: 'error' };

/**
 * The same message is not stacked twice while it shows (ten calls failing at once give one
 * toast): a plain text toast is keyed by its type and text.
 */
export function toastIdOf(type: TypeOptions, text: string): string {
  return `${type}:${text}`;
}

/** The HTTP client's refused refresh (spec §8): one toast, however many calls it ended. */
export function showSessionExpired(): void {
  toast(SESSION_EXPIRED_MESSAGE, { type: 'error', toastId: toastIdOf('error', SESSION_EXPIRED_MESSAGE) });
}

export function Toasts() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    // One per run: takeNotification reads this render's queue; the effect runs again as it shrinks.
    const notification = takeNotification();
    if (notification) {
      const { message, type, notificationOptions = {} } = notification;
      const { messageArgs, undoable, autoHideDuration } = notificationOptions;
      const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
      let undone = false;
      const commit = () => {
        if (!undoable) return;
        takeMutation()?.({ isUndo: undone });
      };
      const toastType = TYPES[type ?? 'info'] ?? 'info';
      toast(
        undoable
          ? ({ closeToast }) => (
              <span>
                {text}{' '}
                <button
                  type="button"
                  className="toast-undo"
                  onClick={() => {
                    undone = true;
                    closeToast?.();
                  }}
                >
                  {translate('ra.action.undo')}
                </button>
              </span>
            )
          : text,
        {
          type: toastType,
          toastId: !undoable && typeof text === 'string' ? toastIdOf(toastType, text) : undefined,
          autoClose: typeof autoHideDuration === 'number' ? autoHideDuration : TOAST_SETTINGS.autoClose,
          onClose: commit,
        },
      );
    }
  }, [notifications, takeNotification, takeMutation, translate]);

  return <ToastContainer {...TOAST_SETTINGS} />;
}
