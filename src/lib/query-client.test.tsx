import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { dismissToast } from '#src/lib/toast-store.ts';

import { Toaster } from '../components/toaster.tsx';
import { ApiError, NetworkError } from './api-client.ts';
import { reportAnswer, reportNoAnswer } from './connection.ts';
import {
  createQueryClient,
  followBrowserConnection,
  MUTATION_ERROR_TITLE,
  NEEDS_CONNECTION_TITLE,
} from './query-client.ts';

afterEach(() => act(() => dismissToast()));

describe('query client feedback', () => {
  it('reports a failed mutation with a toast whose "Try again" runs it again', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    const client = createQueryClient();
    const mutationFn = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, { code: 409, message: 'The item is already live.' }))
      .mockResolvedValueOnce('ok');
    const observer = client.getMutationCache().build(client, { mutationFn });
    await act(() => observer.execute({ id: 1 }).catch(() => undefined));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MUTATION_ERROR_TITLE);
    expect(alert).toHaveTextContent('The item is already live.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(mutationFn).toHaveBeenCalledTimes(2));
    expect(mutationFn.mock.calls[1]?.[0]).toEqual({ id: 1 });
  });

  it('stays quiet for mutations that show their own errors and for an ended session', async () => {
    render(<Toaster />);
    const client = createQueryClient();
    const own = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new Error('x')),
      meta: { errorToast: false },
    });
    const expired = client.getMutationCache().build(client, {
      mutationFn: () =>
        Promise.reject(new ApiError(401, { code: 401, message: 'Expired JWT Token' })),
    });
    await act(() => own.execute(undefined).catch(() => undefined));
    await act(() => expired.execute(undefined).catch(() => undefined));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a write that got no answer needs a connection, not that something went wrong', async () => {
    render(<Toaster />);
    const client = createQueryClient();
    const unanswered = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))),
    });
    await act(() => unanswered.execute(undefined).catch(() => undefined));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent(NEEDS_CONNECTION_TITLE);
    expect(toast).toHaveTextContent('nothing was changed');
    expect(screen.queryByText(MUTATION_ERROR_TITLE)).not.toBeInTheDocument();
  });

  it('reports a failed refresh, but not one that got no answer, even where the browser says it is online', async () => {
    render(<Toaster />);
    const client = createQueryClient();
    client.setQueryData(['orders'], ['saved']);
    const refresh = (error: Error) =>
      act(() =>
        client
          .fetchQuery({
            queryKey: ['orders'],
            queryFn: () => Promise.reject(error),
            retry: false,
            staleTime: 0,
          })
          .catch(() => undefined),
      );

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await refresh(new NetworkError(new TypeError('Failed to fetch')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // After a reload offline Chromium can say it is online while requests fail.
    onLine.mockReturnValue(true);
    await refresh(new NetworkError(new TypeError('Failed to fetch')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await refresh(new ApiError(500, { code: 500, message: 'Internal error.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not refresh data');
    onLine.mockRestore();
  });
});

describe('connection at start', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    followBrowserConnection();
    onlineManager.setOnline(true);
  });

  it('a page loaded offline keeps its restored data and refreshes once the connection returns', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    followBrowserConnection();
    expect(onlineManager.isOnline()).toBe(false);

    const key = ['buyer', 'profile', 'detail'];
    const client = createQueryClient();
    // As the provider does: the client follows the connection from now on.
    client.mount();
    onTestFinished(() => client.unmount());
    client.setQueryData(key, { first_name: 'Emma' }, { updatedAt: 1 });
    const queryFn = vi.fn().mockResolvedValue({ first_name: 'Emma B.' });
    void client.fetchQuery({ queryKey: key, queryFn, staleTime: 0 });

    expect(client.getQueryState(key)).toMatchObject({ status: 'success', fetchStatus: 'paused' });
    expect(queryFn).not.toHaveBeenCalled();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual({ first_name: 'Emma B.' }));
  });
});

describe('connection the browser does not report', () => {
  afterEach(() => {
    followBrowserConnection();
    onlineManager.setOnline(true);
  });

  it('queries wait once a request got no answer, and go on once one is answered again', () => {
    // The browser says online throughout, as Chromium does after a reload offline.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    followBrowserConnection();
    expect(onlineManager.isOnline()).toBe(true);
    reportNoAnswer();
    expect(onlineManager.isOnline()).toBe(false);
    reportAnswer();
    expect(onlineManager.isOnline()).toBe(true);
    vi.restoreAllMocks();
  });
});
