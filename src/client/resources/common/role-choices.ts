import { useGetList } from 'react-admin';

/** The role names, as choices for role inputs and filters (the API filters and assigns by name). */
export function useRoleChoices() {
  const { data, isPending } = useGetList('roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  return { choices: (data ?? []).map((role) => ({ id: role.name as string, name: role.name as string })), isPending };
}
