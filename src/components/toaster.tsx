import {
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

import {
  dismissToast,
  getToast,
  getToastHost,
  hostToasts,
  subscribeToToasts,
  type ToastItem,
} from '#src/lib/toast-store.ts';

import { TOAST_VIEWPORT_HOTKEY } from '../config/constants.ts';
import { cx } from '../utils/class-names.ts';
import { AlertIcon, CheckCircleIcon, CloseIcon } from './icons.tsx';

const SWIPE_THRESHOLD_PX = 60;

const variantStyles: Record<ToastItem['variant'], string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-300 bg-red-600 text-white',
};

/** `isInDialog`: drawn in a dialog's flow, not floating above the page. */
function ToastCard({ item, isInDialog = false }: { item: ToastItem; isInDialog?: boolean }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);
  const close = useCallback(() => dismissToast(item.id), [item.id]);

  useEffect(() => {
    if (paused || !Number.isFinite(item.duration)) return;
    const timer = window.setTimeout(close, item.duration);
    return () => window.clearTimeout(timer);
  }, [paused, item.duration, close]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  // Hovering pauses the timer once the pointer moves over the toast: a toast that appears under a
  // resting pointer (the button that raised it) still closes on time instead of staying there.
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    setPaused(true);
    if (startX.current === null) return;
    setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerEnd = () => {
    if (startX.current === null) return;
    startX.current = null;
    if (offset > SWIPE_THRESHOLD_PX) close();
    else setOffset(0);
  };

  const isAlert = item.variant === 'destructive';
  const Icon = item.variant === 'success' ? CheckCircleIcon : isAlert ? AlertIcon : null;
  return (
    <div
      role={isAlert ? 'alert' : 'status'}
      aria-live={isAlert ? 'assertive' : 'polite'}
      aria-atomic="true"
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) }
          : undefined
      }
      className={cx(
        'toast-enter pointer-events-auto flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4',
        !isInDialog && 'shadow-lg',
        variantStyles[item.variant],
      )}
    >
      {Icon ? (
        <Icon
          className={cx(
            'mt-0.5 size-5 shrink-0',
            item.variant === 'success' ? 'text-emerald-600' : 'text-white',
          )}
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? (
          <p className={cx('mt-0.5 text-sm', isAlert ? 'text-red-50' : 'text-slate-600')}>
            {item.description}
          </p>
        ) : null}
        {item.action ? (
          <button
            type="button"
            onClick={() => {
              item.action?.onClick();
              close();
            }}
            className={cx(
              'mt-3 inline-flex h-8 items-center rounded-md px-3 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2',
              isAlert
                ? 'text-white ring-white/50 hover:bg-red-500 focus-visible:outline-white'
                : 'text-slate-800 ring-slate-300 hover:bg-slate-50 focus-visible:outline-indigo-600',
            )}
          >
            {item.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={close}
        className={cx(
          'rounded-md p-1 focus-visible:outline-2',
          isAlert
            ? 'text-red-100 hover:bg-red-500 focus-visible:outline-white'
            : 'text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-indigo-600',
        )}
      >
        <CloseIcon className="size-4" />
        <span className="sr-only">Close notification</span>
      </button>
    </div>
  );
}

/**
 * Renders the visible toast in a labelled region. F8 moves focus to it; Escape closes the toast
 * while focus is inside the region.
 */
export function Toaster() {
  const item = useSyncExternalStore(subscribeToToasts, getToast, getToast);
  const host = useSyncExternalStore(subscribeToToasts, getToastHost, getToastHost);
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_VIEWPORT_HOTKEY) {
        event.preventDefault();
        viewport.current?.focus();
        return;
      }
      // Escape closes the toast only while focus is in the notifications region, so it never
      // competes with a dialog's own Escape.
      const current = getToast();
      if (event.key === 'Escape' && current && viewport.current?.contains(document.activeElement)) {
        event.preventDefault();
        dismissToast(current.id);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      aria-label={`Notifications (${TOAST_VIEWPORT_HOTKEY})`}
      // At the bottom edge, clear of the home indicator, on a phone too: at the top a toast
      // covered the header's cart and menu buttons for its five seconds. A toast never covers
      // an open dialog or sheet: those show it inside themselves (`DialogToast`).
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:right-0 sm:justify-end"
    >
      {/* One toast at a time, announced through its own status or alert role (not a list item). */}
      <div
        ref={viewport}
        tabIndex={-1}
        className="flex w-full max-w-sm flex-col gap-2 outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2 rounded-xl"
      >
        {item && host === null ? <ToastCard key={item.id} item={item} /> : null}
      </div>
    </section>
  );
}

/** Has an open dialog or sheet show the toasts (see `hostToasts`); answers its id for `DialogToast`. */
export function useToastHost(isOpen: boolean): string {
  const hostId = useId();
  useEffect(() => (isOpen ? hostToasts(hostId) : undefined), [isOpen, hostId]);
  return hostId;
}

/** The toast raised while this open dialog or sheet is the top one, shown inside it. */
export function DialogToast({ hostId, className }: { hostId: string; className?: string }) {
  const item = useSyncExternalStore(subscribeToToasts, getToast, getToast);
  const host = useSyncExternalStore(subscribeToToasts, getToastHost, getToastHost);
  if (!item || host !== hostId || item.host !== hostId) return null;
  return (
    <div className={className}>
      <ToastCard key={item.id} item={item} isInDialog />
    </div>
  );
}
