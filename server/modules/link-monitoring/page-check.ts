// What a fetched page says about an ordered link (decision 141): pure, no I/O. The HTML is read
// with htmlparser2 (entities decoded, tag and attribute names lower case); links are resolved
// against `<base href>` or the page's final URL and compared with the ordered target as
// normalised URLs; the best-matching link decides rel and anchor; the page's robots directives
// and canonical URL come last. Every problem found is named, the first by precedence decides.
import { Parser } from 'htmlparser2';

import type { FoundLink, LinkCheckOutcome } from '#contract/link-monitoring.ts';
import { LINK_CHECK_OUTCOME_TITLES } from '#contract/link-monitoring.ts';

export type ExpectedRel = 'do_follow' | 'no_follow' | 'sponsored';

/** The outcomes a page that answered 2xx can have. */
export type PageOutcome = Exclude<LinkCheckOutcome, 'page_unreachable' | 'page_error'>;

/** When several problems exist, the first of this list is the check's outcome. */
export const PAGE_OUTCOME_PRECEDENCE: readonly PageOutcome[] = [
  'link_missing',
  'wrong_target',
  'wrong_rel',
  'wrong_anchor',
  'noindex',
  'canonical_elsewhere',
];

export interface PageCheckInput {
  html: string;
  /** The URL the page was read from, after redirects: the base of its relative links. */
  finalUrl: string;
  /** The URL that was asked for; a canonical naming it is not elsewhere. */
  liveUrl?: string;
  /** The answer's X-Robots-Tag header(s). */
  xRobotsTag?: string | readonly string[];
  targetUrl: string;
  anchorText: string;
  expectedRel: ExpectedRel;
  /** Further URLs that count as the target (the target's own redirects, when followed). */
  targetAliases?: readonly string[];
}

export interface PageCheck {
  outcome: PageOutcome;
  found: FoundLink | null;
  detail: string | null;
  /** Distinct absolute URLs of the links to the buyer's domain, in page order (at most 20). */
  candidates: string[];
}

const MAX_CANDIDATES = 20;
const MAX_ANCHOR_LENGTH = 500;
const MAX_DETAIL_PART = 120;

// ---------------------------------------------------------------------------------------------
// Reading the page

interface RawLink {
  href: string;
  rel: string;
  text: string;
  alts: string[];
}

interface PageFacts {
  baseHref: string | null;
  links: RawLink[];
  /** content of `<meta name="robots">` and `<meta name="googlebot">`. */
  metaRobots: string[];
  canonicalHref: string | null;
}

/** Elements whose text is not part of a link's visible anchor. */
const HIDDEN_TEXT = new Set(['script', 'style', 'template', 'noscript']);

function relTokens(rel: string): string[] {
  const tokens: string[] = [];
  for (const token of rel.toLowerCase().split(/[\t\n\f\r ]+/)) {
    if (token && !tokens.includes(token)) tokens.push(token);
  }
  return tokens;
}

function parsePage(html: string): PageFacts {
  const facts: PageFacts = { baseHref: null, links: [], metaRobots: [], canonicalHref: null };
  let open: RawLink | null = null;
  let isInAnchor = false;
  let hiddenDepth = 0;
  const closeAnchor = () => {
    if (open) facts.links.push(open);
    open = null;
    isInAnchor = false;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN_TEXT.has(name)) hiddenDepth += 1;
        switch (name) {
          case 'a':
            // Anchors do not nest: a new one closes the open one, as browsers do.
            closeAnchor();
            isInAnchor = true;
            if (attributes.href !== undefined) {
              open = { href: attributes.href, rel: attributes.rel ?? '', text: '', alts: [] };
            }
            break;
          case 'img':
            if (open && attributes.alt) open.alts.push(attributes.alt);
            break;
          case 'base':
            if (facts.baseHref === null && attributes.href !== undefined) {
              facts.baseHref = attributes.href;
            }
            break;
          case 'meta': {
            const metaName = (attributes.name ?? '').trim().toLowerCase();
            if ((metaName === 'robots' || metaName === 'googlebot') && attributes.content) {
              facts.metaRobots.push(attributes.content);
            }
            break;
          }
          case 'link':
            if (
              facts.canonicalHref === null &&
              attributes.href !== undefined &&
              relTokens(attributes.rel ?? '').includes('canonical')
            ) {
              facts.canonicalHref = attributes.href;
            }
            break;
        }
      },
      ontext(text) {
        if (open && hiddenDepth === 0) open.text += text;
      },
      onclosetag(name) {
        if (HIDDEN_TEXT.has(name) && hiddenDepth > 0) hiddenDepth -= 1;
        if (name === 'a' && isInAnchor) closeAnchor();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  closeAnchor();
  return facts;
}

// ---------------------------------------------------------------------------------------------
// Comparing

function isUnreserved(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}

function isHexDigit(character: string | undefined): boolean {
  return character !== undefined && '0123456789abcdefABCDEF'.includes(character);
}

/** `%7e` → `~`, `%2f` → `%2F`: one spelling per percent-escape (RFC 3986 §6.2.2). */
function normalisePercentEscapes(text: string): string {
  if (!text.includes('%')) return text;
  let result = '';
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i]!;
    if (character === '%' && isHexDigit(text[i + 1]) && isHexDigit(text[i + 2])) {
      const code = Number.parseInt(text.slice(i + 1, i + 3), 16);
      result += isUnreserved(code)
        ? String.fromCharCode(code)
        : `%${text.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else {
      result += character;
    }
  }
  return result;
}

function hostOf(url: URL): string {
  return url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
}

/** An http(s) URL read against `base`, or null. */
export function parseHttpUrl(href: string, base?: string | URL): URL | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * One spelling per URL: scheme and host lower case, default port dropped, the root's path `/`,
 * percent-escapes in one form, fragment dropped, query kept as it is; `www.` is kept (decision 141).
 */
export function normaliseUrl(url: URL): string {
  const port = url.port ? `:${url.port}` : '';
  const path = normalisePercentEscapes(url.pathname || '/');
  return `${url.protocol}//${hostOf(url)}${port}${path}${normalisePercentEscapes(url.search)}`;
}

/** The host a link must be on to count as a link to the buyer's domain: without `www.`. */
function siteHost(url: URL): string {
  const host = hostOf(url);
  return host.startsWith('www.') ? host.slice(4) : host;
}

function isOnSite(url: URL, site: string): boolean {
  const host = siteHost(url);
  return host === site || host.endsWith(`.${site}`);
}

/** Characters that never show and are not whitespace either (soft hyphen, zero-width ones). */
const INVISIBLE = new Set(['\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']);

/** Anchor text as shown: invisible characters out, whitespace collapsed, trimmed. */
export function displayAnchor(text: string): string {
  let visible = '';
  for (const character of text) if (!INVISIBLE.has(character)) visible += character;
  return visible.split(/\s+/).filter(Boolean).join(' ');
}

/** Anchor text as compared: as shown, compatibility-normalised and in lower case. */
export function normaliseAnchor(text: string): string {
  return displayAnchor(text.normalize('NFKC')).toLowerCase();
}

function anchorOf(link: RawLink): string {
  const text = displayAnchor(link.text);
  // An image link's anchor is its image's alt text, as search engines read it.
  return text || displayAnchor(link.alts.join(' '));
}

function shortened(text: string, length = MAX_DETAIL_PART): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

// ---------------------------------------------------------------------------------------------
// Robots directives

interface RobotsDirectives {
  noindex: string | null;
  nofollow: string | null;
}

/** Directives that take a value after a colon; any other `name:` starts a user agent's part. */
const VALUED_DIRECTIVES = new Set([
  'unavailable_after',
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
]);
/** The crawlers whose directives count: all of them, and the one search engines follow. */
const ROBOTS_NAMES = new Set(['robots', 'googlebot', '*']);

function directivesOf(values: readonly string[], source: string): RobotsDirectives {
  const found: RobotsDirectives = { noindex: null, nofollow: null };
  for (const value of values) {
    let agent: string | null = null;
    for (const piece of value.split(',')) {
      let directive = piece.trim().toLowerCase();
      const colon = directive.indexOf(':');
      if (colon > 0 && !VALUED_DIRECTIVES.has(directive.slice(0, colon).trim())) {
        agent = directive.slice(0, colon).trim();
        directive = directive.slice(colon + 1).trim();
      }
      if (agent !== null && !ROBOTS_NAMES.has(agent)) continue;
      if (directive === 'noindex' || directive === 'none')
        found.noindex ??= `${source} "${directive}"`;
      if (directive === 'nofollow' || directive === 'none')
        found.nofollow ??= `${source} "${directive}"`;
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The check

const NOT_DO_FOLLOW = ['nofollow', 'sponsored', 'ugc'];

/**
 * What is wrong with a link's rel for what was bought, in words; null when it is fine.
 * `pageNofollow` is a page-wide nofollow (meta robots, X-Robots-Tag), which counts as one.
 */
function relProblem(
  rel: string[],
  expected: ExpectedRel,
  pageNofollow: string | null,
): string | null {
  if (expected === 'no_follow') return null;
  const shown = `rel="${rel.join(' ')}"`;
  if (expected === 'do_follow') {
    if (rel.some((token) => NOT_DO_FOLLOW.includes(token))) return shown;
    return pageNofollow;
  }
  // Sponsored bought: `sponsored` is expected and `sponsored nofollow` is the combination search
  // engines document; nofollow instead of sponsored, or ugc, changes what was bought.
  if (rel.includes('ugc')) return shown;
  if (!rel.includes('sponsored')) {
    if (rel.includes('nofollow')) return shown;
    return pageNofollow;
  }
  return null;
}

interface Candidate {
  link: RawLink;
  url: URL;
  found: FoundLink;
  isTarget: boolean;
  relProblem: string | null;
  isAnchorOk: boolean;
}

function score(candidate: Candidate): number {
  return (candidate.relProblem === null ? 2 : 0) + (candidate.isAnchorOk ? 1 : 0);
}

/** The first of the best-scoring candidates (page order breaks ties). */
function best(candidates: Candidate[]): Candidate | null {
  let chosen: Candidate | null = null;
  for (const candidate of candidates) {
    if (chosen === null || score(candidate) > score(chosen)) chosen = candidate;
  }
  return chosen;
}

function trimmedPath(url: URL): string {
  const path = normalisePercentEscapes(url.pathname);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Whether a canonical URL names this page: scheme, a `www.` and a trailing slash aside, and a
 * canonical without a query names the page whatever its query (decision 141).
 */
function isSamePage(canonical: URL, page: URL): boolean {
  if (siteHost(canonical) !== siteHost(page) || canonical.port !== page.port) return false;
  if (trimmedPath(canonical) !== trimmedPath(page)) return false;
  return canonical.search === '' || canonical.search === page.search;
}

/** The ordered target; one typed without a scheme is read as http. */
function targetOf(targetUrl: string): URL | null {
  const url = parseHttpUrl(targetUrl);
  if (url || targetUrl.includes('://')) return url;
  return parseHttpUrl(`http://${targetUrl.trim()}`);
}

export function checkPage(input: PageCheckInput): PageCheck {
  const page = parseHttpUrl(input.finalUrl);
  const target = targetOf(input.targetUrl);
  if (!page || !target) {
    const which = page ? 'ordered target URL' : "page's URL";
    return {
      outcome: 'link_missing',
      found: null,
      detail: `The ${which} is not a valid http(s) URL`,
      candidates: [],
    };
  }

  const facts = parsePage(input.html);
  const base = (facts.baseHref !== null && parseHttpUrl(facts.baseHref, page)) || page;
  const site = siteHost(target);
  const targets = new Set([normaliseUrl(target), ...(input.targetAliases ?? [])]);
  const wantedAnchor = normaliseAnchor(input.anchorText);

  const headerValues = input.xRobotsTag === undefined ? [] : [input.xRobotsTag].flat();
  const header = directivesOf(headerValues, 'X-Robots-Tag');
  const meta = directivesOf(facts.metaRobots, 'meta robots');
  const pageNofollow = meta.nofollow ?? header.nofollow;

  const onSite: Candidate[] = [];
  const candidates: string[] = [];
  for (const link of facts.links) {
    const url = parseHttpUrl(link.href, base);
    if (!url || !isOnSite(url, site)) continue;
    const rel = relTokens(link.rel);
    const anchor = anchorOf(link);
    if (candidates.length < MAX_CANDIDATES && !candidates.includes(url.href)) {
      candidates.push(url.href);
    }
    onSite.push({
      link,
      url,
      found: { href: url.href, rel, anchor: shortened(anchor, MAX_ANCHOR_LENGTH) },
      isTarget: targets.has(normaliseUrl(url)),
      relProblem: relProblem(rel, input.expectedRel, pageNofollow),
      isAnchorOk: wantedAnchor === '' || normaliseAnchor(anchor) === wantedAnchor,
    });
  }

  const problems = new Map<PageOutcome, string>();
  const toTarget = onSite.filter((candidate) => candidate.isTarget);
  let chosen: Candidate | null = null;
  let note: string | null = null;
  if (onSite.length === 0) {
    problems.set('link_missing', `No link to ${site} on the page`);
  } else if (toTarget.length === 0) {
    // The link to the buyer's domain most like the ordered one: its anchor first.
    chosen = onSite.find((candidate) => candidate.isAnchorOk) ?? onSite[0]!;
    problems.set('wrong_target', `Links to ${shortened(chosen.url.href)} instead`);
  } else {
    chosen = best(toTarget)!;
    if (toTarget.length > 1) {
      note = `${toTarget.length} links to the target, the best match is shown`;
    }
    if (chosen.relProblem !== null) problems.set('wrong_rel', chosen.relProblem);
    if (!chosen.isAnchorOk) {
      problems.set(
        'wrong_anchor',
        `Anchor "${shortened(chosen.found.anchor, 60)}" instead of "${shortened(displayAnchor(input.anchorText), 60)}"`,
      );
    }
  }

  const noindex = meta.noindex ?? header.noindex;
  if (noindex) problems.set('noindex', noindex);
  const canonical = facts.canonicalHref === null ? null : parseHttpUrl(facts.canonicalHref, base);
  const live = input.liveUrl ? parseHttpUrl(input.liveUrl) : null;
  if (canonical && !isSamePage(canonical, page) && !(live && isSamePage(canonical, live))) {
    problems.set('canonical_elsewhere', `Canonical is ${shortened(canonical.href)}`);
  }

  const outcome = PAGE_OUTCOME_PRECEDENCE.find((kind) => problems.has(kind)) ?? 'ok';
  const others = PAGE_OUTCOME_PRECEDENCE.filter((kind) => kind !== outcome && problems.has(kind));
  const parts = [
    outcome === 'ok' ? null : problems.get(outcome)!,
    note,
    others.length > 0
      ? `also ${others.map((kind) => LINK_CHECK_OUTCOME_TITLES[kind].toLowerCase()).join(', ')}`
      : null,
  ].filter((part): part is string => part !== null);
  return {
    outcome,
    found: chosen?.found ?? null,
    detail: parts.length > 0 ? parts.join('; ') : null,
    candidates,
  };
}
