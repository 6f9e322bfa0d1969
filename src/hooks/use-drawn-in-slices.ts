import { useEffect, useState } from 'react';

/**
 * How many of `total` items to draw: `first` when the list is first drawn, then `step` more in
 * each following task until all are, so the first paint waits only for what fills the screen and
 * the main thread is free between slices. The count only grows: a list refreshed or replaced once
 * drawn is drawn whole at once, with no rows going away and coming back.
 */
export function useDrawnInSlices(
  total: number,
  first: number,
  step: number,
): { count: number; isDrawing: boolean } {
  const [drawn, setDrawn] = useState(first);
  const count = Math.min(total, drawn);
  const isDrawing = count < total;

  useEffect(() => {
    if (!isDrawing) return;
    const timer = setTimeout(() => setDrawn(count + step), 0);
    return () => clearTimeout(timer);
  }, [count, step, isDrawing]);

  return { count, isDrawing };
}
