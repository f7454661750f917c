import { useCanAccess, useGetList } from 'react-admin';

/**
 * The role names, as choices for role inputs and filters (the API filters and assigns by name).
 * Asked for only by those allowed to read roles: `allowed` is false for the others, who get no
 * role filter or picker rather than a call refused on every visit.
 */
export function useRoleChoices() {
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'roles', action: 'list' });
  const allowed = canAccess === true;
  const { data, isPending } = useGetList(
    'roles',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: allowed },
  );
  return {
    allowed,
    checking,
    choices: (data ?? []).map((role) => ({ id: role.name as string, name: role.name as string })),
    isPending: allowed && isPending,
  };
}
