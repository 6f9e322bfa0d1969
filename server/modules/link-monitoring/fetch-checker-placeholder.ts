// PLACEHOLDER, to be replaced by `createLinkChecker` (link-checker.ts) and deleted when the link
// checker is merged. It fetches the live page (global fetch, or plain http to the demo's own
// address for a routed hostname) and looks for the target URL in it; it reads only what the
// demo's article pages need: status, the link's presence, rel and anchor. It has no address
// guard beyond refusing loopback and literal private addresses, no redirect limit of its own, no
// robots.txt and no noindex or canonical check.
import http from 'node:http';
import type {
  LinkChecker,
  LinkCheckerOptions,
  LinkCheckInput,
  LinkCheckResult,
} from './link-check-types.ts';

const MAX_BYTES = 2 * 1024 * 1024;

export function createFetchCheckerPlaceholder(options: LinkCheckerOptions): LinkChecker {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    check: async (input) => {
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      let url: URL;
      try {
        url = new URL(input.liveUrl);
      } catch {
        return unreachable('The live link is not a URL.', took());
      }
      const route = options.route?.(url.hostname) ?? null;
      if (!route && !options.allowLoopback && isLocalHostname(url.hostname)) {
        return unreachable('The address is not public.', took());
      }
      try {
        const page = route
          ? await getRouted(url, route, options.userAgent, timeoutMs)
          : await getWithFetch(url, options.userAgent, timeoutMs);
        if (page.status < 200 || page.status > 299) {
          return {
            ...unreachable(`HTTP ${page.status}`, took()),
            outcome: 'page_error',
            httpStatus: page.status,
            finalUrl: page.finalUrl,
          };
        }
        return {
          ...readPage(page.body, input),
          httpStatus: page.status,
          finalUrl: page.finalUrl,
          durationMs: took(),
        };
      } catch (error) {
        return unreachable(error instanceof Error ? error.message : String(error), took());
      }
    },
  };
}

function unreachable(detail: string, durationMs: number): LinkCheckResult {
  return {
    outcome: 'page_unreachable',
    httpStatus: null,
    finalUrl: null,
    found: null,
    detail,
    isDisallowedByRobots: false,
    durationMs,
  };
}

function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.startsWith('127.') ||
    name.startsWith('10.') ||
    name.startsWith('192.168.') ||
    name.startsWith('169.254.') ||
    name === '0.0.0.0' ||
    name.startsWith('[')
  );
}

interface Page {
  status: number;
  finalUrl: string;
  body: string;
}

async function getWithFetch(url: URL, userAgent: string, timeoutMs: number): Promise<Page> {
  const response = await fetch(url, {
    headers: { 'user-agent': userAgent },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.text()).slice(0, MAX_BYTES);
  return { status: response.status, finalUrl: response.url || url.href, body };
}

function getRouted(
  url: URL,
  route: { address: string; port: number },
  userAgent: string,
  timeoutMs: number,
): Promise<Page> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: route.address,
        port: route.port,
        path: `${url.pathname}${url.search}`,
        headers: { host: url.host, 'user-agent': userAgent },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BYTES) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            finalUrl: url.href,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`Timed out after ${timeoutMs / 1000} s`)),
    );
    request.on('error', reject);
  });
}

/** The first link to the target URL, its rel and anchor, compared with what was ordered. */
function readPage(
  html: string,
  input: LinkCheckInput,
): Omit<LinkCheckResult, 'httpStatus' | 'finalUrl' | 'durationMs'> {
  const base = { isDisallowedByRobots: false };
  const target = comparable(input.targetUrl);
  const targetHost = hostOf(input.targetUrl);
  let sameHost: { href: string; rel: string[]; anchor: string } | null = null;
  for (const link of linksOf(html)) {
    if (comparable(link.href) === target) {
      const relBad =
        input.expectedRel === 'do_follow'
          ? link.rel.find((token) => ['nofollow', 'sponsored', 'ugc'].includes(token))
          : input.expectedRel === 'sponsored'
            ? link.rel.find((token) => ['nofollow', 'ugc'].includes(token))
            : undefined;
      if (relBad)
        return {
          ...base,
          outcome: 'wrong_rel',
          found: link,
          detail: `rel="${link.rel.join(' ')}"`,
        };
      if (words(link.anchor) !== words(input.anchorText)) {
        return { ...base, outcome: 'wrong_anchor', found: link, detail: `Anchor "${link.anchor}"` };
      }
      return { ...base, outcome: 'ok', found: link, detail: null };
    }
    if (targetHost !== null && hostOf(link.href) === targetHost) sameHost ??= link;
  }
  if (sameHost) {
    return {
      ...base,
      outcome: 'wrong_target',
      found: sameHost,
      detail: `Links to ${sameHost.href}`,
    };
  }
  return {
    ...base,
    outcome: 'link_missing',
    found: null,
    detail: 'No link to the ordered URL on the page.',
  };
}

function linksOf(html: string): { href: string; rel: string[]; anchor: string }[] {
  const lower = html.toLowerCase();
  const links = [];
  for (let start = lower.indexOf('<a '); start !== -1; start = lower.indexOf('<a ', start + 3)) {
    const tagEnd = lower.indexOf('>', start);
    const close = lower.indexOf('</a>', tagEnd);
    if (tagEnd === -1 || close === -1) break;
    const tag = html.slice(start, tagEnd);
    links.push({
      href: decode(attribute(tag, 'href') ?? ''),
      rel: (attribute(tag, 'rel') ?? '').toLowerCase().split(' ').filter(Boolean),
      anchor: decode(stripTags(html.slice(tagEnd + 1, close))).trim(),
    });
  }
  return links;
}

function attribute(tag: string, name: string): string | null {
  const at = tag.toLowerCase().indexOf(` ${name}="`);
  if (at === -1) return null;
  const from = at + name.length + 3;
  const to = tag.indexOf('"', from);
  return to === -1 ? null : tag.slice(from, to);
}

function stripTags(text: string): string {
  let out = '';
  let inTag = false;
  for (const char of text) {
    if (char === '<') inTag = true;
    else if (char === '>') inTag = false;
    else if (!inTag) out += char;
  }
  return out;
}

function decode(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function words(text: string): string {
  return text.toLowerCase().split(' ').filter(Boolean).join(' ');
}

function comparable(href: string): string | null {
  try {
    const url = new URL(href);
    url.hash = '';
    const text = url.href;
    return text.endsWith('/') ? text.slice(0, -1) : text;
  } catch {
    return null;
  }
}

function hostOf(href: string): string | null {
  try {
    return new URL(href).hostname.toLowerCase();
  } catch {
    return null;
  }
}
