/** The side menu: entries the user's permissions allow (react-admin's canAccess hides the rest). */
import DashboardIcon from '@mui/icons-material/Dashboard';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Menu as RaMenu, useCanAccess } from 'react-admin';

export function Menu() {
  const { canAccess: canReadDashboard } = useCanAccess({ resource: 'dashboard', action: 'read' });
  const { canAccess: canCheckIn } = useCanAccess({ resource: 'checkin', action: 'create' });
  const { canAccess: canReadDepartures } = useCanAccess({ resource: 'departures', action: 'list' });
  const { canAccess: canReadReports } = useCanAccess({ resource: 'reports', action: 'read' });
  // Item texts are message keys: react-admin translates them.
  return (
    <RaMenu>
      {canReadDashboard !== false && <RaMenu.Item to="/dashboard" primaryText="menu.dashboard" leftIcon={<DashboardIcon />} />}
      {canCheckIn === true && <RaMenu.Item to="/check-in" primaryText="menu.check_in" leftIcon={<QrCodeScannerIcon />} />}
      {canReadDepartures === true && <RaMenu.Item to="/day-sheet" primaryText="menu.day_sheet" leftIcon={<FactCheckIcon />} />}
      <RaMenu.ResourceItems />
      {canReadReports === true && <RaMenu.Item to="/margins" primaryText="menu.margins" leftIcon={<TrendingUpIcon />} />}
    </RaMenu>
  );
}
