import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { type ReactNode, useState } from 'react';

import { useMediaQuery } from '../hooks/use-media-query.ts';
import { cx } from '../utils/class-names.ts';
import { buttonClasses } from './button.tsx';
import { Dialog } from './dialog.tsx';

/** Below Tailwind's `sm`: where a toolbar popover opens as a sheet from the bottom edge. */
export const PHONE_QUERY = '(width < 40rem)';

export interface ToolbarPopoverProps {
  /** What the button says; also names the popover. */
  label: ReactNode;
  /** The sheet's title on a phone. */
  title: string;
  /** The popover's width from `sm` up, e.g. `w-64`. */
  widthClass: string;
  buttonRef: (element: HTMLElement | null) => void;
  /** The content; `close` closes it and gives focus back to the button. */
  children: (controls: { close: () => void; isSheet: boolean }) => ReactNode;
}

/**
 * A toolbar button's popover. From `sm` it hangs under its button, aligned to the button's right
 * edge (placed by CSS, not anchored: an anchored panel moves to a portal, whose aria-hidden focus
 * sentinels and place outside the page's landmarks axe-core reports). On a phone, where the button
 * may sit anywhere in a wrapped toolbar, it is the app's `Dialog`, a sheet from the bottom edge:
 * the page is dimmed behind it, a tap there or Escape closes it, focus stays inside and goes back
 * to the button, and a toast raised in it shows inside it.
 */
export function ToolbarPopover({
  label,
  title,
  widthClass,
  buttonRef,
  children,
}: ToolbarPopoverProps) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [isSheetOpen, setSheetOpen] = useState(false);
  if (isPhone) {
    const close = () => setSheetOpen(false);
    return (
      <>
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={isSheetOpen}
          onClick={() => setSheetOpen(true)}
          className={buttonClasses('secondary', 'sm')}
        >
          {label}
        </button>
        <Dialog open={isSheetOpen} onClose={close} title={title}>
          {children({ close, isSheet: true })}
        </Dialog>
      </>
    );
  }
  return (
    <Popover className="relative">
      <PopoverButton ref={buttonRef} className={buttonClasses('secondary', 'sm')}>
        {label}
      </PopoverButton>
      <PopoverPanel
        className={cx(
          'absolute top-full right-0 z-40 mt-1 rounded-lg bg-white p-3 shadow-lg ring-1 ring-slate-200 focus:outline-none',
          widthClass,
        )}
      >
        {({ close }) => <>{children({ close: () => close(), isSheet: false })}</>}
      </PopoverPanel>
    </Popover>
  );
}
