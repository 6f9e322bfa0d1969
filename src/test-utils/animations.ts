/**
 * jsdom has no Web Animations API; Headless UI's transitions ask for running animations before
 * unmounting. No animations run in jsdom, so an empty list is the truthful answer. This replaces
 * the noisy fallback Headless UI installs by itself.
 */
export function installAnimationsStub(): void {
  Element.prototype.getAnimations = () => [];
}
