/** Notifications as toasts with the spec's settings (§9). */
import { act, render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { AdminContext, defaultI18nProvider, memoryStore, testDataProvider, useNotify } from 'react-admin';
import { expect, test } from 'vitest';
import { TOAST_SETTINGS, Toasts } from '../../../src/client/layout/Toasts';

function Notifier({ message, type }: { message: string; type: 'info' | 'error' }) {
  const notify = useNotify();
  useEffect(() => notify(message, { type }), [notify, message, type]);
  return null;
}

test('the toast settings are the spec’s', () => {
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

test('a react-admin notification appears as a top-right toast with role alert and a close button', async () => {
  render(
    <AdminContext dataProvider={testDataProvider()} store={memoryStore()}>
      <Toasts />
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
      <Notifier message="ra.notification.updated" type="info" />
    </AdminContext>,
  );
  await act(async () => {});
  expect(await screen.findByRole('alert')).toHaveTextContent(/Element updated/);
});
