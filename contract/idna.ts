// Internationalised domain names (IDNA), without a library: the URL parser maps what a buyer
// types to ASCII by UTS 46, as every browser does; these read the result back. An ASCII label
// starting with "xn--" is Punycode (RFC 3492); its Unicode must be made of what IDNA2008
// (RFC 5892) lets a registry accept: letters, combining marks and digits, and the hyphen. Emoji,
// symbols and punctuation are valid in UTS 46's lenient mode but no registry takes them.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const ACE_PREFIX = 'xn--';

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22; // 0-9 → 26-35
  if (code >= 0x41 && code <= 0x5a) return code - 0x41; // A-Z
  if (code >= 0x61 && code <= 0x7a) return code - 0x61; // a-z
  return BASE;
}

/** The Unicode of a Punycode string (the part after "xn--"), or null when it is not Punycode. */
export function decodePunycode(input: string): string | null {
  const output: number[] = [];
  const basicEnd = Math.max(0, input.lastIndexOf('-'));
  for (let j = 0; j < basicEnd; j += 1) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basicEnd > 0 ? basicEnd + 1 : 0; index < input.length;) {
    const oldI = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index));
      index += 1;
      if (digit >= BASE) return null;
      i += digit * w;
      if (i > 0x10ffff * 0x100) return null;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    const points = output.length + 1;
    bias = adapt(i - oldI, points, oldI === 0);
    n += Math.floor(i / points);
    i %= points;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}

/**
 * The code points IDNA2008 lets a label hold (RFC 5892, PVALID and the CONTEXTJ/CONTEXTO ones
 * whose context the registry checks): lower-case and other letters, combining marks, decimal
 * digits, the hyphen, the joiners, the middle dots and the Greek and Hebrew signs. No emoji,
 * symbol, punctuation or space.
 */
const IDNA2008_LABEL = /^[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}\-\u00b7\u0375\u05f3\u05f4\u30fb]+$/u;
/** The joiners (CONTEXTJ), allowed beside the letters they join. */
const withoutJoiners = (text: string) => text.replaceAll('\u200c', '').replaceAll('\u200d', '');

/**
 * Whether an ASCII label of the URL parser's output is one a registry could accept: a plain
 * ASCII label, or Punycode whose Unicode IDNA2008 allows and which is not ASCII in disguise.
 */
export function isRegistrableLabel(label: string): boolean {
  if (!label.startsWith(ACE_PREFIX)) return true;
  const unicode = decodePunycode(label.slice(ACE_PREFIX.length));
  if (unicode === null || [...unicode].every((c) => c.charCodeAt(0) < 0x80)) return false;
  return IDNA2008_LABEL.test(withoutJoiners(unicode)) && unicode === unicode.normalize('NFC');
}

/** A domain as a person reads it: "xn--mnchen-3ya.de" shows as "münchen.de". */
export function hostnameToUnicode(hostname: string): string {
  if (!hostname.includes(ACE_PREFIX)) return hostname;
  return hostname
    .split('.')
    .map((label) => {
      if (!label.startsWith(ACE_PREFIX)) return label;
      return decodePunycode(label.slice(ACE_PREFIX.length)) ?? label;
    })
    .join('.');
}

/**
 * A search term in the form hostnames are stored in, when it holds Unicode: "München" is looked
 * for as "xn--mnchen-3ya", "münchen.de" as "xn--mnchen-3ya.de". Null when the term is ASCII
 * already or cannot be a name. Only whole labels have an ASCII form: "münch" finds no
 * "münchen.de".
 */
export function hostnameSearchToAscii(term: string): string | null {
  const text = term.trim();
  const isAscii = [...text].every((character) => character.charCodeAt(0) < 0x80);
  if (isAscii || /[\s/?#@:\\%]/.test(text)) return null;
  try {
    return new URL(`http://${text}`).hostname || null;
  } catch {
    return null;
  }
}
