import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawnInSlices } from './use-drawn-in-slices.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Runs the slices' tasks one by one (each slice's render queues the next) until none is left. */
function drawAll() {
  for (let task = 0; task < 20 && vi.getTimerCount() > 0; task++) {
    act(() => void vi.advanceTimersToNextTimer());
  }
}

describe('useDrawnInSlices', () => {
  it('draws the first slice at once and the rest a slice per task', () => {
    const { result } = renderHook(() => useDrawnInSlices(10, 4, 3));
    expect(result.current).toEqual({ count: 4, isDrawing: true });
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toEqual({ count: 7, isDrawing: true });
    act(() => void vi.advanceTimersToNextTimer());
    expect(result.current).toEqual({ count: 10, isDrawing: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a short list is drawn whole at once, with no task left behind', () => {
    const { result } = renderHook(() => useDrawnInSlices(3, 4, 3));
    expect(result.current).toEqual({ count: 3, isDrawing: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('once drawn, a refreshed or longer list keeps every drawn row and draws the rest in slices', () => {
    const { result, rerender } = renderHook(({ total }) => useDrawnInSlices(total, 4, 3), {
      initialProps: { total: 0 },
    });
    // Loading: nothing to draw yet.
    expect(result.current).toEqual({ count: 0, isDrawing: false });
    rerender({ total: 6 });
    expect(result.current.count).toBe(4);
    drawAll();
    expect(result.current).toEqual({ count: 6, isDrawing: false });
    rerender({ total: 6 });
    expect(result.current.count).toBe(6);
    rerender({ total: 12 });
    expect(result.current.count).toBe(7);
    drawAll();
    expect(result.current).toEqual({ count: 12, isDrawing: false });
  });
});
