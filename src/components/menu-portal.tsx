import { createContext, type ReactNode, type RefObject, useContext, useRef } from 'react';

const MenuPortalTarget = createContext<RefObject<HTMLDivElement | null> | null>(null);

/** The target the anchored menus inside the nearest `MenuPortal` open in (null outside one). */
export function useMenuPortalTarget() {
  return useContext(MenuPortalTarget);
}

/**
 * Anchored Headless UI menus inside `children` open in a target placed after them, not at the end
 * of <body>, so the open menu stays inside the surrounding landmark (axe-core `region`). The menus
 * themselves load on first use (decision 156): each wraps itself in `MenuPortalGroup`
 * (`menu-portal-group.tsx`), which hands this target to Headless UI, so the page does not load
 * Headless UI for the target. Dialogs are not affected: they always render at the end of <body>.
 */
export function MenuPortal({ children }: { children: ReactNode }) {
  const target = useRef<HTMLDivElement | null>(null);
  return (
    <MenuPortalTarget.Provider value={target}>
      {children}
      {/* Headless UI removes an empty target when a menu closes, under React's feet; the hidden
          child keeps it non-empty. */}
      <div ref={target}>
        <span hidden />
      </div>
    </MenuPortalTarget.Provider>
  );
}
