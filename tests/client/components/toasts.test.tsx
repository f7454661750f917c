/** Notifications as toasts: top right, closing after 5 s, held while hovered, an Undo button for undoable changes. */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { AdminContext, defaultI18nProvider, memoryStore, testDataProvider, useNotify, useUpdate } from 'react-admin';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ToastHost, toastTop } from '../../../src/client/layout/ToastHost';
import { showSessionExpired, TOAST_SETTINGS, Toasts } from '../../../src/client/layout/Toasts';

afterEach(() => {
  act(() => toast.dismiss());
});

function Notifier({ message, type }: { message: string; type: 'info' | 'error' }) {
  const notify = useNotify();
  useEffect(() => notify(message, { type }), [notify, message, type]);
  return null;
}

test('toasts sit top right, close after 5 s and hold while hovered', () => {
  expect(TOAST_SETTINGS).toEqual({
    position: 'top-right',
    autoClose: 5000,
    closeButton: true,
    pauseOnHover: true,
    pauseOnFocusLoss: true,
    draggable: 'touch',
    draggablePercent: 80,
    role: 'alert',
    theme: 'light',
  });
});

describe('where the toasts go down the top right', () => {
  const box = (left: number, top: number, width: number, height: number) => ({ left, top, right: left + width, bottom: top + height });

  test('below the app bar when the page has no buttons at its top right', () => {
    expect(toastTop(64, 1280, [])).toBe(72);
    expect(toastTop(64, 1280, [box(300, 80, 100, 36)]), 'a button on the left').toBe(72);
  });

  test('below the page’s own top-right buttons, not over them', () => {
    // A list's Create and Export at the right of its toolbar, 20 px under the app bar.
    expect(toastTop(64, 1280, [box(1080, 84, 90, 36), box(1170, 84, 90, 36)])).toBe(128);
    // A button in the strip's left edge still counts: the toast is 320 px wide, 16 px from the edge.
    expect(toastTop(64, 1280, [box(900, 84, 50, 36)])).toBe(128);
    expect(toastTop(64, 1280, [box(800, 84, 140, 36)]), 'ends left of the strip').toBe(72);
  });

  test('only the page’s head counts: a Save at the bottom or a hidden button does not move them', () => {
    expect(toastTop(64, 1280, [box(1100, 700, 90, 36)])).toBe(72);
    expect(toastTop(64, 1280, [box(1100, 84, 0, 0)])).toBe(72);
  });

  test('on a phone the toast is as wide as the screen: any button at the page’s top counts', () => {
    expect(toastTop(56, 390, [box(8, 70, 80, 36)])).toBe(114);
  });
});

test('a react-admin notification appears as a top-right toast with role alert and a close button', async () => {
  render(
    <AdminContext dataProvider={testDataProvider()} store={memoryStore()}>
      <Toasts />
      <ToastHost />
      <Notifier message="Role TOUR_GUIDE created" type="info" />
    </AdminContext>,
  );
  const toast = await screen.findByRole('alert');
  expect(toast).toHaveTextContent('Role TOUR_GUIDE created');
  expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
  expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast-theme--light');
  const close = within(toast.closest('.Toastify__toast') as HTMLElement).getByRole('button', { name: /close/i });
  expect(close).toBeInTheDocument();
});

test('react-admin message keys are translated', async () => {
  render(
    <AdminContext dataProvider={testDataProvider()} store={memoryStore()} i18nProvider={defaultI18nProvider}>
      <Toasts />
      <ToastHost />
      <Notifier message="ra.notification.updated" type="info" />
    </AdminContext>,
  );
  await act(async () => {});
  expect(await screen.findByRole('alert')).toHaveTextContent(/Element updated/);
});

test('the same message shown twice at once is one toast (ten failing calls, one message)', async () => {
  function Twice() {
    const notify = useNotify();
    useEffect(() => {
      notify('The server could not be reached.', { type: 'error' });
      notify('The server could not be reached.', { type: 'error' });
    }, [notify]);
    return null;
  }
  render(
    <AdminContext dataProvider={testDataProvider()} store={memoryStore()}>
      <Toasts />
      <ToastHost />
      <Twice />
    </AdminContext>,
  );
  await screen.findByText('The server could not be reached.');
  await act(async () => {});
  expect(screen.getAllByText('The server could not be reached.')).toHaveLength(1);
});

test('"Your login has expired." from the HTTP client is one error toast, also when react-admin says it too', async () => {
  render(
    <AdminContext dataProvider={testDataProvider()} store={memoryStore()}>
      <Toasts />
      <ToastHost />
      <Notifier message="Your login has expired." type="error" />
    </AdminContext>,
  );
  act(() => {
    showSessionExpired();
    showSessionExpired();
  });
  const toast = await screen.findByRole('alert');
  expect(toast).toHaveTextContent('Your login has expired.');
  await act(async () => {});
  expect(screen.getAllByText('Your login has expired.')).toHaveLength(1);
  expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
});

describe('undoable mutations are committed by the toast', () => {
  function UndoableSave() {
    const notify = useNotify();
    const [update] = useUpdate();
    return (
      <button
        type="button"
        onClick={() =>
          update(
            'roles',
            { id: 1, data: { name: 'GUIDE' }, previousData: { id: 1, name: 'OLD' } },
            { mutationMode: 'undoable', onSuccess: () => notify('ra.notification.updated', { undoable: true, messageArgs: { smart_count: 1 } }) },
          )
        }
      >
        Save
      </button>
    );
  }

  function renderUndoable() {
    const update = vi.fn(async (_resource: string, params: { id: number; data: object }) => ({ data: { id: params.id, ...params.data } }));
    render(
      <AdminContext dataProvider={testDataProvider({ update } as never)} store={memoryStore()} i18nProvider={defaultI18nProvider}>
        <Toasts />
        <ToastHost />
        <UndoableSave />
      </AdminContext>,
    );
    return update;
  }

  test('the change is saved when the toast closes', async () => {
    const update = renderUndoable();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    act(() => toast.dismiss());
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1]).toMatchObject({ id: 1, data: { name: 'GUIDE' } });
  });

  test('"Undo" drops the change', async () => {
    const update = renderUndoable();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    act(() => toast.dismiss());
    await act(async () => {});
    expect(update).not.toHaveBeenCalled();
  });
});
