// What a session shows of where it signed in from (decision 169): the browser and system named by
// the User-Agent, and the client address with its last part hidden. Plain substring checks in a
// fixed order (the more specific browser first, as Edge and Opera also say "Chrome"); no place is
// derived from the address, for there is no location database.
import ipaddr from 'ipaddr.js';

/** The longest User-Agent read; longer ones are cut (real ones are a few hundred characters). */
const USER_AGENT_LIMIT = 512;

const BROWSERS: readonly (readonly [marker: string, name: string])[] = [
  ['Edg/', 'Edge'],
  ['EdgiOS/', 'Edge'],
  ['EdgA/', 'Edge'],
  ['OPR/', 'Opera'],
  ['SamsungBrowser/', 'Samsung Internet'],
  ['Firefox/', 'Firefox'],
  ['FxiOS/', 'Firefox'],
  ['CriOS/', 'Chrome'],
  ['Chromium/', 'Chromium'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
];

const SYSTEMS: readonly (readonly [marker: string, name: string])[] = [
  ['iPhone', 'iPhone'],
  ['iPad', 'iPad'],
  ['Android', 'Android'],
  ['Windows', 'Windows'],
  ['CrOS', 'ChromeOS'],
  ['Macintosh', 'macOS'],
  ['Mac OS X', 'macOS'],
  ['Linux', 'Linux'],
];

function firstNamed(text: string, names: typeof BROWSERS): string | null {
  for (const [marker, name] of names) if (text.includes(marker)) return name;
  return null;
}

/** "Firefox on Windows", "Safari on iPhone", "Chrome", "Linux"; '' when it names neither. */
export function deviceOf(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, USER_AGENT_LIMIT);
  const browser = firstNamed(text, BROWSERS);
  const system = firstNamed(text, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? '';
}

/**
 * The address with the part that names one machine hidden: `203.0.113.x` (the last octet), and
 * for IPv6 the /64 network `2001:db8:85a3:8d3::/64`; '' when it is not an address.
 */
export function maskedAddress(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return '';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = parsed.toByteArray();
    return `${a}.${b}.${c}.x`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.IPv6.parse(`${parts.map((part) => part.toString(16)).join(':')}::`).toString()}/64`;
}
