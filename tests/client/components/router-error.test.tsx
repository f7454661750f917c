/**
 * An error nothing else catches shows the app's error page under the router's default heading
 * ("Unexpected Application Error!"); a stale code chunk reloads the page once.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { appRoutes } from '../../../src/client/router';
import type { AppServices } from '../../../src/client/services';
import { reloadOnStaleChunks } from '../../../src/client/stale-chunks';

function Broken(): never {
  throw new Error('the app could not start');
}

test('an error nothing else catches: "Unexpected Application Error!" and what failed', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // The services are never reached: the admin app stand-in throws first.
  const services = {} as AppServices;
  render(<RouterProvider router={createMemoryRouter(appRoutes(services, { admin: <Broken /> }), { initialEntries: ['/dashboard'] })} />);
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText(/the app could not start/)).toBeInTheDocument();
});

test('the error page is the app’s own: the router’s heading, plain words and a Reload button, no developer text', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  render(<RouterProvider router={createMemoryRouter(appRoutes({} as AppServices, { admin: <Broken /> }), { initialEntries: ['/users'] })} />);
  await screen.findByRole('heading', { name: 'Unexpected Application Error!' });
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(screen.getByText(/Something in the app failed/)).toBeInTheDocument();
  expect(screen.queryByText(/Hey developer/)).toBeNull();
  expect(screen.queryByText(/errorElement/)).toBeNull();
});

test('the error page follows the chosen colour mode: dark colours for someone who chose dark', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  localStorage.setItem('colourMode', 'dark');
  try {
    render(<RouterProvider router={createMemoryRouter(appRoutes({} as AppServices, { admin: <Broken /> }), { initialEntries: ['/users'] })} />);
    const heading = await screen.findByRole('heading', { name: 'Unexpected Application Error!' });
    const main = heading.closest('main')!;
    expect(main.parentElement).toHaveStyle({ background: '#121212' });
    expect(main).toHaveStyle({ color: '#e8eaed' });
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveStyle({ color: '#90caf9' });
  } finally {
    localStorage.removeItem('colourMode');
  }
});

describe('a code chunk of a newer deployment that cannot be loaded', () => {
  function StaleChunk(): never {
    throw new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/UserList-0ld.js');
  }
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('location', { ...window.location, reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('reloads the page once, and the second time shows the page with Reload instead of looping', async () => {
    const { unmount } = render(<RouterProvider router={createMemoryRouter(appRoutes({} as AppServices, { admin: <StaleChunk /> }), { initialEntries: ['/users'] })} />);
    await screen.findByText(/A new version of the app was installed/);
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();

    // After the reload the chunk still fails: no second automatic reload.
    render(<RouterProvider router={createMemoryRouter(appRoutes({} as AppServices, { admin: <StaleChunk /> }), { initialEntries: ['/users'] })} />);
    await screen.findByText(/A new version of the app was installed/);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  test('vite:preloadError reloads once and is cancelled; the next one within a minute is let through', () => {
    reloadOnStaleChunks();
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
  });
});
