import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { ColourModeButton } from './ColourModeButton';

export function AppBar() {
  return (
    <RaAppBar toolbar={<ColourModeButton />}>
      <TitlePortal />
    </RaAppBar>
  );
}
