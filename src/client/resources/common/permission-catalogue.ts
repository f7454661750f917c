import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { RESOURCES } from '../index';

/** The permission catalogue (GET /admin/auth/permission), as checkbox or switch choices. */
export function usePermissionCatalogue() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery({ queryKey: ['permissions', 'catalogue'], queryFn: () => dataProvider.getPermissionCatalogue() });
}

/** Groups `users.read`, `roles.update`… by their resource, for a readable screen. */
export function groupByResource<T extends { name: string }>(permissions: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const permission of permissions) {
    const resource = permission.name.split('.')[0];
    groups.set(resource, [...(groups.get(resource) ?? []), permission]);
  }
  return [...groups.entries()];
}

/** Group names of the permission screens: each resource's own label, and the permission groups that have no screen of their own yet. */
export const RESOURCE_LABELS: Record<string, string> = {
  dashboard: 'Dashboard',
  departures: 'Departures',
  bookings: 'Bookings',
  payments: 'Payments',
  reports: 'Reports',
  ...Object.fromEntries(RESOURCES.map((resource) => [resource.name, resource.label.many])),
};
