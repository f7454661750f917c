/** The `theme` query parameter and the stored colour mode (spec §2, §4). */
import { expect, test } from 'vitest';
import { colourModeFromParam, initialColourMode } from '../../../src/client/theme/colour-mode';

test('a theme parameter of letters, digits and spaces naming a mode is taken and stored', () => {
  expect(colourModeFromParam('dark')).toBe('dark');
  expect(colourModeFromParam('Light')).toBe('light');
  expect(initialColourMode('?theme=dark')).toBe('dark');
  expect(window.localStorage.getItem('colourMode')).toBe('dark');
  expect(initialColourMode('')).toBe('dark'); // the stored choice, on the next load
});

test('anything else in the parameter is ignored', () => {
  window.localStorage.setItem('colourMode', 'light');
  for (const value of ['<script>alert(1)</script>', 'dark;', 'dark-mode', '', ' ', 'purple', 'dark mode 2']) {
    expect(colourModeFromParam(value)).toBeNull();
    expect(initialColourMode(`?theme=${encodeURIComponent(value)}`)).toBe('light');
  }
  expect(window.localStorage.getItem('colourMode')).toBe('light');
});

test('with nothing stored the mode is auto (the system preference)', () => {
  expect(initialColourMode('')).toBe('auto');
  window.localStorage.setItem('colourMode', 'sepia');
  expect(initialColourMode('')).toBe('auto');
});
