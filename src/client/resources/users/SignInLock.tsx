/**
 * A user's sign-in lock on their page: many failed sign-ins for the account, from anywhere, pause
 * sign-in from devices the user has not signed in from before (their own devices still work). An
 * administrator sees it here and may lift it; a failed read says so, with a way to retry.
 */
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Alert, AlertTitle } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, useCanAccess, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { User } from '../../../shared/types';
import { formatDateTime } from '../../dates';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { LoadFailure } from '../common/LoadError';

interface Lock {
  failures: number;
  lockedUntil: string | null;
}

export function SignInLock() {
  const record = useRecordContext<User>();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const { canAccess: mayLift } = useCanAccess({ resource: 'users', action: 'edit' });
  const [lifting, setLifting] = useState(false);
  const path = record ? `admin/auth/user/${encodeURIComponent(record.id)}/sign-in-lock` : '';
  const key = ['users', 'sign-in-lock', record?.id];
  const lock = useQuery({ queryKey: key, enabled: record !== undefined, queryFn: ({ signal }) => dataProvider.call<Lock>(path, { signal }) });
  if (!record) return null;
  if (lock.error) return <LoadFailure error={lock.error} onRetry={() => lock.refetch()} what={translate('users.lock.the_lock')} />;
  if (!lock.data?.lockedUntil) return null;
  const lift = async () => {
    setLifting(true);
    try {
      queryClient.setQueryData(key, await dataProvider.call<Lock>(path, { method: 'DELETE' }));
      notify('users.lock.lifted', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : translate('users.lock.not_lifted'), { type: 'error' });
    } finally {
      setLifting(false);
    }
  };
  return (
    <Alert
      severity="warning"
      sx={{ mx: { xs: 2, sm: 3 }, mt: 2 }}
      action={mayLift === true ? <Button label="users.lock.lift" onClick={() => void lift()} disabled={lifting} startIcon={<LockOpenIcon />} /> : undefined}
    >
      <AlertTitle>{translate('users.lock.title')}</AlertTitle>
      {translate('users.lock.body', { until: formatDateTime(lock.data.lockedUntil), failures: lock.data.failures, name: record.fullName })}
    </Alert>
  );
}
