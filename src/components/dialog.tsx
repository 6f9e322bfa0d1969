import {
  Description,
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
} from '@headlessui/react';
import type { ReactNode } from 'react';

import { DIALOG_MAX_WIDTH_PX } from '../config/constants.ts';
import { useFocusAfterClose } from '../hooks/use-focus-after-close.ts';
import { useFocusKeptInside } from '../hooks/use-focus-kept-inside.ts';
import { useScrollOverflow } from '../hooks/use-scroll-overflow.ts';
import { cx } from '../utils/class-names.ts';
import { DialogCloseButton } from './dialog-close-button.tsx';
import { DialogToast, useToastHost } from './toaster.tsx';

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
 * click outside, and returns focus to the element that opened it (or, when that is gone, to the
 * page's heading: `useFocusAfterClose`). A toast raised while it is open
 * shows inside it, above its actions (see `hostToasts`).
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
  const hostId = useToastHost(open);
  const [body, bodyOverflow] = useScrollOverflow('y');
  const panel = useFocusKeptInside(open);
  useFocusAfterClose(open);
  return (
    <HeadlessDialog
      open={open}
      onClose={onClose}
      role={role}
      className="fixed inset-0 z-50 flex w-screen items-end justify-center sm:items-center sm:p-4"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 backdrop-blur-[2px] transition-opacity duration-200 data-closed:opacity-0"
      />
      <DialogPanel
        ref={panel}
        tabIndex={-1}
        transition
        style={{ maxWidth: DIALOG_MAX_WIDTH_PX }}
        className={cx(
          'outline-none',
          // Below sm: a full-width sheet from the bottom edge. Never taller than the window: the
          // content scrolls and the actions stay below it, as in a side sheet; a sticky footer
          // inside the scrolling panel stopped at its padding, with content showing beneath.
          'relative flex max-h-dvh w-full flex-col rounded-t-2xl bg-white shadow-xl ring-1 ring-slate-900/5',
          'sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl',
          'transition duration-200 ease-out data-closed:translate-y-2 data-closed:opacity-0',
          className,
        )}
      >
        <div ref={body} className="relative min-h-0 overflow-y-auto p-6">
          <DialogTitle className="pr-8 text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {description ? (
            <Description className="mt-1.5 text-sm text-slate-600">{description}</Description>
          ) : null}
          {showCloseButton ? (
            <DialogCloseButton onClose={onClose} className="absolute top-4 right-4" />
          ) : null}
          {children ? <div className="mt-4">{children}</div> : null}
        </div>
        {footer ? (
          <div
            className={cx(
              'flex flex-wrap justify-end gap-2 border-t border-slate-100 px-6 py-4 *:grow',
              'sm:pb-6 sm:*:grow-0',
              // The actions sit under the content without a rule, unless it scrolls.
              !bodyOverflow.start && !bodyOverflow.end && 'border-transparent sm:pt-0',
            )}
          >
            <DialogToast hostId={hostId} className="basis-full" />
            {footer}
          </div>
        ) : (
          <DialogToast hostId={hostId} className="px-6 pb-6" />
        )}
      </DialogPanel>
    </HeadlessDialog>
  );
}
