import type { ComponentType } from 'react';
import { useLocation } from 'react-router';

import { NoReferrer } from '#src/components/no-referrer.tsx';
import { IncompleteLink } from '#src/features/auth/components/incomplete-link.tsx';

/** The `token` of a page opened from an e-mailed link; null when the address has none. */
export function useLinkToken(): string | null {
  const { search } = useLocation();
  return new URLSearchParams(search).get('token')?.trim() || null;
}

type IncompleteLinkProps = Parameters<typeof IncompleteLink>[0];

/**
 * A page opened from an e-mailed link (password reset, registration confirmation, e-mail change):
 * its address carries a one-time token, so nothing on it sends the address on as a referrer. The
 * page is drawn with the link's token, afresh for another token. Given `incomplete`, a link without
 * a token says so and shows the way forward; without it, the page is given `null` and says so itself.
 */
export function TokenLinkPage(
  props:
    | { page: ComponentType<{ token: string }>; incomplete: IncompleteLinkProps }
    | { page: ComponentType<{ token: string | null }>; incomplete?: undefined },
) {
  const token = useLinkToken();
  return (
    <>
      <NoReferrer />
      {props.incomplete === undefined ? (
        <props.page key={token} token={token} />
      ) : token === null ? (
        <IncompleteLink {...props.incomplete} />
      ) : (
        <props.page key={token} token={token} />
      )}
    </>
  );
}
