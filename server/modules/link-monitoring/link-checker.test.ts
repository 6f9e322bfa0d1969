import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { PageHandler, PageServer } from '#tests/helpers/page-server.ts';
import { pages, startPageServer } from '#tests/helpers/page-server.ts';

import type { LinkCheckerOptions, LinkCheckInput } from './link-checker.ts';
import { createLinkChecker } from './link-checker.ts';

const USER_AGENT = 'BuyerPortalLinkMonitor/1.0 (+https://portal.example/link-monitoring)';
const TARGET = 'https://buyer.example/shoes';
const ANCHOR = 'Buy running shoes';

function article(body: string, head = ''): string {
  return `<!doctype html><html><head><title>An article</title>${head}</head><body><p>Intro.</p>${body}</body></html>`;
}

const GOOD_LINK = `<a href="${TARGET}">${ANCHOR}</a>`;

const servers: PageServer[] = [];

async function serve(handler: PageHandler): Promise<PageServer> {
  const server = await startPageServer(handler);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function checker(options: Partial<LinkCheckerOptions> = {}) {
  return createLinkChecker({ userAgent: USER_AGENT, allowLoopback: true, ...options });
}

function input(liveUrl: string, overrides: Partial<LinkCheckInput> = {}): LinkCheckInput {
  return { liveUrl, targetUrl: TARGET, anchorText: ANCHOR, expectedRel: 'do_follow', ...overrides };
}

async function checkHtml(html: string, overrides: Partial<LinkCheckInput> = {}) {
  const server = await serve(pages({ '/article': html }));
  return checker().check(input(server.url('/article'), overrides));
}

describe('a link found as ordered', () => {
  it('is ok, with what was found, the status, final URL and duration', async () => {
    const server = await serve(pages({ '/article': article(GOOD_LINK) }));
    const result = await checker().check(input(server.url('/article')));
    expect(result).toMatchObject({
      outcome: 'ok',
      httpStatus: 200,
      finalUrl: server.url('/article'),
      found: { href: TARGET, rel: [], anchor: ANCHOR },
      detail: null,
      isDisallowedByRobots: false,
    });
    expect(Number.isInteger(result.durationMs)).toBe(true);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('sends the identifying user agent and accepts compressed answers', async () => {
    const server = await serve(pages({ '/article': article(GOOD_LINK) }));
    await checker().check(input(server.url('/article')));
    const page = server.requests.find((request) => request.path === '/article')!;
    expect(page.headers['user-agent']).toBe(USER_AGENT);
    expect(page.headers['accept-encoding']).toBe('gzip, deflate, br');
  });
});

describe('link_missing and wrong_target', () => {
  it('is link_missing when no link goes to the buyer\u2019s domain', async () => {
    const result = await checkHtml(article('<a href="https://other.example/">Elsewhere</a>'));
    expect(result.outcome).toBe('link_missing');
    expect(result.found).toBeNull();
    expect(result.detail).toBe('No link to buyer.example on the page');
  });

  it('is wrong_target for a link to another URL of the buyer\u2019s domain', async () => {
    const result = await checkHtml(article(`<a href="https://buyer.example/boots">${ANCHOR}</a>`));
    expect(result.outcome).toBe('wrong_target');
    expect(result.found).toEqual({ href: 'https://buyer.example/boots', rel: [], anchor: ANCHOR });
    expect(result.detail).toBe('Links to https://buyer.example/boots instead');
  });

  it('counts www. and subdomains as the buyer\u2019s domain, but not as the target', async () => {
    const result = await checkHtml(
      article(`<a href="https://www.buyer.example/shoes">${ANCHOR}</a>`),
    );
    expect(result.outcome).toBe('wrong_target');
  });

  it('compares normalised URLs: host case, default port, fragment, escapes', async () => {
    const result = await checkHtml(
      article(`<a href="HTTPS://Buyer.Example:443/%73hoes#top">${ANCHOR}</a>`),
    );
    expect(result.outcome).toBe('ok');
  });

  it('keeps the query: another query is another URL', async () => {
    const result = await checkHtml(article(`<a href="${TARGET}?ref=1">${ANCHOR}</a>`));
    expect(result.outcome).toBe('wrong_target');
  });

  it('takes the root with or without its slash as the same URL', async () => {
    const result = await checkHtml(article(`<a href="https://buyer.example">${ANCHOR}</a>`), {
      targetUrl: 'https://buyer.example/',
    });
    expect(result.outcome).toBe('ok');
  });
});

describe('wrong_rel', () => {
  it.each([
    ['nofollow', 'rel="nofollow"', ['nofollow']],
    ['sponsored', 'rel="sponsored"', ['sponsored']],
    ['ugc', 'rel="ugc"', ['ugc']],
    ['noopener NoFollow', 'rel="noopener nofollow"', ['noopener', 'nofollow']],
  ])('a do-follow link with rel="%s" is wrong_rel', async (rel, detail, tokens) => {
    const result = await checkHtml(article(`<a rel="${rel}" href="${TARGET}">${ANCHOR}</a>`));
    expect(result.outcome).toBe('wrong_rel');
    expect(result.detail).toBe(detail);
    expect(result.found?.rel).toEqual(tokens);
  });

  it('reads an uppercase REL and HREF', async () => {
    const result = await checkHtml(article(`<A HREF="${TARGET}" REL="NOFOLLOW">${ANCHOR}</A>`));
    expect(result.outcome).toBe('wrong_rel');
    expect(result.found).toEqual({ href: TARGET, rel: ['nofollow'], anchor: ANCHOR });
  });

  it('is fine with rel="noopener noreferrer" on a do-follow link', async () => {
    const result = await checkHtml(
      article(`<a rel="noopener noreferrer" href="${TARGET}">${ANCHOR}</a>`),
    );
    expect(result.outcome).toBe('ok');
  });

  it('counts a page-wide meta robots nofollow against a do-follow link', async () => {
    const result = await checkHtml(
      article(GOOD_LINK, '<meta name="robots" content="index, nofollow">'),
    );
    expect(result.outcome).toBe('wrong_rel');
    expect(result.detail).toBe('meta robots "nofollow"');
  });

  it.each([
    ['sponsored', 'ok'],
    ['sponsored nofollow', 'ok'],
    ['', 'ok'],
    ['nofollow', 'wrong_rel'],
    ['ugc', 'wrong_rel'],
    ['sponsored ugc', 'wrong_rel'],
  ])('a bought sponsored link with rel="%s" is %s', async (rel, outcome) => {
    const result = await checkHtml(article(`<a rel="${rel}" href="${TARGET}">${ANCHOR}</a>`), {
      expectedRel: 'sponsored',
    });
    expect(result.outcome).toBe(outcome);
  });

  it.each(['nofollow', 'sponsored', 'ugc', ''])(
    'a bought no-follow link is fine with rel="%s"',
    async (rel) => {
      const result = await checkHtml(article(`<a rel="${rel}" href="${TARGET}">${ANCHOR}</a>`), {
        expectedRel: 'no_follow',
      });
      expect(result.outcome).toBe('ok');
    },
  );
});

describe('wrong_anchor', () => {
  it('is wrong_anchor when the text differs', async () => {
    const result = await checkHtml(article(`<a href="${TARGET}">Click here</a>`));
    expect(result.outcome).toBe('wrong_anchor');
    expect(result.detail).toBe('Anchor "Click here" instead of "Buy running shoes"');
  });

  it.each([
    ['case', 'BUY Running SHOES', 'BUY Running SHOES'],
    ['whitespace', '\n   Buy\t running&nbsp;\n shoes  ', 'Buy running shoes'],
    ['markup inside', 'Buy <strong>running</strong> sho&shy;es', 'Buy running shoes'],
  ])('is not wrong for a difference of %s', async (_kind, anchor, shown) => {
    const result = await checkHtml(article(`<a href="${TARGET}">${anchor}</a>`));
    expect(result.outcome).toBe('ok');
    expect(result.found?.anchor).toBe(shown);
  });

  it('decodes entities in the page before comparing', async () => {
    const result = await checkHtml(article(`<a href="${TARGET}">Tom &amp; Jerry&#39;s shoes</a>`), {
      anchorText: "Tom & Jerry's shoes",
    });
    expect(result.outcome).toBe('ok');
    expect(result.found?.anchor).toBe("Tom & Jerry's shoes");
  });

  it("takes an image link's alt text as its anchor", async () => {
    const ok = await checkHtml(
      article(`<a href="${TARGET}"><img src="/a.png" alt="${ANCHOR}"></a>`),
    );
    expect(ok.outcome).toBe('ok');
    expect(ok.found?.anchor).toBe(ANCHOR);
    const wrong = await checkHtml(article(`<a href="${TARGET}"><img src="/a.png" alt="Logo"></a>`));
    expect(wrong.outcome).toBe('wrong_anchor');
  });
});

describe('noindex and canonical_elsewhere', () => {
  it('is noindex for meta robots noindex', async () => {
    const result = await checkHtml(article(GOOD_LINK, '<meta name="ROBOTS" content="NOINDEX">'));
    expect(result.outcome).toBe('noindex');
    expect(result.detail).toBe('meta robots "noindex"');
  });

  it('is noindex for meta googlebot none', async () => {
    const result = await checkHtml(article(GOOD_LINK, '<meta name="googlebot" content="none">'), {
      expectedRel: 'no_follow',
    });
    expect(result.outcome).toBe('noindex');
  });

  it('is noindex for an X-Robots-Tag header', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'X-Robots-Tag': 'noindex' });
      response.end(article(GOOD_LINK));
    });
    const result = await checker().check(input(server.url('/article')));
    expect(result.outcome).toBe('noindex');
    expect(result.detail).toBe('X-Robots-Tag "noindex"');
  });

  it('ignores an X-Robots-Tag meant for another crawler', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'X-Robots-Tag': 'otherbot: noindex' });
      response.end(article(GOOD_LINK));
    });
    expect((await checker().check(input(server.url('/article')))).outcome).toBe('ok');
  });

  it('is canonical_elsewhere when the canonical names another page', async () => {
    const result = await checkHtml(
      article(GOOD_LINK, '<link rel="canonical" href="https://publisher.example/other-article">'),
    );
    expect(result.outcome).toBe('canonical_elsewhere');
    expect(result.detail).toBe('Canonical is https://publisher.example/other-article');
  });

  it('is ok when the canonical names the page itself, relatively', async () => {
    const result = await checkHtml(article(GOOD_LINK, '<link rel="canonical" href="/article">'));
    expect(result.outcome).toBe('ok');
  });

  it('names the worst problem and mentions the others', async () => {
    const result = await checkHtml(
      article(
        `<a rel="nofollow" href="${TARGET}">Click</a>`,
        '<meta name="robots" content="noindex">',
      ),
    );
    expect(result.outcome).toBe('wrong_rel');
    expect(result.detail).toBe('rel="nofollow"; also wrong anchor text, page not indexable');
  });
});

describe('page_error and page_unreachable', () => {
  it.each([404, 500])('is page_error for HTTP %i', async (status) => {
    const server = await serve((_request, response) => {
      response.writeHead(status, { 'Content-Type': 'text/html' });
      response.end(article(GOOD_LINK));
    });
    const result = await checker().check(input(server.url('/article')));
    expect(result).toMatchObject({
      outcome: 'page_error',
      httpStatus: status,
      detail: `HTTP ${status}`,
      found: null,
    });
  });

  it('is page_unreachable when the connection is refused', async () => {
    const server = await serve(pages({}));
    const url = server.url('/article');
    await server.close();
    const result = await checker().check(input(url));
    expect(result).toMatchObject({
      outcome: 'page_unreachable',
      httpStatus: null,
      finalUrl: null,
      detail: 'Connection refused',
    });
  });

  it('is page_unreachable when a slow server trickles past the timeout', async () => {
    const timers: NodeJS.Timeout[] = [];
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.write('<html><body>');
      // One byte every 50 ms: never idle long, never done.
      timers.push(
        setInterval(() => {
          if (!response.destroyed) response.write(' ');
        }, 50),
      );
    });
    try {
      const started = Date.now();
      const result = await checker({ timeoutMs: 300 }).check(input(server.url('/article')));
      expect(result.outcome).toBe('page_unreachable');
      expect(result.detail).toBe('Timed out after 0.3 s');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      timers.forEach(clearInterval);
    }
  });

  it('is page_unreachable for a URL that is not http(s)', async () => {
    const result = await checker().check(input('ftp://publisher.example/article'));
    expect(result.outcome).toBe('page_unreachable');
    expect(result.detail).toBe('Only http and https are fetched, not ftp:');
  });
});

describe('redirects', () => {
  function redirects(count: number): PageHandler {
    return (request, response) => {
      const step = Number((request.url ?? '').split('/')[2] ?? 0);
      if (step < count) {
        response.writeHead(301, { Location: `/hop/${step + 1}` });
        response.end();
      } else {
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end(article(GOOD_LINK));
      }
    };
  }

  it('follows up to 5 redirects and reports the final URL', async () => {
    const server = await serve(redirects(5));
    const result = await checker().check(input(server.url('/hop/0')));
    expect(result.outcome).toBe('ok');
    expect(result.finalUrl).toBe(server.url('/hop/5'));
  });

  it('is page_unreachable after 6 redirects', async () => {
    const server = await serve(redirects(6));
    const result = await checker().check(input(server.url('/hop/0')));
    expect(result.outcome).toBe('page_unreachable');
    expect(result.detail).toBe('More than 5 redirects');
    expect(server.requests.filter((r) => r.path.startsWith('/hop/'))).toHaveLength(6);
  });

  it('resolves relative links against the final URL', async () => {
    const server = await serve(
      pages({
        '/old': (_request, response) => {
          response.writeHead(302, { Location: '/blog/post' });
          response.end();
        },
        '/blog/post': article('<a href="../shop/item">Item</a> <a href="next">Next</a>'),
      }),
    );
    const result = await checker().check(
      input(server.url('/old'), { targetUrl: server.url('/blog/next'), anchorText: 'Next' }),
    );
    expect(result.outcome).toBe('ok');
    expect(result.found?.href).toBe(server.url('/blog/next'));
  });
});

describe('reading the page', () => {
  it('honours <base href> for relative links', async () => {
    const result = await checkHtml(
      article(`<a href="shoes">${ANCHOR}</a>`, '<base href="https://buyer.example/">'),
    );
    expect(result.outcome).toBe('ok');
    expect(result.found?.href).toBe(TARGET);
  });

  it('picks the best of several links to the target and says so', async () => {
    const result = await checkHtml(
      article(
        `<a rel="nofollow" href="${TARGET}">${ANCHOR}</a>` +
          `<a href="${TARGET}">Shoes</a>` +
          `<a href="${TARGET}#buy">${ANCHOR}</a>`,
      ),
    );
    expect(result.outcome).toBe('ok');
    expect(result.found).toEqual({ href: `${TARGET}#buy`, rel: [], anchor: ANCHOR });
    expect(result.detail).toBe('3 links to the target, the best match is shown');
  });

  it('prefers the right rel to the right anchor among several links', async () => {
    const result = await checkHtml(
      article(`<a rel="nofollow" href="${TARGET}">${ANCHOR}</a><a href="${TARGET}">Shoes</a>`),
    );
    expect(result.outcome).toBe('wrong_anchor');
    expect(result.found?.anchor).toBe('Shoes');
  });

  it('reads a gzip, deflate or brotli body', async () => {
    const html = Buffer.from(article(GOOD_LINK));
    for (const [encoding, body] of [
      ['gzip', gzipSync(html)],
      ['deflate', deflateSync(html)],
      ['br', brotliCompressSync(html)],
    ] as const) {
      const server = await serve((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': encoding });
        response.end(body);
      });
      const result = await checker().check(input(server.url('/article')));
      expect(result.outcome, encoding).toBe('ok');
    }
  });

  it('decodes a page by the charset of its Content-Type or <meta>', async () => {
    const anchor = 'Купить кроссовки';
    // windows-1251 puts А..я (U+0410..U+044F) at 0xC0..0xFF.
    const encoded = Buffer.from(
      [...anchor].map((c) => (c === ' ' ? 0x20 : c.charCodeAt(0) - 0x410 + 0xc0)),
    );
    const html = (head: string) =>
      Buffer.concat([
        Buffer.from(`<html><head>${head}</head><body><a href="${TARGET}">`),
        encoded,
        Buffer.from('</a></body></html>'),
      ]);
    const server = await serve((request, response) => {
      if (request.url === '/header') {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=windows-1251' });
        response.end(html(''));
      } else {
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end(html('<meta charset="windows-1251">'));
      }
    });
    for (const path of ['/header', '/meta']) {
      const result = await checker().check(input(server.url(path), { anchorText: anchor }));
      expect(result.outcome, path).toBe('ok');
      expect(result.found?.anchor).toBe(anchor);
    }
  });
});

describe('a 10 MB page', () => {
  const TEN_MB = 10 * 1024 * 1024;

  function hugePage(sent: { bytes: number; isFinished: boolean }): PageHandler {
    return (_request, response: ServerResponse) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': TEN_MB });
      const filler = Buffer.alloc(64 * 1024, 'x');
      const link = Buffer.from(GOOD_LINK);
      let offset = 0;
      const writeMore = () => {
        while (offset < TEN_MB && !response.destroyed) {
          // The link sits after the first 3 MB.
          const chunk =
            offset === 3 * 1024 * 1024
              ? Buffer.concat([link, filler.subarray(link.length)])
              : filler.subarray(0, Math.min(filler.length, TEN_MB - offset));
          offset += chunk.length;
          sent.bytes = offset;
          if (!response.write(chunk)) {
            response.once('drain', writeMore);
            return;
          }
        }
        if (offset >= TEN_MB) {
          sent.isFinished = true;
          response.end();
        }
      };
      writeMore();
    };
  }

  it('is read up to 2 MB only and the link after it is missing', async () => {
    const sent = { bytes: 0, isFinished: false };
    const server = await serve(hugePage(sent));
    const result = await checker().check(input(server.url('/article')));
    expect(result.outcome).toBe('link_missing');
    expect(result.detail).toBe(
      'No link to buyer.example on the page; only the first 2 MB were read',
    );
    // The server could not hand over the whole page: reading stopped, and what it did send is
    // the 2 MB read plus what the sockets' buffers took.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent.isFinished).toBe(false);
    expect(sent.bytes).toBeLessThan(6 * 1024 * 1024);
  });

  it('finds a link within the first 2 MB', async () => {
    const filler = 'x'.repeat(1024 * 1024);
    const result = await checkHtml(article(`${filler}${GOOD_LINK}${filler}${filler}`));
    expect(result.outcome).toBe('ok');
  });
});

describe('robots.txt', () => {
  it('reports a disallowed page and still checks it', async () => {
    const server = await serve(
      pages({
        '/robots.txt': (_request, response) => {
          response.writeHead(200, { 'Content-Type': 'text/plain' });
          response.end('User-agent: BuyerPortalLinkMonitor\nDisallow: /private/\n');
        },
        '/private/article': article(GOOD_LINK),
        '/public/article': article(GOOD_LINK),
      }),
    );
    const linkChecker = checker();
    const disallowed = await linkChecker.check(input(server.url('/private/article')));
    expect(disallowed).toMatchObject({ outcome: 'ok', isDisallowedByRobots: true });
    const allowed = await linkChecker.check(input(server.url('/public/article')));
    expect(allowed).toMatchObject({ outcome: 'ok', isDisallowedByRobots: false });
    // One robots.txt per origin within the hour.
    expect(server.requests.filter((r) => r.path === '/robots.txt')).toHaveLength(1);
  });

  it('never asks one host two things at once', async () => {
    const server = await serve(
      pages({
        '/robots.txt': 'User-agent: *\nDisallow:\n',
        '/article': article(GOOD_LINK),
      }),
    );
    await checker().check(input(server.url('/article')));
    expect(server.requests.map((r) => r.path)).toEqual(['/article', '/robots.txt']);
    expect(server.maxConcurrent()).toBe(1);
  });
});

describe("the target's own redirects", () => {
  let buyer: PageServer;

  beforeAll(async () => {
    buyer = await startPageServer(
      pages({
        '/old-shoes': (_request, response) => {
          response.writeHead(301, { Location: '/shoes' });
          response.end();
        },
        '/shoes': '<h1>Shoes</h1>',
      }),
    );
  });

  afterAll(() => buyer.close());

  it('are not followed unless asked: a link to the old URL is wrong_target', async () => {
    const target = buyer.url('/shoes');
    const server = await serve(
      pages({ '/article': article(`<a href="${buyer.url('/old-shoes')}">${ANCHOR}</a>`) }),
    );
    const result = await checker().check(input(server.url('/article'), { targetUrl: target }));
    expect(result.outcome).toBe('wrong_target');
  });

  it('when followed, a link that redirects to the target counts as the target', async () => {
    const target = buyer.url('/shoes');
    const server = await serve(
      pages({ '/article': article(`<a href="${buyer.url('/old-shoes')}">${ANCHOR}</a>`) }),
    );
    const result = await checker({ followTargetRedirects: true }).check(
      input(server.url('/article'), { targetUrl: target }),
    );
    expect(result.outcome).toBe('ok');
    expect(result.found?.href).toBe(buyer.url('/old-shoes'));
  });

  it('when followed, a link to where the target redirects counts as the target', async () => {
    const server = await serve(
      pages({ '/article': article(`<a href="${buyer.url('/shoes')}">${ANCHOR}</a>`) }),
    );
    const result = await checker({ followTargetRedirects: true }).check(
      input(server.url('/article'), { targetUrl: buyer.url('/old-shoes') }),
    );
    expect(result.outcome).toBe('ok');
  });
});
