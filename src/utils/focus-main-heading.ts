/**
 * Moves focus to the page's main heading (focusable, not in the tab order), from where Tab goes on
 * into the page's content; false when the page has none yet.
 */
export function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}
