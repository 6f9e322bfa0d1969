import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { lastPageOf, settledTotal, usePageInRange } from './use-page-in-range.ts';

describe('the last page of a list', () => {
  it('counts whole and partial pages, and gives an empty list one page', () => {
    expect(lastPageOf(0, 25)).toBe(1);
    expect(lastPageOf(25, 25)).toBe(1);
    expect(lastPageOf(26, 25)).toBe(2);
    expect(lastPageOf(534, 100)).toBe(6);
  });
});

describe('a page past the end of its list', () => {
  it('goes to the last page once the answer for that page has come', () => {
    const go = vi.fn();
    const { rerender } = renderHook(
      ({ total }: { total: number | undefined }) => usePageInRange(999, 100, total, go),
      { initialProps: { total: undefined as number | undefined } },
    );
    expect(go).not.toHaveBeenCalled();
    rerender({ total: 534 });
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith(6);
  });

  it('goes to page 1 when the list has become empty', () => {
    const go = vi.fn();
    renderHook(() => usePageInRange(3, 25, 0, go));
    expect(go).toHaveBeenCalledWith(1);
  });

  it('leaves a page inside the list alone, the last one included', () => {
    const go = vi.fn();
    const { rerender } = renderHook(
      ({ page }: { page: number }) => usePageInRange(page, 25, 60, go),
      { initialProps: { page: 1 } },
    );
    rerender({ page: 3 });
    expect(go).not.toHaveBeenCalled();
  });

  it('asks once per page and answer, not on every render', () => {
    const go = vi.fn();
    const { rerender } = renderHook(() => usePageInRange(9, 10, 30, () => go()));
    rerender();
    rerender();
    expect(go).toHaveBeenCalledTimes(1);
  });
});

describe('the settled total of a list query', () => {
  it('is the total of an answer for the page asked for', () => {
    expect(settledTotal({ isSuccess: true, isPlaceholderData: false }, 534)).toBe(534);
    expect(settledTotal({ isSuccess: true, isPlaceholderData: false }, 0)).toBe(0);
  });

  it('is unknown while loading, after a failure and while a previous page stays on screen', () => {
    expect(settledTotal({ isSuccess: false, isPlaceholderData: false }, 0)).toBeUndefined();
    expect(settledTotal({ isSuccess: true, isPlaceholderData: true }, 534)).toBeUndefined();
  });
});
