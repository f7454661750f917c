/**
 * /dashboard, every signed-in user's home. Holders of reports.read see how the business is doing
 * (BusinessOverview: key figures, bookings by month, the next 14 days' departures and balances
 * due) and the shortcuts; everyone else sees who they are, what they may do, and the shortcuts: a
 * count card for each resource that offers one and they may list. No report is asked for without
 * reports.read, so nobody is shown a refusal.
 */
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { Title, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { inSentence } from '../i18n/language';
import { Link as RouterLink } from 'react-router';
import { PERMISSIONS, type Permission } from '../../shared/permissions';
import { permissionFor } from '../providers/auth-provider';
import { getUserState, subscribe } from '../providers/auth-state';
import { RESOURCES } from '../resources';
import { describeLoadError } from '../resources/common/load-error-text';
import type { ResourceModule } from '../resources/resource-module';
import { useBusinessFirst } from '../resources/business/useBusinessFirst';
import BusinessOverview from './dashboard/BusinessOverview';

/**
 * The cards a user may see are known from the permissions already held (no round trip), so they are
 * all there at the first paint and nothing moves when the counts arrive.
 */
function CountCard({ module: { name: resource, icon: Icon }, permissions }: { module: ResourceModule; permissions: readonly string[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const label = translate(`resources.${resource}.name`, { smart_count: 2 });
  const canList = permissions.includes(permissionFor(resource, 'list') ?? '');
  const canCreate = permissions.includes(permissionFor(resource, 'create') ?? '');
  const { total, isPending, error, refetch } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } }, { enabled: canList });
  if (!canList) return null;
  return (
    <Card sx={{ minWidth: 220, flex: '1 1 220px' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, color: 'primary.main' }}>
          <Icon aria-hidden="true" />
          <Typography component="h3" variant="h6" sx={{ color: 'text.primary' }}>
            {label}
          </Typography>
        </Stack>
        {error ? (
          <Typography color="error" sx={{ my: 1 }} role="alert">
            {translate('app.not_loaded')} {describeLoadError(error).title}{' '}
            <Button size="small" color="inherit" onClick={() => void refetch()}>
              {translate('app.retry')}
            </Button>
          </Typography>
        ) : (
          <Typography variant="h3" component="p">
            {isPending ? '…' : total}
          </Typography>
        )}
      </CardContent>
      {/* Wraps: two long labels (German's "Buchungen öffnen", "Buchung anlegen") side by side made a phone's page wider than its screen. */}
      <CardActions sx={WRAPPING_ACTIONS}>
        <Button component={RouterLink} to={`/${resource}`}>
          {translate('dashboard.open', { name: inSentence(label, locale) })}
        </Button>
        {canCreate && (
          <Button component={RouterLink} to={`/${resource}/create`}>
            {translate('dashboard.create', { name: inSentence(translate(`resources.${resource}.name`, { smart_count: 1 }), locale) })}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** Card buttons that go onto a second line rather than past the card's edge. */
const WRAPPING_ACTIONS = { flexWrap: 'wrap', gap: 0.5, '& > :not(style) ~ :not(style)': { ml: 0 } } as const;

function PersonalCard() {
  const { user, role } = useSyncExternalStore(subscribe, getUserState);
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <Typography component="h3" variant="h6">
          {translate('dashboard.signed_in_as', { name: user?.fullName || user?.email })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {user?.email}
        </Typography>
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mb: 2 }} aria-label={translate('dashboard.your_roles')}>
          {(user?.roles ?? []).map((name) => (
            <Chip key={name} label={name} color="primary" size="small" />
          ))}
        </Stack>
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('dashboard.what_you_can_do')}
        </Typography>
        <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
          {(role?.permissions ?? []).map((permission) => (
            <li key={permission}>{permission in PERMISSIONS ? translate(`permissions.${permission as Permission}`) : permission}</li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export default function Dashboard() {
  const { user, role } = useSyncExternalStore(subscribe, getUserState);
  const permissions = role?.permissions ?? [];
  const readsReports = permissions.includes('reports.read');
  const translate = useTranslate();
  useBusinessFirst(permissions);
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title="dashboard.title" />
      <Typography component="h2" variant="h4" sx={{ mb: readsReports ? 1 : 3 }}>
        {user?.fullName ? translate('dashboard.welcome_name', { name: user.fullName }) : translate('dashboard.welcome')}
      </Typography>
      {readsReports && <BusinessOverview canReadBookings={permissions.includes('bookings.read')} />}
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {translate('dashboard.shortcuts')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 3 }}>
        {permissions.includes('checkin.create') && (
          <Card sx={{ minWidth: 220 }}>
            <CardContent>
              <Typography component="h3" variant="h6">
                {translate('dashboard.today')}
              </Typography>
              <Typography color="text.secondary">{translate('dashboard.today_help')}</Typography>
            </CardContent>
            <CardActions sx={WRAPPING_ACTIONS}>
              <Button component={RouterLink} to="/check-in">
                {translate('dashboard.check_in_travellers')}
              </Button>
              {permissions.includes('departures.read') && (
                <Button component={RouterLink} to="/day-sheet">
                  {translate('dashboard.day_sheet')}
                </Button>
              )}
            </CardActions>
          </Card>
        )}
        {RESOURCES.filter((module) => module.dashboardCard).map((module) => (
          <CountCard key={module.name} module={module} permissions={permissions} />
        ))}
      </Stack>
      {readsReports ? (
        <Typography variant="body2" color="text.secondary">
          {translate('dashboard.signed_in_footer', { email: user?.email, roles: (user?.roles ?? []).join(', ') })}
        </Typography>
      ) : (
        <PersonalCard />
      )}
    </Box>
  );
}
