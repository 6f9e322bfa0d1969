import { useCallback, useState } from 'react';

export interface ColumnLayout {
  hidden: string[];
}

/** Reads a layout from stored or saved JSON; anything unreadable is the given default. */
export function toColumnLayout(
  raw: unknown,
  fallback: ColumnLayout = { hidden: [] },
): ColumnLayout {
  const hidden = (raw as { hidden?: unknown } | null)?.hidden;
  return Array.isArray(hidden)
    ? { hidden: hidden.filter((h): h is string => typeof h === 'string') }
    : fallback;
}

function read(key: string, fallback: ColumnLayout): ColumnLayout {
  try {
    return toColumnLayout(JSON.parse(localStorage.getItem(key) ?? 'null'), fallback);
  } catch {
    return fallback;
  }
}

/** The hidden columns of one table view, remembered on this device under `key`. */
export function useColumnLayout(
  key: string,
  fallback: ColumnLayout,
): [ColumnLayout, (next: ColumnLayout) => void] {
  const [layouts, setLayouts] = useState<Record<string, ColumnLayout>>({});
  const layout = layouts[key] ?? read(key, fallback);
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
