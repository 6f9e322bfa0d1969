// The link checker's interface (decision 140): what the schedule gives a check and what it gets
// back. The checker itself (link-checker.ts, createLinkChecker) fetches the page safely and reads
// it; the schedule only sees this interface, so tests give it a scripted checker.
import type { FoundLink, LinkCheckOutcome } from '#contract/link-monitoring.ts';

import type { ExpectedRel } from './page-check.ts';

export type { ExpectedRel } from './page-check.ts';

export interface LinkCheckInput {
  /** The published article's URL (the order item's live_link). */
  liveUrl: string;
  /** The ordered target URL. */
  targetUrl: string;
  /** The ordered anchor text. */
  anchorText: string;
  /** What was bought, frozen when monitoring started. */
  expectedRel: ExpectedRel;
}

export interface LinkCheckResult {
  outcome: LinkCheckOutcome;
  httpStatus: number | null;
  finalUrl: string | null;
  found: FoundLink | null;
  /** A short reason in words, e.g. 'Timed out after 10 s', 'rel="nofollow"'. */
  detail: string | null;
  isDisallowedByRobots: boolean;
  durationMs: number;
}

export interface LinkCheckerOptions {
  userAgent: string;
  timeoutMs?: number;
  maxRedirects?: number;
  maxBytes?: number;
  /** The demo, tests and the benchmark only; the environment refuses it in production. */
  allowLoopback?: boolean;
  /** Connect to this address and port over plain http for the hostname (Host header kept). */
  route?: (hostname: string) => { address: string; port: number } | null;
  followTargetRedirects?: boolean;
}

/** Never throws for a page's fault: every failure is an outcome. */
export interface LinkChecker {
  check(input: LinkCheckInput): Promise<LinkCheckResult>;
}
