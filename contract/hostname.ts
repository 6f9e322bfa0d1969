// One reading of what a buyer types or uploads as a domain, used by the API (adding a domain,
// importing lists) and by the upload preview in the browser, so both agree on every row.
//
// The result is the registrable host in the catalogue's form: lower case, ASCII (an
// internationalised name becomes its punycode, as the WHATWG URL parser gives it, and must be
// one IDNA2008 allows: no emoji or symbols; `hostnameToUnicode` shows it back), without
// scheme, credentials, port, path, query, fragment, trailing dot or leading "www.".
// Normalising a normalised name gives it back unchanged.

import { isRegistrableLabel } from './idna.ts';

export type HostnameProblem =
  'empty' | 'too_long' | 'label_too_long' | 'ip_address' | 'invalid' | 'not_registrable';

export const HOSTNAME_MESSAGES: Record<HostnameProblem, string> = {
  empty: 'Enter a domain, such as example.com.',
  too_long: 'A domain name can have at most 253 characters.',
  label_too_long: 'Each part of a domain name can have at most 63 characters.',
  ip_address: 'Enter a domain name, not an IP address.',
  invalid: 'This is not a valid domain name, such as example.com.',
  not_registrable:
    'No registry accepts this domain name: emoji, symbols and punctuation cannot be part of one.',
};

export type HostnameResult =
  { ok: true; hostname: string } | { ok: false; problem: HostnameProblem; message: string };

/** Longer input is refused before any pattern runs on it. */
export const MAX_HOSTNAME_INPUT_LENGTH = 2048;
const MAX_HOSTNAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

const WEB_SCHEME = /^(?:https?:)?\/\//;
/** Any other scheme: a name followed by a colon that does not start a port. */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d*(?:$|[/?#]))/;
const PORT = /:\d*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,}|xn--[a-z0-9-]+)$/;
const IPV4 = /^\d+(?:\.\d+){3}$/;
/**
 * A plain ASCII name ending in a letters-only label, which the URL parser would give back as it
 * is: most uploaded rows, read without building a URL.
 */
const PLAIN_ASCII = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/;

function refuse(problem: HostnameProblem): HostnameResult {
  return { ok: false, problem, message: HOSTNAME_MESSAGES[problem] };
}

export function normaliseHostname(input: string): HostnameResult {
  if (input.length > MAX_HOSTNAME_INPUT_LENGTH) return refuse('too_long');
  let text = input.trim().toLowerCase();
  if (!text) return refuse('empty');
  if (WEB_SCHEME.test(text)) text = text.replace(WEB_SCHEME, '');
  else if (OTHER_SCHEME.test(text)) return refuse('invalid');
  const end = text.search(/[/?#\\]/);
  if (end >= 0) text = text.slice(0, end);
  if (text.includes('@') || text.startsWith('[')) {
    return refuse(text.startsWith('[') ? 'ip_address' : 'invalid');
  }
  text = text.replace(PORT, '').replace(/\.$/, '');
  if (!text) return refuse('empty');
  if (/^[\d.]+$/.test(text)) return refuse('ip_address');

  let host = text;
  if (!PLAIN_ASCII.test(text) || text.includes('xn--')) {
    try {
      host = new URL(`http://${text}`).hostname;
    } catch {
      return refuse('invalid');
    }
  }
  if (IPV4.test(host) || host.startsWith('[')) return refuse('ip_address');
  host = host.replace(/\.$/, '');

  let labels = host.split('.');
  while (labels[0] === 'www' && labels.length > 2) labels = labels.slice(1);
  if (labels.some((label) => label.length > MAX_LABEL_LENGTH)) return refuse('label_too_long');
  const hostname = labels.join('.');
  if (hostname.length > MAX_HOSTNAME_LENGTH) return refuse('too_long');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return refuse('invalid');
  if (!TOP_LEVEL.test(labels[labels.length - 1] ?? '')) return refuse('invalid');
  if (!labels.every(isRegistrableLabel)) return refuse('not_registrable');
  return { ok: true, hostname };
}
