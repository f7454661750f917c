import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/data-provider';

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
