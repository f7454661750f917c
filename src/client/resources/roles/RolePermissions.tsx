/**
 * /roles/:id/permissions: a role's permissions against the catalogue, granted or revoked one
 * switch at a time (POST / DELETE …/permission). Read-only without roles.update, and for ADMIN.
 */
import { Alert, Box, Card, CardContent, CircularProgress, FormControlLabel, Link, List, ListItem, Switch, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useCanAccess, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { ADMIN_ROLE } from '../../../shared/permissions';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { groupByResource, RESOURCE_LABELS, usePermissionCatalogue } from '../common/permission-catalogue';
import { LoadFailure } from '../common/LoadError';

export default function RolePermissions() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { canAccess: canUpdate } = useCanAccess({ resource: 'roles', action: 'edit' });
  const role = useGetOne('roles', { id });
  const catalogue = usePermissionCatalogue();
  const granted = useQuery({ queryKey: ['roles', 'permissions', id], queryFn: () => dataProvider.getRolePermissions(id) });
  const [pending, setPending] = useState<string | null>(null);

  if (role.isPending || catalogue.isPending || granted.isPending) {
    return (
      <Box sx={{ p: 3 }}>
        <CircularProgress aria-label="Loading permissions" />
      </Box>
    );
  }
  if (role.error || catalogue.error || granted.error || !role.data) {
    const retry = () => Promise.all([role.error && role.refetch(), catalogue.error && catalogue.refetch(), granted.error && granted.refetch()]);
    return <LoadFailure error={role.error ?? catalogue.error ?? granted.error} onRetry={retry} what="This role's permissions" />;
  }

  const roleName = role.data.name as string;
  const isAdmin = roleName === ADMIN_ROLE;
  const readOnly = isAdmin || canUpdate !== true;
  const held = new Set(granted.data);

  async function toggle(permission: string, grant: boolean) {
    setPending(permission);
    const key = ['roles', 'permissions', id];
    const before = granted.data ?? [];
    // The switch moves at once; a refusal puts it back.
    queryClient.setQueryData(key, grant ? [...before, permission].sort() : before.filter((p) => p !== permission));
    try {
      const next = grant ? await dataProvider.addRolePermission(id, permission) : await dataProvider.removeRolePermission(id, permission);
      queryClient.setQueryData(key, next);
      notify(grant ? `Permission ${permission} granted to ${roleName}` : `Permission ${permission} revoked from ${roleName}`, { type: 'success' });
    } catch (error) {
      queryClient.setQueryData(key, before);
      notify(error instanceof Error ? error.message : 'The change failed.', { type: 'error' });
    } finally {
      setPending(null);
      // Everything else about roles and users may have changed (counts, lists); this role's own
      // permissions are the server's answer above. Refetching them too could land after the next
      // switch has moved and flip it back for a moment.
      const others = (query: { queryKey: readonly unknown[] }) => !(query.queryKey[1] === 'permissions' && query.queryKey[2] === id);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['roles'], predicate: others }), queryClient.invalidateQueries({ queryKey: ['users'] })]);
    }
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 880 }}>
      <Title title={`Permissions of ${roleName}`} />
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        Permissions of {roleName}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {held.size} of {catalogue.data.length} permissions granted. Holders of the role get a change on their next action.{' '}
        <Link component={RouterLink} to={`/roles/${id}/show`}>
          Back to the role
        </Link>
      </Typography>
      {isAdmin && <Alert severity="info" sx={{ mb: 2 }}>ADMIN always holds every permission.</Alert>}
      {!isAdmin && readOnly && <Alert severity="info" sx={{ mb: 2 }}>You can see these permissions but not change them.</Alert>}
      {groupByResource(catalogue.data).map(([resource, permissions]) => (
        <Card key={resource} sx={{ mb: 2 }} variant="outlined">
          <CardContent>
            <Typography component="h3" variant="h6">
              {RESOURCE_LABELS[resource] ?? resource}
            </Typography>
            <List dense>
              {permissions.map((permission) => (
                <ListItem key={permission.name} disableGutters>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={held.has(permission.name)}
                        disabled={readOnly || (pending !== null && pending !== permission.name)}
                        onChange={(event) => void toggle(permission.name, event.target.checked)}
                      />
                    }
                    label={
                      <span>
                        <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                          {permission.name}
                        </Typography>
                        <Typography component="span" color="text.secondary" sx={{ display: 'block', fontSize: '0.875rem' }}>
                          {permission.description}
                        </Typography>
                      </span>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
