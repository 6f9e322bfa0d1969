import { type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';

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

/** Calls `onMount` once its Suspense boundary shows its content, i.e. once the lazy code is in. */
function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/**
 * Renders a lazily loaded dialog, sheet or panel (`React.lazy`) from the first time `open` is true:
 * its code loads when it is first opened, not with the page (decision 110).
 *
 * `children(isOpen)` renders it. Once its code is in, it is mounted closed first and opened on the
 * next render, exactly as when it was part of the page: Headless UI then hides the page behind it,
 * traps focus on its first field and gives focus back to the opener on close. It stays mounted
 * afterwards, so its closing transition plays.
 */
export function OpenedLazily({
  open,
  children,
}: {
  open: boolean;
  children: (isOpen: boolean) => ReactNode;
}) {
  const [hasOpened, setHasOpened] = useState(open);
  const [isLoaded, setLoaded] = useState(false);
  const markLoaded = useCallback(() => {
    // Headless UI learns from focus events where focus was before a dialog opened, and returns it
    // there on close; its listener may have just arrived with this code, after the opener got
    // focus. Focusing the opener again lets it see it, so closing returns focus there.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body) {
      active.blur();
      active.focus({ preventScroll: true });
    }
    setLoaded(true);
  }, []);
  if (open && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <>
      {open && !isLoaded ? <DialogLoading /> : null}
      <Suspense fallback={null}>
        {children(open && isLoaded)}
        <Mounted onMount={markLoaded} />
      </Suspense>
    </>
  );
}
