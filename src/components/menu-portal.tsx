import { Portal } from '@headlessui/react';
import { useRef, type ReactNode } from 'react';

/**
 * Anchored Headless UI menus inside `children` open in a target placed after them, not at the end
 * of <body>, so the open menu stays inside the surrounding landmark (axe-core `region`). Dialogs
 * are not affected: they always render at the end of <body>.
 */
export function MenuPortal({ children }: { children: ReactNode }) {
  const target = useRef<HTMLDivElement | null>(null);
  return (
    <>
      <Portal.Group target={target}>{children}</Portal.Group>
      {/* Headless UI removes an empty target when a menu closes, under React's feet; the hidden
          child keeps it non-empty. */}
      <div ref={target}>
        <span hidden />
      </div>
    </>
  );
}
