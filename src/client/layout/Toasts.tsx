/**
 * Every react-admin notification shown as a toast (top right, closing after 5 s, held while hovered), in the shell's
 * one container. Undoable actions get an "Undo" button; the change is committed when the toast
 * closes without it.
 */
import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { toast, type TypeOptions } from 'react-toastify';
import { TOAST_SETTINGS, toastIdOf } from './ToastHost';

export { showSessionExpired, TOAST_SETTINGS, toastIdOf } from './ToastHost';

const TYPES: Record<string, TypeOptions> = { info: 'info', success: 'success', warning: 'warning', error: 'error' };

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
      // A change that went through ("Tour created" is react-admin's info) makes an earlier "fix the
      // fields" toast stale: it goes, so the screen does not say both that the form needs
      // attention and that it was saved.
      if (toastType === 'success' || toastType === 'info') toast.dismiss(toastIdOf('error', translate('ra.message.invalid_form')));
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

  return null; // the container is the app shell's ToastHost
}
