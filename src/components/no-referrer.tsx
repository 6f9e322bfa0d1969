import { createPortal } from 'react-dom';

/**
 * For a page whose address carries a one-time token (password reset, confirmation links): while it
 * is shown, neither its links nor its API calls send the address on as a referrer. The element is
 * rendered into the document head and leaves it with the page. The server answers these pages
 * with the same policy.
 */
export function NoReferrer() {
  return createPortal(<meta name="referrer" content="no-referrer" />, document.head);
}
