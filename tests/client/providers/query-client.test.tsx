/** The cache settings: unused data kept 60 s, no refetch on mount, focus or reconnect; the auth check always fresh. */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { AUTH_CHECK_QUERY, createQueryClient } from '../../../src/client/providers/query-client';

test('unused data is kept 60 s; no refetch on mount, focus or reconnect by default', () => {
  expect(createQueryClient().getDefaultOptions().queries).toMatchObject({
    gcTime: 60_000,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
});

test('the auth check is kept 0 s and refetched on mount and reconnect', () => {
  expect(AUTH_CHECK_QUERY).toMatchObject({ queryKey: ['auth', 'check'], gcTime: 0, refetchOnMount: true, refetchOnReconnect: true });
});

function Toggle({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown((value) => !value)}>
        toggle
      </button>
      {shown && children}
    </>
  );
}

test('a list opened again within 60 s comes from the cache; the auth check is asked again', async () => {
  const listCalls = vi.fn(async () => 'rows');
  const checkCalls = vi.fn(async () => ({ isAuthentication: true }));
  function Screens() {
    const list = useQuery({ queryKey: ['users', 'getList'], queryFn: listCalls });
    const check = useQuery({ ...AUTH_CHECK_QUERY, queryFn: checkCalls });
    return <p>{`${list.data ?? ''} ${check.data?.isAuthentication ?? ''}`}</p>;
  }
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <Toggle>
        <Screens />
      </Toggle>
    </QueryClientProvider>,
  );
  await screen.findByText('rows true');
  await act(async () => screen.getByRole('button').click()); // leave
  await waitFor(() => expect(queryClient.getQueryCache().find({ queryKey: ['auth', 'check'] })).toBeUndefined()); // gcTime 0
  await act(async () => screen.getByRole('button').click()); // come back
  await screen.findByText('rows true');
  expect(listCalls).toHaveBeenCalledTimes(1);
  expect(checkCalls).toHaveBeenCalledTimes(2);
});
