import { useCallback, useState } from 'react';

/** Which columns of one table view the buyer has hidden. */
export interface ColumnLayout {
  hidden: string[];
}

const NOTHING_HIDDEN: ColumnLayout = { hidden: [] };

/** Reads a layout from stored or saved JSON; anything unreadable is the given default. */
export function toColumnLayout(
  raw: unknown,
  fallback: ColumnLayout = NOTHING_HIDDEN,
): ColumnLayout {
  const hidden = (raw as { hidden?: unknown } | null)?.hidden;
  return Array.isArray(hidden)
    ? { hidden: hidden.filter((h): h is string => typeof h === 'string') }
    : fallback;
}

/** The layout with one column shown or hidden; a hidden column is listed once. */
export function withColumn(layout: ColumnLayout, id: string, isVisible: boolean): ColumnLayout {
  const others = layout.hidden.filter((hidden) => hidden !== id);
  return { hidden: isVisible ? others : [...others, id] };
}

function read(key: string, fallback: ColumnLayout): ColumnLayout {
  try {
    return toColumnLayout(JSON.parse(localStorage.getItem(key) ?? 'null'), fallback);
  } catch {
    return fallback;
  }
}

/**
 * The hidden columns of one table view, remembered on this device under `key`. A page that
 * switches between views (order items by status) keeps each view's layout under its own key.
 */
export function useColumnLayout(
  key: string,
  fallback: ColumnLayout = NOTHING_HIDDEN,
): [ColumnLayout, (next: ColumnLayout) => void] {
  const [layouts, setLayouts] = useState<Record<string, ColumnLayout>>(() => ({
    [key]: read(key, fallback),
  }));
  const known = layouts[key];
  const layout = known ?? read(key, fallback);
  // A key seen for the first time is read once and kept, so the layout keeps its identity.
  if (!known) setLayouts((current) => ({ ...current, [key]: layout }));
  const update = useCallback(
    (next: ColumnLayout) => {
      setLayouts((current) => ({ ...current, [key]: next }));
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the layout still applies for this visit.
      }
    },
    [key],
  );
  return [layout, update];
}
