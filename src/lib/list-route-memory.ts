/**
 * Remembers the last visited list route with its query string (filters, sorting, page) so the
 * error screen's "Go to home" button can bring the user back to where they were.
 */
import { LIST_ROUTE_PATHS, paths } from '../config/paths.ts';

const KEY = 'last_list_route';

export function rememberListRoute(pathname: string, search: string): void {
  if (!LIST_ROUTE_PATHS.includes(pathname)) return;
  try {
    sessionStorage.setItem(KEY, `${pathname}${search}`);
  } catch {
    // Storage can be unavailable (private mode quota); remembering is only a convenience.
  }
}

export function lastListRoute(): string {
  try {
    const value = sessionStorage.getItem(KEY);
    if (value && value.startsWith('/') && !value.startsWith('//')) return value;
  } catch {
    // Fall through to the home route when storage cannot be read.
  }
  return paths.index;
}
