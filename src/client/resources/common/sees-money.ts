/** Whether the signed-in user's roles see money (permissions.ts seesMoney): a guide's do not, and the screens leave money out for them. */
import { useSyncExternalStore } from 'react';
import { seesMoney } from '../../../shared/permissions';
import { getUserState, subscribe } from '../../providers/auth-state';

export function useSeesMoney(): boolean {
  const { role } = useSyncExternalStore(subscribe, getUserState);
  return seesMoney(role?.permissions ?? []);
}
