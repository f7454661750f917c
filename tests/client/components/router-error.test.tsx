/** An error nothing else catches shows react-router's default error page (spec §2, §8). */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test, vi } from 'vitest';
import { appRoutes } from '../../../src/client/router';
import type { AppServices } from '../../../src/client/services';

function Broken(): never {
  throw new Error('the app could not start');
}

test('the app route has no error element of its own: "Unexpected Application Error!"', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // The services are never reached: the admin app stand-in throws first.
  const services = {} as AppServices;
  render(<RouterProvider router={createMemoryRouter(appRoutes(services, { admin: <Broken /> }), { initialEntries: ['/dashboard'] })} />);
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('the app could not start')).toBeInTheDocument();
});
