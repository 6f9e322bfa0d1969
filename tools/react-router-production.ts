import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { Plugin } from 'vite';

/**
 * Builds the app with React Router's production build (decision 212).
 *
 * React Router 7 ships a development and a production build of the same code, the development one
 * with its warnings turned on, but its package exports name the development build only, whatever
 * the mode (remix-run/react-router#12532). This build resolves `react-router` to the production
 * build beside it; `vite` (development) keeps the warnings. The build fails if a release no longer
 * has that file, rather than silently keeping the development one.
 */
export function reactRouterProductionEntry(developmentEntry: string): string {
  const parts = developmentEntry.split(path.sep);
  const at = parts.lastIndexOf('development');
  if (at === -1 || parts[at - 1] !== 'dist')
    throw new Error(
      `react-router resolves to ${developmentEntry}, not dist/development (decision 212)`,
    );
  const production = [...parts.slice(0, at), 'production', 'index.mjs'].join(path.sep);
  if (!existsSync(production))
    throw new Error(`react-router has no production build at ${production} (decision 212)`);
  return production;
}

export function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    config() {
      const developmentEntry = createRequire(import.meta.url).resolve('react-router');
      const replacement = reactRouterProductionEntry(developmentEntry);
      return { resolve: { alias: [{ find: /^react-router$/, replacement }] } };
    },
  };
}
