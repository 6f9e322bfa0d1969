import { createContext, useContext } from 'react';

/**
 * True while a page is rendered at build time into its HTML (decision 153), false in the browser.
 * A sign-in form's painted button shows itself busy until the scripts run, so a click on it then
 * is not lost without a word.
 */
export const BuildRenderContext = createContext(false);

export function useIsBuildRender(): boolean {
  return useContext(BuildRenderContext);
}
