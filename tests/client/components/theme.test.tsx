/** The `theme` query parameter and the stored colour mode, and the app bar's choice. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContextProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { createI18nProvider } from '../../../src/client/i18n';
import { ColourModeButton } from '../../../src/client/layout/ColourModeButton';
import { colourModeFromParam, ColourModeProvider, initialColourMode, ThemeFromQuery, useColourMode } from '../../../src/client/theme/colour-mode';

function Probe() {
  const { mode, resolved } = useColourMode();
  return <output aria-label="colour mode">{`${mode}/${resolved}`}</output>;
}

/** As main.tsx starts the app: the initial mode from the address, then the watcher and the app bar's button. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ColourModeProvider initialMode={initialColourMode(path.includes('?') ? path.slice(path.indexOf('?')) : '')}>
            <ThemeFromQuery />
            {/* The app bar's words come from the app's messages. */}
            <I18nContextProvider value={createI18nProvider()}>
              <ColourModeButton />
            </I18nContextProvider>
            <Probe />
          </ColourModeProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const shown = () => screen.getByRole('status', { name: 'colour mode' }).textContent;

function preferDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

test('a valid theme parameter sets the mode and is stored; the next load without it keeps it', () => {
  renderAt('/login?theme=dark');
  expect(shown()).toBe('dark/dark');
  expect(window.localStorage.getItem('colourMode')).toBe('dark');
  expect(initialColourMode('')).toBe('dark');
  expect(colourModeFromParam('Light')).toBe('light');
});

test('an invalid theme parameter is ignored: the stored mode stands', () => {
  window.localStorage.setItem('colourMode', 'light');
  for (const value of ['<script>alert(1)</script>', 'dark;', 'dark-mode', '', ' ', 'purple', 'dark mode 2', 'dark\u00a0']) {
    expect(colourModeFromParam(value)).toBeNull();
    expect(initialColourMode(`?theme=${encodeURIComponent(value)}`)).toBe('light');
  }
  renderAt(`/users?theme=${encodeURIComponent('dark;')}`);
  expect(shown()).toBe('light/light');
  expect(window.localStorage.getItem('colourMode')).toBe('light');
});

test('with nothing stored the mode is auto and follows the system preference', () => {
  preferDark(true);
  expect(initialColourMode('')).toBe('auto');
  window.localStorage.setItem('colourMode', 'sepia');
  renderAt('/dashboard');
  expect(shown()).toBe('auto/dark');
});

test('a theme parameter met while the app runs applies; a choice in the app bar afterwards stands', async () => {
  const router = renderAt('/dashboard');
  expect(shown()).toBe('auto/light');
  await act(() => router.navigate('/users?theme=dark'));
  expect(shown()).toBe('dark/dark');
  await act(() => router.navigate('/users?theme=%3Cb%3E'));
  expect(shown()).toBe('dark/dark');

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Colour mode' }));
  await user.click(screen.getByRole('menuitem', { name: /light/i }));
  expect(shown()).toBe('light/light');
  expect(window.localStorage.getItem('colourMode')).toBe('light');
});
