/** The app bar's colour mode switch: light, dark or auto (follows the system). */
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState, type ReactElement } from 'react';
import type { ColourMode } from '../providers/local-settings';
import { useColourMode } from '../theme/colour-mode';

const OPTIONS: { mode: ColourMode; label: string; icon: ReactElement }[] = [
  { mode: 'light', label: 'Light', icon: <LightModeIcon fontSize="small" /> },
  { mode: 'dark', label: 'Dark', icon: <DarkModeIcon fontSize="small" /> },
  { mode: 'auto', label: 'Auto (system)', icon: <BrightnessAutoIcon fontSize="small" /> },
];

export function ColourModeButton() {
  const { mode, setMode } = useColourMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = OPTIONS.find((option) => option.mode === mode) ?? OPTIONS[2];
  return (
    <>
      <Tooltip title={`Colour mode: ${current.label}`}>
        <IconButton color="inherit" aria-label="Colour mode" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
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
            <ListItemText>{option.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
