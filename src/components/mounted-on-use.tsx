import {
  type ComponentPropsWithoutRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';

import { isConnected } from '#src/lib/connection.ts';
import { toast } from '#src/lib/toast-store.ts';

/**
 * `importer` run once and shared by every caller; a failed load is tried again by the next one.
 */
export function loadOnce<T>(importer: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= importer()
      .then((module) => {
        // A chunk that failed to load while the app reloads for a new release resolves to
        // nothing (the reload handler cancels the error, `src/lib/chunk-reload.ts`).
        if (module === undefined) throw new Error('The module did not load');
        return module;
      })
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
    return pending;
  };
}

/** Why a menu or popover did not open: its code is not on the device and there is no connection. */
export const NOT_SAVED_OFFLINE = {
  title: 'You are offline',
  description: 'This is not saved on this device yet. Try again once the connection returns.',
} as const;

/** The keys a Headless UI menu button opens its menu on (Down, Enter and Space: the first item). */
export const MENU_KEYS: readonly string[] = ['Enter', ' ', 'ArrowDown', 'ArrowUp'];

/** The keys a browser turns into a click on a focused button. */
const ACTIVATION_KEYS: readonly string[] = ['Enter', ' '];

/**
 * How the widget was first used: a key the widget's button handles, or a click (`null`), and the
 * plain button's place in the tab order (a roving tab stop sets it on the DOM).
 */
type Activation = { key: string | null; tabIndex: number };

/**
 * A menu or popover whose library code loads and mounts on first use (issue 13: "no Headless UI
 * component mounted per cell until it is used"; decision 156).
 *
 * Until then a plain button with the props of `trigger` stands in for the widget's own button
 * (same look, same name, `aria-expanded` false). Clicking it, or pressing one of `keys` on it,
 * loads the code and mounts the widget (`children(module, triggerRef)`, which puts `triggerRef` on
 * its own button), moves focus to that button and hands it the same click or key (a key the
 * widget's button does not take itself, Enter or Space, as the click a browser makes of it), so
 * the widget opens exactly as if it had been there all along: a key opens a menu with its first (Down,
 * Enter, Space) or last (Up) item active. The widget stays mounted afterwards.
 *
 * Only a use loads the code, not pointing at or focusing the button: a chunk that fails to load
 * (a new release) reloads the page (`src/lib/chunk-reload.ts`), which a pointer passing over a
 * button must not do. From the service worker's precache the load takes milliseconds.
 */
export function MountedOnUse<T>({
  load,
  keys = ['Enter', ' '],
  trigger,
  children,
}: {
  load: () => Promise<T>;
  keys?: readonly string[];
  trigger: Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'onClick' | 'onKeyDown'>;
  children: (module: T, triggerRef: (element: HTMLElement | null) => void) => ReactNode;
}) {
  const [loaded, setLoaded] = useState<{ module: T } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [triggerElement, setTriggerElement] = useState<HTMLElement | null>(null);
  const activation = useRef<Activation | null>(null);

  useEffect(() => {
    const pending = activation.current;
    if (!loaded || !pending || !triggerElement) return;
    activation.current = null;
    const button: HTMLElement = triggerElement;
    button.setAttribute('tabindex', String(pending.tabIndex));
    // The plain button went away with the swap, so focus fell to the page. If the user has put it
    // somewhere else while the code loaded, they have moved on: the widget does not open.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    button.focus({ preventScroll: true });
    if (pending.key === null) {
      button.click();
      return;
    }
    const isHandled = !button.dispatchEvent(
      new KeyboardEvent('keydown', { key: pending.key, bubbles: true, cancelable: true }),
    );
    // A widget whose button reacts to keys (Headless UI's) takes the key and cancels it. One that
    // only reacts to clicks (a plain button, such as a toolbar's sheet on a phone) gets what the
    // browser makes of Enter and Space on a button, which a replayed key does not make: a click.
    if (!isHandled && ACTIVATION_KEYS.includes(pending.key)) button.click();
  }, [loaded, triggerElement]);

  if (loaded) return children(loaded.module, setTriggerElement);

  const activate = (key: string | null, placeholder: HTMLElement) => {
    if (activation.current) return;
    activation.current = { key, tabIndex: placeholder.tabIndex };
    setBusy(true);
    load().then(
      (module) => setLoaded({ module }),
      () => {
        // Not loaded (offline before the code was cached): the button stays as it was, says why,
        // and the next use tries again. (Online, a failed chunk is a new release: the page
        // reloads, src/lib/chunk-reload.ts.)
        activation.current = null;
        setBusy(false);
        if (!isConnected()) toast(NOT_SAVED_OFFLINE);
      },
    );
  };
  return (
    <button
      {...trigger}
      type="button"
      aria-expanded={false}
      aria-busy={isBusy || undefined}
      onClick={(event: ReactMouseEvent<HTMLElement>) => activate(null, event.currentTarget)}
      onKeyDown={(event: ReactKeyboardEvent<HTMLElement>) => {
        if (!keys.includes(event.key)) return;
        // The key, not the click a button makes of Enter and Space, opens the widget.
        event.preventDefault();
        activate(event.key, event.currentTarget);
      }}
      onKeyUp={(event: ReactKeyboardEvent<HTMLElement>) => {
        if (event.key === ' ') event.preventDefault();
      }}
    />
  );
}
