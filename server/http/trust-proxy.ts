// Which proxies in front of the API are trusted to name the client (TRUST_PROXY, decision 197).
// The client's address decides the per-address limits of sign-ins and mails, so it must be the
// address the operator's own balancer saw, never one a client wrote into X-Forwarded-For.
// Fastify (proxy-addr) walks X-Forwarded-For from the right: with a hop count it skips that many
// addresses (the socket's peer counts as the first), with a list it skips the trusted ones.
import { isIP } from 'node:net';

/**
 * `false`: the socket's peer is the client (no proxy). A number: that many proxies in front, the
 * client is the address that many hops from the right. A list: the proxies' addresses or CIDRs
 * (or proxy-addr's `loopback`, `linklocal`, `uniquelocal`). `true`: every hop is trusted, so the
 * client is the left-most X-Forwarded-For address, which the client writes itself.
 */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

/** Why a TRUST_PROXY value is refused, or null when it is understood. */
function problemOf(value: string): string | null {
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR`;
    if (prefix !== undefined) {
      const bits = Number(prefix);
      const max = version === 4 ? 32 : 128;
      if (!/^\d{1,3}$/.test(prefix) || bits > max) return `"${entry}" has no valid prefix length`;
    }
  }
  return null;
}

export const TRUST_PROXY_FORMAT =
  'TRUST_PROXY must be false, a hop count (1 for one load balancer), a comma-separated list of proxy addresses or CIDRs, or true';

/** Reads TRUST_PROXY; throws with the accepted forms when the value is none of them. */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS)
      throw new Error(`${TRUST_PROXY_FORMAT}: ${hops} hops is more than ${MAX_HOPS}.`);
    return hops;
  }
  const problem = problemOf(value);
  if (problem) throw new Error(`${TRUST_PROXY_FORMAT}: ${problem}.`);
  return value.split(',').map((entry) => entry.trim());
}

/** For the start-up log: how the client's address is found. */
export function describeTrustProxy(trust: TrustProxy): string {
  if (trust === false) return 'the connecting address (TRUST_PROXY=false)';
  if (trust === true) return 'the left-most X-Forwarded-For address (TRUST_PROXY=true)';
  if (typeof trust === 'number') {
    return `X-Forwarded-For, ${trust} ${trust === 1 ? 'hop' : 'hops'} from the right (TRUST_PROXY=${trust})`;
  }
  return `X-Forwarded-For, past the trusted proxies ${trust.join(', ')}`;
}

/**
 * Fastify's `trustProxy` for the setting. Fastify (since 5.12) takes a bare number as "trust no
 * hop", so a hop count is given as the function proxy-addr calls for each hop from the right:
 * the socket's peer is hop 0.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
