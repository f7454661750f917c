import { AppBar as RaAppBar, Logout, TitlePortal, useGetIdentity, UserMenu } from 'react-admin';
import { ColourModeButton } from './ColourModeButton';

/** The account menu; its accessible name includes the name it shows (WCAG 2.5.3). */
function AccountMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ? `Account of ${identity.fullName}` : 'Account'}>
      <Logout />
    </UserMenu>
  );
}

/** The page's title is its one h1 (pages start their own headings at h2). */
export function AppBar() {
  return (
    <RaAppBar toolbar={<ColourModeButton />} userMenu={<AccountMenu />}>
      <TitlePortal component="h1" />
    </RaAppBar>
  );
}
