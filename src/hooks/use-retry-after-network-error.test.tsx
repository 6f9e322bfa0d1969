import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setOnline } from '#src/test-utils/api.ts';

import { NETWORK_RETRY_MS, useRetryAfterNetworkError } from './use-retry-after-network-error.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retrying a page that could not be reached', () => {
  it('asks again when the connection returns, and then every few seconds', () => {
    vi.useFakeTimers();
    const refetch = vi.fn();
    setOnline(false);
    renderHook(() => useRetryAfterNetworkError(true, refetch));
    act(() => vi.advanceTimersByTime(NETWORK_RETRY_MS * 2));
    expect(refetch).not.toHaveBeenCalled();

    act(() => {
      setOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    expect(refetch).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(NETWORK_RETRY_MS));
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('leaves a page that was reached alone', () => {
    vi.useFakeTimers();
    const refetch = vi.fn();
    renderHook(() => useRetryAfterNetworkError(false, refetch));
    act(() => vi.advanceTimersByTime(NETWORK_RETRY_MS * 3));
    expect(refetch).not.toHaveBeenCalled();
  });
});
