import {
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import type { ReactNode } from 'react';
import { DIALOG_MAX_WIDTH_PX } from '../config/constants.ts';
import { cx } from '../utils/class-names.ts';
import { DialogCloseButton } from './dialog-close-button.tsx';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Dialogs that ask for a decision hide the corner close button and rely on their own buttons. */
  showCloseButton?: boolean;
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * A modal dialog (max width 596 px). Headless UI traps focus inside, closes on Escape and on a
 * click outside, and returns focus to the element that opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  showCloseButton = true,
  role = 'dialog',
  className,
}: DialogProps) {
  return (
    <HeadlessDialog
      open={open}
      onClose={onClose}
      role={role}
      // Centred by the panel's auto margins, not by align-items: a panel taller than the window
      // then starts at the top and scrolls, instead of being cut off above it.
      className="fixed inset-0 z-50 flex w-screen items-end justify-center sm:items-start sm:overflow-y-auto sm:p-4"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 backdrop-blur-[2px] transition-opacity duration-200 data-closed:opacity-0"
      />
      <DialogPanel
        transition
        style={{ maxWidth: DIALOG_MAX_WIDTH_PX }}
        className={cx(
          // Below sm: a full-width sheet from the bottom edge, scrolling inside, actions pinned.
          'relative max-h-dvh w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5',
          'sm:my-auto sm:max-h-none sm:overflow-visible sm:rounded-2xl',
          'transition duration-200 ease-out data-closed:translate-y-2 data-closed:opacity-0',
          className,
        )}
      >
        <DialogTitle className="pr-8 text-lg font-semibold text-slate-900">{title}</DialogTitle>
        {description ? (
          <Description className="mt-1.5 text-sm text-slate-600">{description}</Description>
        ) : null}
        {showCloseButton ? (
          <DialogCloseButton onClose={onClose} className="absolute top-4 right-4" />
        ) : null}
        {children ? <div className="mt-4">{children}</div> : null}
        {footer ? (
          <div
            className={cx(
              'sticky bottom-0 -mx-6 -mb-6 mt-6 flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-white px-6 py-4 *:grow',
              'sm:static sm:mx-0 sm:mb-0 sm:border-0 sm:p-0 sm:*:grow-0',
            )}
          >
            {footer}
          </div>
        ) : null}
      </DialogPanel>
    </HeadlessDialog>
  );
}
