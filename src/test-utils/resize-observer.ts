/**
 * jsdom has no ResizeObserver; anchored Headless UI panels (menus, popovers) observe their
 * anchor's size. Nothing is ever resized in jsdom, so an observer that never reports is truthful.
 */
export function installResizeObserverStub(): void {
  if (typeof globalThis.ResizeObserver !== 'undefined') return;
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
