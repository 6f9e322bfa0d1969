/**
 * Route guards (spec §2), run as loaders so they decide before a page renders. Each first settles
 * the session: an expired access token with a valid refresh token is refreshed here, so a returning
 * user lands on the page without seeing the sign-in screen.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths, REDIRECT_PARAM } from '#src/config/paths.ts';
import { safeRedirectPath } from '#src/utils/redirect.ts';
import type { SessionManager } from './session-manager.ts';

export function loginPathFor(target: string): string {
  if (target === paths.index) return paths.login;
  return `${paths.login}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

export function createGuards(session: SessionManager) {
  async function isSignedIn(): Promise<boolean> {
    await session.ensureFresh();
    return session.getState().status === 'signed-in';
  }

  async function requireUser({ request }: LoaderFunctionArgs): Promise<null> {
    if (!(await isSignedIn())) {
      const url = new URL(request.url);
      throw redirect(loginPathFor(`${url.pathname}${url.search}`));
    }
    return null;
  }

  async function requireGuest({ request }: LoaderFunctionArgs): Promise<null> {
    if (await isSignedIn()) {
      const target = safeRedirectPath(new URL(request.url).searchParams.get(REDIRECT_PARAM));
      throw redirect(target ?? paths.index);
    }
    return null;
  }

  /** Guest-only pages opened from an e-mailed link: without its token there is nothing to do. */
  /** A page opened from an e-mailed link; without its token the page explains what to do. */
  async function requireGuestWithToken(
    args: LoaderFunctionArgs,
  ): Promise<{ token: string | null }> {
    await requireGuest(args);
    const token = new URL(args.request.url).searchParams.get('token')?.trim();
    return { token: token || null };
  }

  return { requireUser, requireGuest, requireGuestWithToken };
}

export type Guards = ReturnType<typeof createGuards>;
