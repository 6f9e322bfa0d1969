import { useEffect, useState } from 'react';

export interface ScrollOverflow {
  /** Content is scrolled out of view past the start edge (left, or top). */
  start: boolean;
  /** Content lies out of view past the end edge (right, or bottom). */
  end: boolean;
}

/**
 * Which edges of a scroll box have content beyond them, sideways (`x`) or up and down (`y`);
 * follows scrolling and any change of size of the box or of its children. Answers a callback ref
 * for the box.
 */
export function useScrollOverflow(axis: 'x' | 'y') {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const [overflow, setOverflow] = useState<ScrollOverflow>({ start: false, end: false });
  useEffect(() => {
    if (!box) return;
    const measure = () => {
      const position = axis === 'x' ? box.scrollLeft : box.scrollTop;
      const range =
        axis === 'x' ? box.scrollWidth - box.clientWidth : box.scrollHeight - box.clientHeight;
      // Fractional sizes can leave a pixel to scroll: nothing is hidden behind that.
      const start = position > 1;
      const end = range - position > 1;
      setOverflow((current) =>
        current.start === start && current.end === end ? current : { start, end },
      );
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => {
      box.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [box, axis]);
  return [setBox, overflow] as const;
}
