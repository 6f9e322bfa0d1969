import { useEffect, useState } from 'react';

/**
 * Keeps focus inside an open dialog when the focused element goes away: a button replaced by the
 * result it asked for, a toast closed by its own button. Browsers then leave focus on the page
 * body, behind the modal dialog, where a keyboard or screen-reader user is lost. Focus moves to
 * the dialog's panel (focusable but not in the tab order), from where Tab continues in it.
 * Answers a callback ref for the panel.
 */
export function useFocusKeptInside(isOpen: boolean) {
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!isOpen || !panel) return;
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) panel.focus({ preventScroll: true });
    });
    observer.observe(panel, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [isOpen, panel]);
  return setPanel;
}
