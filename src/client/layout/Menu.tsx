/** The side menu: entries the user's permissions allow (react-admin's canAccess hides the rest). */
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Menu as RaMenu, useCanAccess } from 'react-admin';

export function Menu() {
  const { canAccess: canReadDashboard } = useCanAccess({ resource: 'dashboard', action: 'read' });
  return (
    <RaMenu>
      {canReadDashboard !== false && <RaMenu.Item to="/dashboard" primaryText="Dashboard" leftIcon={<DashboardIcon />} />}
      <RaMenu.ResourceItems />
    </RaMenu>
  );
}
