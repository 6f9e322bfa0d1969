import { useCallback, useState } from 'react';

/** Where the catalogue's column layout is remembered (spec §3 "Stored values"). */
export const COLUMN_LAYOUT_KEY = 'domain_columns_table';

export interface ColumnLayout {
  hidden: string[];
}

/** Reads a layout from stored or saved JSON; anything unreadable is the default layout. */
export function toColumnLayout(raw: unknown): ColumnLayout {
  const hidden = (raw as { hidden?: unknown } | null)?.hidden;
  return {
    hidden: Array.isArray(hidden) ? hidden.filter((h): h is string => typeof h === 'string') : [],
  };
}

export function readColumnLayout(): ColumnLayout {
  try {
    return toColumnLayout(JSON.parse(localStorage.getItem(COLUMN_LAYOUT_KEY) ?? 'null'));
  } catch {
    return { hidden: [] };
  }
}

export function useColumnLayout(): [ColumnLayout, (next: ColumnLayout) => void] {
  const [layout, setLayout] = useState(readColumnLayout);
  const update = useCallback((next: ColumnLayout) => {
    setLayout(next);
    try {
      localStorage.setItem(COLUMN_LAYOUT_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the layout still applies for this visit.
    }
  }, []);
  return [layout, update];
}
