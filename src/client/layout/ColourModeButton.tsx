/** The app bar's colour mode switch: light, dark or auto (follows the system). */
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import type { ColourMode } from '../providers/local-settings';
import { useColourMode } from '../theme/colour-mode';

const OPTIONS: { mode: ColourMode; label: string; icon: ReactElement }[] = [
  { mode: 'light', label: 'colour_mode.light', icon: <LightModeIcon fontSize="small" /> },
  { mode: 'dark', label: 'colour_mode.dark', icon: <DarkModeIcon fontSize="small" /> },
  { mode: 'auto', label: 'colour_mode.auto', icon: <BrightnessAutoIcon fontSize="small" /> },
];

export function ColourModeButton() {
  const { mode, setMode } = useColourMode();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = OPTIONS.find((option) => option.mode === mode) ?? OPTIONS[2];
  return (
    <>
      <Tooltip title={translate('colour_mode.current', { mode: translate(current.label) })}>
        <IconButton color="inherit" aria-label={translate('colour_mode.label')} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
          {current.icon}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {OPTIONS.map((option) => (
          <MenuItem
            key={option.mode}
            selected={option.mode === mode}
            onClick={() => {
              setMode(option.mode);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{option.icon}</ListItemIcon>
            <ListItemText>{translate(option.label)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
