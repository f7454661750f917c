import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { AppBar as RaAppBar, Logout, TitlePortal, useGetIdentity, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router';
import { ColourModeButton } from './ColourModeButton';
import { LanguageMenu } from './LanguageMenu';

/** "My profile": your own name and password. */
function ProfileMenuItem() {
  const userMenu = useUserMenu();
  const translate = useTranslate();
  return (
    <MenuItem component={Link} to="/profile" onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('account.my_profile')}</ListItemText>
    </MenuItem>
  );
}

/** The account menu; its accessible name includes the name it shows (WCAG 2.5.3). */
function AccountMenu() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  return (
    <UserMenu label={identity?.fullName ? translate('account.account_of', { name: identity.fullName }) : translate('account.account')}>
      <ProfileMenuItem />
      <Logout />
    </UserMenu>
  );
}

/** The page's title is its one h1 (pages start their own headings at h2). */
export function AppBar() {
  return (
    <RaAppBar
      toolbar={
        <>
          <LanguageMenu />
          <ColourModeButton />
        </>
      }
      userMenu={<AccountMenu />}
    >
      {/* A page's title element inside the portal gets the ellipsis too: on a phone a long title ended mid-word under the icons. */}
      <TitlePortal component="h1" sx={{ minWidth: 0, '& > *': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }} />
    </RaAppBar>
  );
}
