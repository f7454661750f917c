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
  return (
    <RaMenu>
      {canReadDashboard !== false && <RaMenu.Item to="/dashboard" primaryText="Dashboard" leftIcon={<DashboardIcon />} />}
      {canCheckIn === true && <RaMenu.Item to="/check-in" primaryText="Check-in" leftIcon={<QrCodeScannerIcon />} />}
      {canReadDepartures === true && <RaMenu.Item to="/day-sheet" primaryText="Day sheet" leftIcon={<FactCheckIcon />} />}
      <RaMenu.ResourceItems />
      {canReadReports === true && <RaMenu.Item to="/margins" primaryText="Margins" leftIcon={<TrendingUpIcon />} />}
    </RaMenu>
  );
}
