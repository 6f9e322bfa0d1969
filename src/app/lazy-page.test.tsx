import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { allowConsole, consoleCalls } from '#src/test-utils/console-guard.ts';

import { lazyPage } from './lazy-page.tsx';
import { RouteErrorBoundary, useRouteError } from './route-error.tsx';

function ShowError() {
  const error = useRouteError();
  return <p>Failed: {error instanceof Error ? error.message : 'unknown'}</p>;
}

function renderLazy(Lazy: ReturnType<typeof lazyPage>, resetKey = 'a') {
  return (
    <RouteErrorBoundary resetKey={resetKey} fallback={<ShowError />}>
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy />
      </Suspense>
    </RouteErrorBoundary>
  );
}

describe('lazyPage', () => {
  it('shows the fallback while its chunk loads, then the page; it loads once', async () => {
    const load = vi.fn(async () => ({ Component: () => <h1>Orders</h1> }));
    const Lazy = lazyPage(load);
    const { unmount } = render(renderLazy(Lazy));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    unmount();
    render(renderLazy(Lazy));
    // Loaded before: drawn in the first render, no fallback in between.
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws a preloaded page in its first render', async () => {
    const Lazy = lazyPage(async () => ({ Component: () => <h1>Sign in</h1> }));
    await Lazy.preload();
    render(renderLazy(Lazy));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('hands a failed load to the error boundary, and loads again on the next try', async () => {
    const load = vi
      .fn<() => Promise<{ Component: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Component: () => <h1>Domains</h1> });
    const Lazy = lazyPage(load);
    const { rerender } = render(renderLazy(Lazy));
    allowConsole('error');
    expect(
      await screen.findByText('Failed: Failed to fetch dynamically imported module'),
    ).toBeInTheDocument();
    // React reports the error the boundary caught, once.
    expect(consoleCalls('error')).toHaveLength(1);
    // A navigation resets the boundary: the page's chunk is asked for again.
    rerender(renderLazy(Lazy, 'b'));
    expect(await screen.findByRole('heading', { name: 'Domains' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
