import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type * as ChunkReload from '#src/lib/chunk-reload.ts';
import { renderInMemoryRouter } from '#src/test-utils/render.tsx';

import { RouteErrorBoundary } from '../route-error.tsx';
import { ErrorScreen } from './error-screen.tsx';

const reloadForChunkError = vi.hoisted(() => vi.fn(() => true));
vi.mock('#src/lib/chunk-reload.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ChunkReload>()),
  reloadForChunkError,
}));

function Throws({ error }: { error: Error }): never {
  throw error;
}

function renderFailure(error: Error) {
  return renderInMemoryRouter(
    <RouteErrorBoundary resetKey="a" fallback={<ErrorScreen />}>
      <Throws error={error} />
    </RouteErrorBoundary>,
  );
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the route error screen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    reloadForChunkError.mockClear();
  });

  it('reloads for a page chunk that failed online', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailure(new TypeError('Failed to fetch dynamically imported module: /assets/orders.js'));
    expect(reloadForChunkError).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Loading the latest version…')).toBeInTheDocument();
  });

  it('shows the failure when the page was reloaded for it a moment ago', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reloadForChunkError.mockReturnValueOnce(false);
    renderFailure(new TypeError('Failed to fetch dynamically imported module: /assets/orders.js'));
    expect(reloadForChunkError).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the latest version…')).not.toBeInTheDocument();
  });

  it('offline, says the page is not saved on the device yet, and loads it once back online', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(false);
    renderFailure(new TypeError('Failed to fetch dynamically imported module: /assets/orders.js'));
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByText(/not saved on this device yet/)).toBeInTheDocument();
    expect(reloadForChunkError).not.toHaveBeenCalled();

    act(() => setOnline(true));
    expect(reloadForChunkError).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Loading the latest version…')).toBeInTheDocument();
  });

  it('shows any other failure with its status and a way home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(false);
    renderFailure(new Error('boom'));
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to home' })).toBeInTheDocument();
    expect(reloadForChunkError).not.toHaveBeenCalled();
  });
});
