/**
 * For a page whose address carries a one-time token (password reset, confirmation links): while it
 * is shown, neither its links nor its API calls send the address on as a referrer. React places
 * the element in the document head and removes it with the page. The server answers these pages
 * with the same policy.
 */
export function NoReferrer() {
  return <meta name="referrer" content="no-referrer" />;
}
