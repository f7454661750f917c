/**
 * Posts one action on a booking (confirm, cancel, a payment), says what the server answered, and
 * refreshes the page; answers the field errors of a refusal, and a refusal whose code names a field
 * (`fieldOf`: a gift card refused is said beside its code) as that field's error.
 */
import { t } from '../../../i18n';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { ApiError, fieldErrorsOf } from '../../../providers/http-client';

export function useBookingAction() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (path: string, body: unknown, success: string, headers?: Record<string, string>, fieldOf?: Record<string, string>): Promise<Record<string, string> | null | false> => {
    try {
      await dataProvider.call(path, { method: 'POST', body, headers });
      notify(success, { type: 'success' });
      refresh();
      return null;
    } catch (failure) {
      const code = failure instanceof ApiError ? (failure.data as { code?: unknown } | null)?.code : undefined;
      const field = typeof code === 'string' ? fieldOf?.[code] : undefined;
      // Said beside its field, the refusal needs no toast over the dialog as well (on a phone it covered the fields).
      if (field && failure instanceof Error) return { [field]: failure.message };
      notify(failure instanceof Error ? failure.message : t('bookings.page.not_changed'), { type: 'error' });
      return fieldErrorsOf(failure) ?? false;
    }
  };
}
