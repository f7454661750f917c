/**
 * /roles/:id/permissions: a role's permissions against the catalogue, granted or revoked one
 * switch at a time (POST / DELETE …/permission). Read-only without roles.update, and for ADMIN.
 */
import { Alert, Box, Card, CardContent, CircularProgress, FormControlLabel, Link, List, ListItem, Switch, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useCanAccess, useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { ADMIN_ROLE } from '../../../shared/permissions';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { RESOURCES } from '..';
import { groupByResource, usePermissionCatalogue } from '../common/permission-catalogue';
import { LoadFailure } from '../common/LoadError';

export default function RolePermissions() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  // A group is a resource's screens, or a group of permissions with no screen of its own.
  const groupName = (group: string) => (RESOURCES.some((resource) => resource.name === group) ? translate(`resources.${group}.name`, { smart_count: 2 }) : translate(`permission_groups.${group}`, { _: group }));
  const { canAccess: canUpdate } = useCanAccess({ resource: 'roles', action: 'edit' });
  const role = useGetOne('roles', { id });
  const catalogue = usePermissionCatalogue();
  const granted = useQuery({ queryKey: ['roles', 'permissions', id], queryFn: () => dataProvider.getRolePermissions(id) });
  const [pending, setPending] = useState<string | null>(null);

  if (role.isPending || catalogue.isPending || granted.isPending) {
    return (
      <Box sx={{ p: 3 }}>
        <CircularProgress aria-label={translate('roles.loading_permissions')} />
      </Box>
    );
  }
  if (role.error || catalogue.error || granted.error || !role.data) {
    const retry = () => Promise.all([role.error && role.refetch(), catalogue.error && catalogue.refetch(), granted.error && granted.refetch()]);
    return <LoadFailure error={role.error ?? catalogue.error ?? granted.error} onRetry={retry} what={translate('roles.these_permissions')} />;
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
      notify(translate(grant ? 'roles.granted' : 'roles.revoked', { permission, role: roleName }), { type: 'success' });
    } catch (error) {
      queryClient.setQueryData(key, before);
      notify(error instanceof Error ? error.message : translate('roles.change_failed'), { type: 'error' });
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
      <Title title={translate('roles.permissions_of', { role: roleName })} />
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {translate('roles.permissions_of', { role: roleName })}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {translate('roles.held', { held: held.size, total: catalogue.data.length })}{' '}
        <Link component={RouterLink} to={`/roles/${id}/show`}>
          {translate('roles.back')}
        </Link>
      </Typography>
      {isAdmin && <Alert severity="info" sx={{ mb: 2 }}>{translate('roles.admin_all')}</Alert>}
      {!isAdmin && readOnly && <Alert severity="info" sx={{ mb: 2 }}>{translate('roles.read_only')}</Alert>}
      {groupByResource(catalogue.data).map(([resource, permissions]) => (
        <Card key={resource} sx={{ mb: 2 }} variant="outlined">
          <CardContent>
            <Typography component="h3" variant="h6">
              {groupName(resource)}
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
                          {translate(`permissions.${permission.name}`, { _: permission.description })}
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
