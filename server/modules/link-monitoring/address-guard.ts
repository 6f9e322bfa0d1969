// Which IP addresses the link checker may connect to (decision 142): public unicast only. A
// published article's URL is typed by a publisher, so without this rule the checker would fetch
// the cloud's metadata service, the database or anything else on the server's own network.
//
// Address spellings (decimal `2130706433`, hex `0x7f000001`, octal `0177.0.0.1`, short `127.1`,
// `[::ffff:127.0.0.1]`) are read by the WHATWG URL parser into their plain form before a host
// reaches this module; what a name resolves to is checked here too, after the lookup.
import ipaddr from 'ipaddr.js';

export type AddressVerdict = { isAllowed: true } | { isAllowed: false; reason: string };

export interface AddressRules {
  /** Loopback (127.0.0.0/8, ::1) is allowed: the demo, tests and the benchmark only. */
  allowLoopback?: boolean;
}

const ALLOWED: AddressVerdict = { isAllowed: true };

function refused(reason: string): AddressVerdict {
  return { isAllowed: false, reason };
}

/** ipaddr.js' range names, in words for a check's detail. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
  reserved: 'reserved',
  as112: 'reserved',
  amt: 'reserved',
  benchmarking: 'reserved',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  discard: 'reserved',
  teredo: 'tunnel',
  orchid2: 'reserved',
  deprecatedOrchid: 'reserved',
  droneRemoteIdProtocolEntityTags: 'reserved',
  segmentRouting: 'reserved',
  as112v6: 'reserved',
  rfc6052: 'NAT64 local-use',
};

function words(range: string): string {
  return RANGE_WORDS[range] ?? 'not public';
}

function checkIPv4(address: ipaddr.IPv4, rules: AddressRules): AddressVerdict {
  const range = address.range();
  if (range === 'unicast') return ALLOWED;
  if (range === 'loopback' && rules.allowLoopback) return ALLOWED;
  return refused(words(range));
}

/** Global unicast space (2000::/3); anything outside it that is not handled above is refused. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** The deprecated IPv4-compatible addresses `::a.b.c.d`. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
/** The well-known NAT64 prefix: the last 32 bits are the IPv4 address reached. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function embeddedIPv4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function checkIPv6(address: ipaddr.IPv6, rules: AddressRules): AddressVerdict {
  const parts = address.parts;
  const range = address.range();
  // Forms that carry an IPv4 address reach that address: they are as public as it is.
  if (range === 'ipv4Mapped' || range === 'rfc6145') {
    return checkIPv4(embeddedIPv4(parts[6]!, parts[7]!), rules);
  }
  if (address.match(NAT64_WELL_KNOWN)) {
    const verdict = checkIPv4(embeddedIPv4(parts[6]!, parts[7]!), {});
    return verdict.isAllowed ? verdict : refused(`NAT64 of a ${verdict.reason} address`);
  }
  if (range === '6to4') {
    const verdict = checkIPv4(embeddedIPv4(parts[1]!, parts[2]!), {});
    return verdict.isAllowed ? verdict : refused(`6to4 of a ${verdict.reason} address`);
  }
  if (range === 'loopback') return rules.allowLoopback ? ALLOWED : refused('loopback');
  if (range !== 'unicast') return refused(words(range));
  if (address.match(IPV4_COMPATIBLE)) return refused('IPv4-compatible');
  if (!address.match(GLOBAL_UNICAST)) return refused('reserved');
  return ALLOWED;
}

/**
 * Whether the checker may connect to `address` (an IPv4 or IPv6 address in any form ipaddr.js
 * reads, brackets allowed). Anything that does not read as an address is refused.
 */
export function checkAddress(address: string, rules: AddressRules = {}): AddressVerdict {
  const literal = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // A zone (`fe80::1%eth0`) only exists on link-local addresses, which are refused anyway.
  const withoutZone = literal.split('%')[0]!;
  if (ipaddr.IPv4.isValidFourPartDecimal(withoutZone)) {
    return checkIPv4(ipaddr.IPv4.parse(withoutZone), rules);
  }
  if (ipaddr.IPv6.isValid(withoutZone)) {
    return checkIPv6(ipaddr.IPv6.parse(withoutZone), rules);
  }
  return refused('not an IP address');
}

export function isPublicAddress(address: string): boolean {
  return checkAddress(address).isAllowed;
}

/**
 * The IP address a URL's host names literally (`127.0.0.1`, `[::1]` → `::1`), or null for a
 * name. `hostname` is a WHATWG URL's `hostname`, so every IPv4 spelling already reads as a
 * dotted quad there.
 */
export function ipLiteralOf(hostname: string): string | null {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return hostname.slice(1, -1);
  return ipaddr.IPv4.isValidFourPartDecimal(hostname) ? hostname : null;
}
