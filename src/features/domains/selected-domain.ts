/**
 * The buyer's last domain choice on the dashboard (decision 063). The address is what the page
 * shows; this memory only fills a bare `/` and is kept in a `selected_` cookie, which logging out
 * removes with the other selections (spec §3 "Cookies prefixed selected_ hold selections").
 */
import { deleteCookie, getCookie, setCookie } from '#src/lib/cookies.ts';

const SELECTED_DOMAIN_COOKIE = 'selected_buyer_domain';

export function rememberSelectedDomain(domainId: string): void {
  if (domainId) setCookie(SELECTED_DOMAIN_COOKIE, domainId);
  else deleteCookie(SELECTED_DOMAIN_COOKIE);
}

export function rememberedDomain(): string | null {
  return getCookie(SELECTED_DOMAIN_COOKIE) || null;
}

/** A deleted domain is no longer a choice to come back to. */
export function forgetSelectedDomain(domainId: string): void {
  if (rememberedDomain() === domainId) deleteCookie(SELECTED_DOMAIN_COOKIE);
}
