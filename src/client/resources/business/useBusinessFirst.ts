import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router';
import type { Business } from '../../../shared/contract/business';
import { takeJustSignedIn } from '../../auth/just-signed-in';
import type { BackOfficeDataProvider } from '../../providers/data-provider';

/** On the dashboard right after signing in: an administrator whose business has no name yet is sent to the Business screen. */
export function useBusinessFirst(permissions: readonly string[]): void {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const navigate = useNavigate();
  const manages = permissions.includes('business.manage');
  useEffect(() => {
    if (!takeJustSignedIn() || !manages) return;
    let live = true;
    dataProvider
      .call<Business>('business')
      .then((business) => {
        if (live && business.name === null) navigate('/business', { replace: true });
      })
      // Not loaded: the dashboard stays; the Business screen says so itself when opened.
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once, when the dashboard first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
