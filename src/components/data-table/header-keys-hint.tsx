/**
 * Shown while keyboard focus is on a table's header row (see `useRovingHeader` and the
 * `header-keys-*` classes in `index.css`): the header row is one tab stop, and a keyboard user who
 * does not know the arrow keys would find no way to the other headers' sorting and menus. Screen
 * readers have the table's own navigation and the headers' `aria-keyshortcuts`, so it is hidden
 * from them. It goes inside the table's scroll box, marked `header-keys-scope`, and shows fixed at
 * the bottom of the window, where the card's clipping and the scroll position cannot hide it.
 */
export function HeaderKeysHint() {
  return (
    <p
      aria-hidden="true"
      className="header-keys-hint pointer-events-none fixed bottom-4 left-1/2 z-40 w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-lg"
    >
      ← → move between columns
      <span className="header-keys-hint-menu"> · ↓ opens the column&apos;s menu</span>
    </p>
  );
}
