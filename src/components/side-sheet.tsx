import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

import { SHEET_MAX_WIDTH_PX } from '../config/constants.ts';
import { useFocusKeptInside } from '../hooks/use-focus-kept-inside.ts';
import { cx } from '../utils/class-names.ts';
import { DialogCloseButton } from './dialog-close-button.tsx';
import { DialogToast, useToastHost } from './toaster.tsx';

export type SheetSide = 'right' | 'left' | 'top' | 'bottom';

const placement: Record<SheetSide, string> = {
  right: 'inset-y-0 right-0 h-dvh w-full data-closed:translate-x-full',
  left: 'inset-y-0 left-0 h-dvh w-full data-closed:-translate-x-full',
  top: 'inset-x-0 top-0 max-h-[85vh] w-full data-closed:-translate-y-full',
  bottom: 'inset-x-0 bottom-0 max-h-[85vh] w-full data-closed:translate-y-full',
};

export interface SideSheetProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  side?: SheetSide;
  children?: ReactNode;
  footer?: ReactNode;
  /**
   * Names the scrolling body and makes it a stop of the keyboard, so that a body of text with
   * nothing to focus in it (a conversation) scrolls with the arrow keys.
   */
  bodyLabel?: string;
}

/**
 * A panel sliding in from an edge (right by default); side panels are at most 482 px wide, so on
 * a phone they take the whole screen, with the footer's actions pinned at the bottom.
 */
export function SideSheet({
  open,
  onClose,
  title,
  description,
  side = 'right',
  children,
  footer,
  bodyLabel,
}: SideSheetProps) {
  const isVertical = side === 'left' || side === 'right';
  // As in `Dialog`: the page under an open sheet is inert, so toasts show inside the sheet.
  const hostId = useToastHost(open);
  const panel = useFocusKeptInside(open);
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 transition-opacity duration-300 data-closed:opacity-0"
      />
      <DialogPanel
        ref={panel}
        tabIndex={-1}
        transition
        style={isVertical ? { maxWidth: SHEET_MAX_WIDTH_PX } : undefined}
        className={cx(
          'fixed flex outline-none flex-col bg-white shadow-2xl transition-transform duration-300 ease-out',
          placement[side],
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
          <div>
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
            {description ? (
              <Description className="mt-1 text-sm text-slate-600">{description}</Description>
            ) : null}
          </div>
          <DialogCloseButton onClose={onClose} />
        </div>
        <div
          className="min-h-0 flex-1 overflow-y-auto px-6 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
          {...(bodyLabel ? { role: 'region', 'aria-label': bodyLabel, tabIndex: 0 } : {})}
        >
          {children}
        </div>
        {footer ? (
          <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4 flex-wrap *:grow sm:*:grow-0">
            <DialogToast hostId={hostId} className="basis-full" />
            {footer}
          </div>
        ) : (
          <DialogToast hostId={hostId} className="px-6 pb-4" />
        )}
      </DialogPanel>
    </Dialog>
  );
}
