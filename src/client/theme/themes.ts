/** Light and dark themes: react-admin's defaults with the product's colours, contrast-checked (WCAG AA). */
import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const shared: RaThemeOptions = {
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  // 248 px: German's longest menu entry ("Nachrichtenvorlagen") fits on one line; at 232 px its last letter went onto a line of its own.
  sidebar: { width: 248 },
  components: {
    // A menu entry longer than the sidebar ("Nachrichtenvorlagen", "Guides & Fahrzeuge") wraps onto a
    // second line instead of being cut with an ellipsis: its label (a noWrap Typography inside the
    // link) wraps at its spaces, and a single word too long for the line is hyphenated where the
    // browser knows the language's rules, else broken.
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          whiteSpace: 'normal',
          lineHeight: 1.25,
          '& .MuiListItemIcon-root': { alignSelf: 'center' },
          '& .MuiTypography-root': { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', hyphens: 'auto', overflowWrap: 'anywhere' },
        },
      },
    },
    // react-admin's "Skip to content" link takes the page's background with the primary button's
    // text colour: dark on near-black in the dark theme (1.1:1). It takes the page's own text colour.
    RaSkipNavigationButton: {
      styleOverrides: {
        root: ({ theme }: { theme: { palette: { text: { primary: string }; background: { paper: string } } } }) => ({
          '&.skip-nav-button, &.skip-nav-button:focus': { color: theme.palette.text.primary, backgroundColor: theme.palette.background.paper },
        }),
      },
    },
    // Links in text (a contact's e-mail, a tour's code) in the theme's link colour, not the browser's
    // own (lavender on dark).
    MuiCssBaseline: {
      styleOverrides: (theme: { palette: { primary: { main: string } } }) => ({ 'a:not([class])': { color: theme.palette.primary.main } }),
    },
  },
};

export const lightTheme: RaThemeOptions = deepmerge(defaultLightTheme, {
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: '#0b5d7a' }, // deep lagoon: 7.3:1 on white
    secondary: { main: '#0b5d7a' },
    error: { main: '#b3261e' }, // 5.9:1 on the toolbar grey
    // Status colours dark enough for 13 px text on white, and for white text on them (≥ 4.5:1).
    warning: { main: '#8a4b00', light: '#ffb74d' }, // 6.9:1
    info: { main: '#01579b', light: '#81d4fa' }, // 7.6:1
    success: { main: '#1b5e20', light: '#81c784' }, // 7.9:1
    background: { default: '#f4f6f8' },
  },
});

export const darkTheme: RaThemeOptions = deepmerge(defaultDarkTheme, {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#7fd3ee' }, // light lagoon: 10:1 on the dark paper
    secondary: { main: '#7fd3ee' },
    error: { main: '#ffb4ab' }, // 6:1 on the dark toolbar grey
    // Light status colours on the dark paper (≥ 7:1), with dark text on them.
    warning: { main: '#ffb74d', light: '#ffb74d' },
    info: { main: '#81d4fa', light: '#81d4fa' },
    success: { main: '#81c784', light: '#81c784' },
    background: { default: '#121417', paper: '#1b1e22' },
  },
});
