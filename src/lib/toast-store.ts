/**
 * The toast queue holds one toast at a time (spec §9): a new toast replaces the visible one.
 * Callable from anywhere (query-cache callbacks, components) without React context.
 */
import { TOAST_DURATION_MS } from '#src/config/constants.ts';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Milliseconds before it closes by itself; Infinity keeps it until dismissed. */
  duration?: number;
}

export interface ToastItem extends Required<Pick<ToastOptions, 'title' | 'variant' | 'duration'>> {
  id: number;
  /** The dialog on top when it was raised (see `hostToasts`), or null for the page. */
  host: string | null;
  description?: string;
  action?: ToastAction;
}

type Listener = () => void;

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<Listener>();
/** The open dialogs that show toasts, the last opened on top. */
const hosts: string[] = [];

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = {
    id,
    title: options.title,
    description: options.description,
    variant: options.variant ?? 'default',
    action: options.action,
    duration: options.duration ?? TOAST_DURATION_MS,
    host: hosts.at(-1) ?? null,
  };
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the toast with the given id, or whichever is visible when no id is given. */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

export function getToast(): ToastItem | null {
  return current;
}

/**
 * While a modal dialog is open the rest of the page is inert and hidden from screen readers, so a
 * toast drawn over it could be neither closed nor heard, and it covered the dialog's content. An
 * open dialog shows the toasts raised while it is on top inside itself instead, until the
 * function answered is called; its toast then moves to the dialog below, or the page. A toast
 * raised before it opened is not its news: it waits, hidden, and shows on the page again once no
 * dialog is open (a confirmation opened right after an import does not carry the import's result).
 */
export function hostToasts(hostId: string): () => void {
  hosts.push(hostId);
  emit();
  return () => {
    const index = hosts.lastIndexOf(hostId);
    if (index >= 0) hosts.splice(index, 1);
    // A toast raised in this dialog (its action's result) goes where the buyer returns to: the
    // dialog below it, or the page.
    if (current?.host === hostId) current = { ...current, host: hosts.at(-1) ?? null };
    emit();
  };
}

/** The dialog that shows the toast now (the top open one), or null for the page's toaster. */
export function getToastHost(): string | null {
  return hosts.at(-1) ?? null;
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
