// robots.txt, read for what it says about a checked page (decision 141): the answer is
// reported with the check and never keeps a page from being checked. One fetch per origin per
// hour within one checker, through the same safe fetcher as the page.
import robotsParser from 'robots-parser';

import type { SafeFetchResponse } from './safe-fetch.ts';

export const ROBOTS_TTL_MS = 60 * 60 * 1000;
export const ROBOTS_MAX_ORIGINS = 10_000;
export const ROBOTS_TIMEOUT_MS = 3_000;
/** The most of a robots.txt that is read, as search engines do (500 KiB). */
export const ROBOTS_MAX_BYTES = 500 * 1024;

type Robot = ReturnType<typeof robotsParser>;

export interface RobotsOptions {
  /** Fetches a robots.txt URL; rejects when no answer came. */
  fetch: (url: string) => Promise<SafeFetchResponse>;
  /** The user agent's product token, as robots.txt groups name it. */
  productToken: string;
  ttlMs?: number;
  maxOrigins?: number;
  now?: () => number;
}

export interface RobotsRules {
  /** Whether robots.txt disallows `pageUrl` for our agent; false when it cannot be read. */
  isDisallowed(pageUrl: string): Promise<boolean>;
}

interface Entry {
  expiresAt: number;
  robot: Promise<Robot | null>;
}

/** `BuyerPortalLinkMonitor/1.0 (+https://...)` → `BuyerPortalLinkMonitor`. */
export function productTokenOf(userAgent: string): string {
  const trimmed = userAgent.trim();
  let end = trimmed.length;
  for (const stop of ['/', ' ']) {
    const at = trimmed.indexOf(stop);
    if (at >= 0 && at < end) end = at;
  }
  return trimmed.slice(0, end) || '*';
}

export function createRobotsRules(options: RobotsOptions): RobotsRules {
  const ttlMs = options.ttlMs ?? ROBOTS_TTL_MS;
  const maxOrigins = options.maxOrigins ?? ROBOTS_MAX_ORIGINS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  async function load(robotsUrl: string): Promise<Robot | null> {
    try {
      const response = await options.fetch(robotsUrl);
      // 4xx: no robots.txt, everything allowed. 5xx: not readable, so nothing to report.
      if (response.status >= 200 && response.status < 300) {
        return robotsParser(robotsUrl, response.body);
      }
      return response.status >= 400 && response.status < 500 ? robotsParser(robotsUrl, '') : null;
    } catch {
      return null;
    }
  }

  function robotFor(origin: string): Promise<Robot | null> {
    const at = now();
    const cached = entries.get(origin);
    if (cached && cached.expiresAt > at) return cached.robot;
    entries.delete(origin);
    // Oldest first out: a Map keeps insertion order.
    while (entries.size >= maxOrigins) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
    const robot = load(`${origin}/robots.txt`);
    entries.set(origin, { expiresAt: at + ttlMs, robot });
    return robot;
  }

  return {
    async isDisallowed(pageUrl) {
      let url: URL;
      try {
        url = new URL(pageUrl);
      } catch {
        return false;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      const robot = await robotFor(url.origin);
      return robot?.isDisallowed(url.href, options.productToken) === true;
    },
  };
}
