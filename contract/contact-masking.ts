// Contact details typed in a message (order-item conversations) are hidden from the other side,
// so that deals stay on the marketplace. The rule is pure and shared: the server masks what it
// stores for the other party, the app can warn the writer before sending.
//
// How it reads a message:
// - A same-length "view" of the text is read, with full-width forms (＠ ． ０-９ Ａ-Ｚ) as their
//   ASCII twins, so that every position found in the view is a position of the original text.
// - Three finders (messenger links and handles, e-mail addresses, phone numbers) each give spans;
//   overlapping spans become one, and each is replaced by CONTACT_MASK.
// - Every pattern below is one small named piece, either tried at a given position (sticky, `y`)
//   or run once over the text (global, `g`, with a look-behind so that no attempt starts in the
//   middle of a run). The pieces are composed in code, not by joining their sources (decision 131
//   refuses patterns built from computed text), which also keeps every finder linear in time.

export const CONTACT_MASK = '[hidden]';

export type ContactKind = 'email' | 'phone' | 'handle';

export interface MaskedText {
  text: string;
  /** The kinds found, each once, in order of first appearance; empty when nothing was masked. */
  hidden: ContactKind[];
}

interface Span {
  start: number;
  end: number;
  kind: ContactKind;
}

/** Which kind a span keeps when two finders found the same text (a number after "whatsapp"). */
const KIND_PRIORITY: Record<ContactKind, number> = { handle: 0, email: 1, phone: 2 };

// ---------------------------------------------------------------------------------------------
// Reading the text

/** The end of `pattern` (a sticky pattern) matched at `index`, or -1. */
function matchAt(pattern: RegExp, text: string, index: number): number {
  pattern.lastIndex = index;
  const match = pattern.exec(text);
  return match ? index + match[0].length : -1;
}

/** The first of `patterns` that matches at `index`: its end, or -1. */
function firstMatchAt(patterns: readonly RegExp[], text: string, index: number): number {
  for (const pattern of patterns) {
    const end = matchAt(pattern, text, index);
    if (end >= 0) return end;
  }
  return -1;
}

/** Full-width ASCII forms (U+FF01-U+FF5E) and the ideographic space, as ASCII; same length. */
function asciiView(text: string): string {
  let view = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xff01 && code <= 0xff5e) view += String.fromCharCode(code - 0xfee0);
    else if (code === 0x3000) view += ' ';
    else if (code === 0xfe6b)
      view += '@'; // small commercial at
    else view += text[index];
  }
  return view;
}

/** `end` moved back over trailing sentence punctuation, which is not part of a contact. */
function withoutTrailingPunctuation(view: string, start: number, end: number): number {
  while (end > start && '.,;:!?)\'"-'.includes(view[end - 1]!)) end -= 1;
  return end;
}

// ---------------------------------------------------------------------------------------------
// Web links: shared freely (articles and target pages are links), so a number or an address
// inside one is not a contact. Messenger links are found apart, below, and are masked.

/** A run of characters that are not spaces: a word, a number, a link. */
const CHUNK = /\S+/g;
/** A link with its scheme or "www.", after any opening bracket or quote. */
const WEB_LINK_START = /^[("'<]*(?:https?:\/\/|www\.)/i;
/** A host name followed by a path: "example.com/blog/post-12345678". */
const HOST_AND_PATH = /^[("'<]*[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\//u;

/** The spans of the text that are web links, but for those holding a contact link. */
function webLinks(view: string, contacts: readonly Span[]): Span[] {
  const links: Span[] = [];
  for (const chunk of view.matchAll(CHUNK)) {
    const word = chunk[0];
    const span: Span = { start: chunk.index, end: chunk.index + word.length, kind: 'handle' };
    const isLink = WEB_LINK_START.test(word) || (!word.includes('@') && HOST_AND_PATH.test(word));
    if (isLink && !overlapsAny(span, contacts)) links.push(span);
  }
  return links;
}

function overlapsAny(span: { start: number; end: number }, zones: readonly Span[]): boolean {
  return zones.some((zone) => span.start < zone.end && zone.start < span.end);
}

// ---------------------------------------------------------------------------------------------
// Messenger links and handles

/**
 * A chat link: a messenger's short host with a path (wa.me/…, t.me/…, discord.gg/…, with or
 * without https:// and www.), or a messenger's own scheme (skype:live:jane, tg://…, viber://…).
 * Not started inside a word or another link, nor right after a "]" (the end of a mask, so that a
 * masked text reads as it did before).
 */
const CHAT_LINK =
  /(?<![\p{L}\p{N}_./\]-])(?:(?:https?:\/\/)?(?:www\.)?(?:wa\.me|t\.me|telegram\.me|telegram\.dog|discord\.gg|discord(?:app)?\.com\/invite|chat\.whatsapp\.com|api\.whatsapp\.com|m\.me|signal\.me|line\.me|invite\.viber\.com)\/|(?:skype|tg|whatsapp|viber|sgnl|weixin|discord):)[^\s<>"]+/giu;

/** A mailto: link, with the address and anything after it. */
const MAILTO_LINK = /(?<![\p{L}\p{N}_./\]-])mailto:[^\s<>"]+/giu;

/**
 * A messenger's name as a whole word. After it, an @handle is a contact, and so is a number
 * or (after a colon) a user name. Those of `WEAK_MESSENGER_WORDS` are also ordinary words ("line",
 * "signal") or short forms ("wa", "ig"): after them, only an @handle, or a number after a colon.
 */
const MESSENGER_WORD =
  /(?<![\p{L}\p{N}_\]])(?:telegram|tg|skype|whats ?app|wa|signal|viber|discord|wechat|weixin|line|icq|kik|snapchat|snap|instagram|insta|ig)(?![\p{L}\p{N}_])/giu;
const WEAK_MESSENGER_WORDS = new Set(['tg', 'wa', 'signal', 'line', 'snap', 'ig']);

/** Between the messenger's name and the contact: spaces, "id", "is", a colon, "=" or a dash. */
const AFTER_MESSENGER_WORD =
  /[ \t]{0,3}(?:(?:id|is|handle|username|name|number|nr)[ \t]{0,3})?[:=-]?[ \t]{0,3}/iy;
/** A number after a messenger's name has at least this many digits ("icq: 123456789"). */
const MIN_MESSENGER_NUMBER_DIGITS = 5;
/** An @handle: "@janedoe", "@jane.doe". */
const AT_HANDLE = /@[\p{L}\p{N}_.]+/uy;
/** A user name after "skype:" and the like: "jane.doe", "live:jane", "jane#1234". */
const USER_NAME = /[\p{L}\p{N}_][\p{L}\p{N}_.#:@-]*/uy;

/** The contacts given after a messenger's name ("telegram: @janedoe", "skype: jane.doe"). */
function messengerHandles(view: string, links: readonly Span[]): Span[] {
  const spans: Span[] = [];
  let covered = 0; // a name inside a contact already found ("skype:skype:…") starts nothing new
  for (const word of view.matchAll(MESSENGER_WORD)) {
    if (word.index < covered) continue;
    const wordEnd = word.index + word[0].length;
    const start = matchAt(AFTER_MESSENGER_WORD, view, wordEnd);
    const separator = view.slice(wordEnd, start);
    const weak = WEAK_MESSENGER_WORDS.has(word[0].toLowerCase());
    const introduced = separator.includes(':') || separator.includes('=');
    let end = matchAt(AT_HANDLE, view, start);
    if (end < 0 && (introduced || !weak)) {
      const numberEnd = matchAt(PHONE_NUMBER_AT, view, start);
      if (numberEnd >= 0 && digitCount(view.slice(start, numberEnd)) >= MIN_MESSENGER_NUMBER_DIGITS)
        end = numberEnd;
    }
    if (end < 0 && introduced && !weak) end = matchAt(USER_NAME, view, start);
    if (end < 0) continue;
    end = withoutTrailingPunctuation(view, start, end);
    const span: Span = { start, end, kind: 'handle' };
    if (end <= start || overlapsAny(span, links)) continue;
    spans.push(span);
    covered = end;
  }
  return spans;
}

/** Chat links and mailto: links, masked whole. */
function contactLinks(view: string): Span[] {
  const spans: Span[] = [];
  for (const [pattern, kind] of [
    [CHAT_LINK, 'handle'],
    [MAILTO_LINK, 'email'],
  ] as const) {
    for (const link of view.matchAll(pattern)) {
      const end = withoutTrailingPunctuation(view, link.index, link.index + link[0].length);
      spans.push({ start: link.index, end, kind });
    }
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses, plain or spelled out

/**
 * The local part: letters, digits, dots and the other characters an address allows; "{" only
 * when it does not open a spelled-out "{at}" or "{dot}".
 */
const LOCAL_PART_RUN =
  /(?:[\p{L}\p{N}!#$%&'*+/=?^_`|~.}-]|\{(?![ \t]{0,2}(?:at|dot)[ \t]{0,2}\}))+/giu;
const LOCAL_PART = /(?:[\p{L}\p{N}!#$%&'*+/=?^_`|~.}-]|\{(?![ \t]{0,2}(?:at|dot)[ \t]{0,2}\}))+/iuy;
/** A word of a spelled-out local part ("jane dot doe at …"): letters, digits, _ and -. */
const LOCAL_WORD = /[\p{L}\p{N}_-]+/uy;

/** "@", tight or with spaces on both sides ("jane @ example . com"); "a @name" is a mention. */
const AT_SIGN = /@|[ \t]{1,3}@[ \t]{1,3}/y;
/** "(at)", "[at]", "{at}", "<at>", with or without spaces. */
const AT_IN_BRACKETS = /[ \t]{0,3}[([{<][ \t]{0,2}at[ \t]{0,2}[)\]}>][ \t]{0,3}/iy;
/** The word "at" between spaces: "jane at example dot com". */
const AT_WORD = /[ \t]{1,3}at[ \t]{1,3}/iy;

/** ".", tight. */
const DOT_SIGN = /\./y;
/** "." with spaces on both sides ("example . com"); "office. Thanks" ends a sentence. */
const DOT_SIGN_SPACED = /[ \t]{1,3}\.[ \t]{1,3}/y;
/** "(dot)", "[dot]", "{dot}", "<dot>", with or without spaces. */
const DOT_IN_BRACKETS = /[ \t]{0,3}[([{<][ \t]{0,2}dot[ \t]{0,2}[)\]}>][ \t]{0,3}/iy;
/** The word "dot" between spaces: "example dot co dot uk". */
const DOT_WORD = /[ \t]{1,3}dot[ \t]{1,3}/iy;

/** A label of the domain: "example", "co", "xn--mller-kva". */
const DOMAIN_LABEL = /[\p{L}\p{N}-]+/uy;
/**
 * The last label: starting with two letters ("com", "uk"), as no top-level domain has digits; a
 * digit typed right after it ("jane@example.com1") is taken with it.
 */
const TOP_LEVEL_LABEL = /^\p{L}{2}/u;

/**
 * Which dots go with which "at": a spelled-out "at" in prose ("look at the draft. Then…") is
 * only an address when the dots are spelled out too.
 */
const ADDRESS_SPELLINGS: readonly { at: RegExp; dots: readonly RegExp[] }[] = [
  { at: AT_SIGN, dots: [DOT_SIGN, DOT_SIGN_SPACED, DOT_IN_BRACKETS, DOT_WORD] },
  { at: AT_IN_BRACKETS, dots: [DOT_SIGN, DOT_SIGN_SPACED, DOT_IN_BRACKETS, DOT_WORD] },
  { at: AT_WORD, dots: [DOT_IN_BRACKETS, DOT_WORD] },
];

/** At most this many spelled-out dots in a local part ("jane dot doe"), to stay linear. */
const MAX_SPELLED_LOCAL_DOTS = 3;

/** The end of the domain starting at `index` (at least two labels, the last a TLD), or -1. */
function domainEnd(view: string, index: number, dots: readonly RegExp[]): number {
  let end = matchAt(DOMAIN_LABEL, view, index);
  if (end < 0) return -1;
  let found = -1;
  for (;;) {
    const labelStart = firstMatchAt(dots, view, end);
    if (labelStart < 0) return found;
    const labelEnd = matchAt(DOMAIN_LABEL, view, labelStart);
    if (labelEnd < 0) return found;
    if (TOP_LEVEL_LABEL.test(view.slice(labelStart, labelEnd))) found = labelEnd;
    end = labelEnd;
  }
}

/** The end of an address whose local part starts at `start`, or -1. */
function addressEnd(view: string, start: number): number {
  const localEnds = [matchAt(LOCAL_PART, view, start)];
  // "jane dot doe at example dot com": the spelled-out dots of the local part.
  for (let dots = 0; dots < MAX_SPELLED_LOCAL_DOTS; dots += 1) {
    const wordStart = firstMatchAt([DOT_IN_BRACKETS, DOT_WORD], view, localEnds.at(-1)!);
    const wordEnd = wordStart < 0 ? -1 : matchAt(LOCAL_WORD, view, wordStart);
    if (wordEnd < 0) break;
    localEnds.push(wordEnd);
  }
  for (const localEnd of localEnds.reverse()) {
    for (const { at, dots } of ADDRESS_SPELLINGS) {
      const domainStart = matchAt(at, view, localEnd);
      if (domainStart < 0) continue;
      const end = domainEnd(view, domainStart, dots);
      if (end >= 0) return end;
    }
  }
  return -1;
}

const QUOTES_AND_DOTS = "'`.";

/** E-mail addresses outside web links, tried from the start of each run of local-part text. */
function emailAddresses(view: string, links: readonly Span[]): Span[] {
  const spans: Span[] = [];
  LOCAL_PART_RUN.lastIndex = 0;
  for (let run = LOCAL_PART_RUN.exec(view); run; run = LOCAL_PART_RUN.exec(view)) {
    const end = addressEnd(view, run.index);
    if (end < 0) continue;
    // A quote or a dot before the address belongs to the sentence: "'jane@example.com'".
    let start = run.index;
    while (QUOTES_AND_DOTS.includes(view[start]!)) start += 1;
    const span: Span = { start, end, kind: 'email' };
    if (overlapsAny(span, links)) continue;
    spans.push(span);
    LOCAL_PART_RUN.lastIndex = end;
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------
// Phone numbers

/**
 * A run of digits with at most three separators between two digits (spaces, dots, dashes,
 * slashes, brackets), after a "+" or "(" if any: "+1 (415) 555-0132", "0 7 7 0 0 9 0 0 1 2 3".
 * Not started inside a word or a number.
 */
const PHONE_NUMBER = /(?<![\p{L}\p{N}_\]])(?:\+ ?|\()?\d(?:[ \t\u00a0.\-/()\u2013]{0,3}\d)*/gu;
/** The same, tried at a given position (a number after a messenger's name). */
const PHONE_NUMBER_AT = /(?:\+ ?|\()?\d(?:[ \t\u00a0.\-/()\u2013]{0,3}\d)*/y;
/** Fewer digits than this is not a phone number (amounts, order numbers, years). */
const MIN_PHONE_DIGITS = 8;

/** What separates the parts of a number run that may each be a date: spaces, brackets, "–". */
const RUN_PARTS = /[ \t\u00a0()\u2013]+/;
/** A date or a year, or a span of years: "2026-12-03", "03.12.2026", "12/03/26", "2025/2026". */
const DATE_OR_YEAR =
  /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./](?:\d{4}|\d{2})|(?:19|20)\d{2}(?:[-/](?:19|20)\d{2})?|[-/])$/;
/** Parts of a run of order numbers, split on everything but dashes. */
const ORDER_PARTS = /[^\d-]+/;
/** An order number, or an item of one, or a lone dash between them: "100007", "100007-2". */
const ORDER_NUMBER = /^(?:\d{6}(?:-\d{1,3})?|-+)$/;
/** A range of two numbers: "1500-2000 words", "10000 – 20000 visits". */
const NUMBER_RANGE = /^[1-9]\d{0,4}[ \t\u00a0]?[-\u2013][ \t\u00a0]?[1-9]\d{0,4}$/;
/** The year and counter of a document number, after its series and a dash: "INV-2026-000123". */
const DOCUMENT_YEAR_AND_COUNTER = /^\d{4}-\d{6}$/;

function digitCount(text: string): number {
  let count = 0;
  for (const character of text) if (character >= '0' && character <= '9') count += 1;
  return count;
}

/** Whether a run of digits is a phone number: long enough, and not dates, a range, orders or a document. */
function isPhoneNumber(view: string, start: number, run: string): boolean {
  if (digitCount(run) < MIN_PHONE_DIGITS) return false;
  const parts = run.split(RUN_PARTS).filter((part) => part !== '');
  if (parts.every((part) => DATE_OR_YEAR.test(part))) return false;
  if (NUMBER_RANGE.test(run)) return false;
  const orderParts = run.split(ORDER_PARTS).filter((part) => part !== '');
  if (orderParts.every((part) => ORDER_NUMBER.test(part))) return false;
  return !(DOCUMENT_YEAR_AND_COUNTER.test(run) && view[start - 1] === '-');
}

/** Phone numbers outside web links. */
function phoneNumbers(view: string, links: readonly Span[]): Span[] {
  const spans: Span[] = [];
  for (const run of view.matchAll(PHONE_NUMBER)) {
    const span: Span = { start: run.index, end: run.index + run[0].length, kind: 'phone' };
    if (isPhoneNumber(view, run.index, run[0]) && !overlapsAny(span, links)) spans.push(span);
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------

/** Overlapping spans joined; the joined span keeps the kind of the first (then longest) one. */
function joined(spans: Span[]): Span[] {
  const sorted = [...spans].sort(
    (a, b) => a.start - b.start || b.end - a.end || KIND_PRIORITY[a.kind] - KIND_PRIORITY[b.kind],
  );
  const result: Span[] = [];
  for (const span of sorted) {
    const last = result.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else result.push({ ...span });
  }
  return result;
}

/**
 * `text` with every e-mail address, phone number and messenger contact replaced by CONTACT_MASK,
 * one mask per contact, and the kinds that were found.
 */
export function maskContacts(text: string): MaskedText {
  const view = asciiView(text);
  const chatLinks = contactLinks(view);
  const links = webLinks(view, chatLinks);
  const spans = joined([
    ...chatLinks,
    ...messengerHandles(view, links),
    ...emailAddresses(view, links),
    ...phoneNumbers(view, links),
  ]);
  let masked = '';
  let position = 0;
  const hidden: ContactKind[] = [];
  for (const span of spans) {
    masked += text.slice(position, span.start) + CONTACT_MASK;
    position = span.end;
    if (!hidden.includes(span.kind)) hidden.push(span.kind);
  }
  return { text: masked + text.slice(position), hidden };
}
