import { Suspense, useState, type ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

/**
 * Shown while a dialog's code loads the first time it opens: fixed over the page, so nothing
 * shifts, and announced. Focus stays on the button that opened it until the dialog takes it.
 */
export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/20">
      <div className="rounded-full bg-white p-3 shadow-lg">
        <Spinner className="size-6 text-indigo-600" label="Loading…" />
      </div>
    </div>
  );
}

/**
 * Renders a lazily loaded dialog, sheet or panel (`React.lazy`) from the first time `open` is true:
 * its code loads when it is first opened, not with the page (decision 110). It stays mounted
 * afterwards, so its closing transition plays and focus returns as Headless UI does it.
 */
export function OpenedLazily({ open, children }: { open: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return <Suspense fallback={open ? <DialogLoading /> : null}>{children}</Suspense>;
}
