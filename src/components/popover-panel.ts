import { cx } from '../utils/class-names.ts';

/**
 * Classes of a toolbar popover's panel (not anchored: an anchored panel moves to a portal, whose
 * aria-hidden focus sentinels and place outside the page's landmarks axe-core reports). From sm
 * it hangs under its button, aligned to the button's right edge; on a phone, where a button may
 * sit anywhere in a wrapped toolbar, it rests above the bottom edge across the screen, so it
 * never runs past the window's edge.
 */
export function popoverPanelClasses(widthClass: string): string {
  return cx(
    'z-40 rounded-lg bg-white p-3 shadow-lg ring-1 ring-slate-200 focus:outline-none',
    'fixed inset-x-4 bottom-4 max-h-[70dvh] overflow-y-auto',
    'sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:bottom-auto sm:mt-1 sm:max-h-none sm:overflow-visible',
    widthClass,
  );
}
