import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * True while a page is rendered at build time into its HTML (decision 153) and while the browser
 * takes that markup over (hydration, decision 165); false from the first render after it, and in
 * every page the browser renders itself. A sign-in form's painted button shows itself busy until
 * the scripts run, so a click on it then is not lost without a word.
 */
export function useIsBuildRender(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => false,
    () => true,
  );
}
