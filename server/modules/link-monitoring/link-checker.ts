// One check of a live link (decision 141): the page fetched safely (safe-fetch.ts, decision
// 142), read for the ordered link (page-check.ts), and robots.txt consulted for the report
// (robots.ts). The checker never throws for a page's fault: every failure is an outcome.
import type { LinkChecker, LinkCheckerOptions as CheckerSettings } from './link-check-types.ts';
import { checkPage, normaliseUrl, parseHttpUrl } from './page-check.ts';
import {
  createRobotsRules,
  productTokenOf,
  ROBOTS_MAX_BYTES,
  ROBOTS_TIMEOUT_MS,
} from './robots.ts';
import type { ConnectTarget, SafeFetchOptions, SafeFetchResponse } from './safe-fetch.ts';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  FetchFailure,
  safeFetch,
} from './safe-fetch.ts';

export type {
  ExpectedRel,
  LinkChecker,
  LinkCheckInput,
  LinkCheckResult,
} from './link-check-types.ts';

export interface LinkCheckerOptions extends CheckerSettings {
  /** Told just before every connection, after its checks passed (tests and the benchmark). */
  onConnect?: (target: ConnectTarget) => void;
}

/** Links to the buyer's domain whose redirects are followed, when target redirects are. */
const MAX_REDIRECTED_CANDIDATES = 3;

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? `${value} MB` : `${value.toFixed(1)} MB`;
}

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function isHtmlLike(mediaType: string): boolean {
  return (
    mediaType === '' ||
    mediaType === 'text/html' ||
    mediaType === 'application/xhtml+xml' ||
    mediaType.startsWith('text/')
  );
}

function xRobotsTagOf(response: SafeFetchResponse): string | undefined {
  const value = response.headers['x-robots-tag'];
  return Array.isArray(value) ? value.join(', ') : value;
}

export function createLinkChecker(options: LinkCheckerOptions): LinkChecker {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const fetchOptions: SafeFetchOptions = {
    userAgent: options.userAgent,
    timeoutMs,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    maxBytes,
    allowLoopback: options.allowLoopback ?? false,
    ...(options.route ? { route: options.route } : {}),
    ...(options.onConnect ? { onConnect: options.onConnect } : {}),
  };
  const robots = createRobotsRules({
    productToken: productTokenOf(options.userAgent),
    fetch: (url) =>
      safeFetch(url, {
        ...fetchOptions,
        timeoutMs: Math.min(ROBOTS_TIMEOUT_MS, timeoutMs),
        maxBytes: ROBOTS_MAX_BYTES,
        accept: 'text/plain,*/*;q=0.5',
      }),
  });

  /**
   * Where a URL ends after its redirects, normalised; null when it cannot be fetched before
   * `deadline` (a performance.now() time).
   */
  async function redirectChain(url: string, deadline: number): Promise<string[] | null> {
    const remaining = Math.floor(deadline - performance.now());
    if (remaining <= 0) return null;
    try {
      const response = await safeFetch(url, { ...fetchOptions, timeoutMs: remaining, maxBytes: 1 });
      return [...response.redirects, response.url].map((hop) => normaliseUrl(new URL(hop)));
    } catch {
      return null;
    }
  }

  /**
   * The URLs that count as the target when its redirects are followed: every hop of the
   * target's own redirects, and links on the page that redirect to where the target ends.
   * All of it within one more `timeoutMs`.
   */
  async function targetAliases(targetUrl: string, candidates: string[]): Promise<string[]> {
    const target = parseHttpUrl(targetUrl);
    if (!target) return [];
    const deadline = performance.now() + timeoutMs;
    const chain = await redirectChain(target.href, deadline);
    if (!chain) return [];
    const aliases = new Set(chain);
    const end = chain[chain.length - 1]!;
    const unknown = candidates.filter((href) => !aliases.has(normaliseUrl(new URL(href))));
    // One after the other: never two requests at once to the buyer's host.
    for (const href of unknown.slice(0, MAX_REDIRECTED_CANDIDATES)) {
      const hops = await redirectChain(href, deadline);
      if (hops && hops[hops.length - 1] === end) aliases.add(normaliseUrl(new URL(href)));
    }
    return [...aliases];
  }

  return {
    async check(input) {
      const started = performance.now();
      const durationMs = () => Math.round(performance.now() - started);

      let response: SafeFetchResponse;
      try {
        response = await safeFetch(input.liveUrl, fetchOptions);
      } catch (error) {
        if (!(error instanceof FetchFailure)) throw error;
        return {
          outcome: 'page_unreachable',
          httpStatus: null,
          finalUrl: null,
          found: null,
          detail: error.message,
          isDisallowedByRobots: false,
          durationMs: durationMs(),
        };
      }
      // After the page, not beside it: one request at a time to a host.
      const isDisallowedByRobots = await robots.isDisallowed(response.url);
      const base = { httpStatus: response.status, finalUrl: response.url, isDisallowedByRobots };

      if (response.status < 200 || response.status > 299) {
        return {
          ...base,
          outcome: 'page_error',
          found: null,
          detail: `HTTP ${response.status}`,
          durationMs: durationMs(),
        };
      }

      const pageInput = {
        html: response.body,
        finalUrl: response.url,
        liveUrl: input.liveUrl,
        xRobotsTag: xRobotsTagOf(response),
        targetUrl: input.targetUrl,
        anchorText: input.anchorText,
        expectedRel: input.expectedRel,
      };
      let page = checkPage(pageInput);
      if (page.outcome === 'wrong_target' && options.followTargetRedirects) {
        const aliases = await targetAliases(input.targetUrl, page.candidates);
        if (aliases.length > 0) page = checkPage({ ...pageInput, targetAliases: aliases });
      }

      const notes = [page.detail];
      const mediaType = mediaTypeOf(response.headers['content-type']);
      if (!isHtmlLike(mediaType)) notes.push(`the page is ${mediaType}, not HTML`);
      if (response.isTruncated && page.outcome === 'link_missing') {
        notes.push(`only the first ${megabytes(maxBytes)} were read`);
      }
      const detail = notes.filter((note): note is string => !!note).join('; ');
      return {
        ...base,
        outcome: page.outcome,
        found: page.found,
        detail: detail || null,
        durationMs: durationMs(),
      };
    },
  };
}
