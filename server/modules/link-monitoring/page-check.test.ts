import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { LINK_CHECK_OUTCOMES } from '#contract/link-monitoring.ts';

import type { PageCheckInput } from './page-check.ts';
import { checkPage, displayAnchor, normaliseAnchor, normaliseUrl } from './page-check.ts';

const TARGET = 'https://buyer.example/shoes';

function check(html: string, overrides: Partial<PageCheckInput> = {}) {
  return checkPage({
    html,
    finalUrl: 'https://publisher.example/blog/post',
    targetUrl: TARGET,
    anchorText: 'Shoes',
    expectedRel: 'do_follow',
    ...overrides,
  });
}

describe('URL normalisation', () => {
  it.each([
    ['HTTPS://Buyer.Example/shoes', 'https://buyer.example/shoes'],
    ['https://buyer.example:443/shoes', 'https://buyer.example/shoes'],
    ['http://buyer.example:80/', 'http://buyer.example/'],
    ['http://buyer.example:8080/', 'http://buyer.example:8080/'],
    ['https://buyer.example', 'https://buyer.example/'],
    ['https://buyer.example./shoes', 'https://buyer.example/shoes'],
    ['https://buyer.example/shoes#buy', 'https://buyer.example/shoes'],
    ['https://buyer.example/shoes?b=2&a=1', 'https://buyer.example/shoes?b=2&a=1'],
    ['https://buyer.example/%7euser/%2f', 'https://buyer.example/~user/%2F'],
    ['https://www.buyer.example/', 'https://www.buyer.example/'],
    ['https://buyer.example/shoes/', 'https://buyer.example/shoes/'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
  ])('%s is %s', (input, expected) => {
    expect(normaliseUrl(new URL(input))).toBe(expected);
  });
});

describe('anchor text', () => {
  it('collapses whitespace, drops invisible characters and compares without case', () => {
    expect(displayAnchor('  Buy\u00a0 run\u00adning\n\tshoes ')).toBe('Buy running shoes');
    expect(normaliseAnchor('ＢＵＹ Shoes')).toBe('buy shoes');
    expect(normaliseAnchor('Straße')).toBe('straße');
  });

  it('does not check the anchor when none was ordered', () => {
    expect(check(`<a href="${TARGET}">Anything</a>`, { anchorText: '  ' }).outcome).toBe('ok');
  });

  it('uses the text, not an icon\u2019s alt, when a link has both', () => {
    const result = check(`<a href="${TARGET}">Shoes <img alt="arrow"></a>`);
    expect(result).toMatchObject({ outcome: 'ok', found: { anchor: 'Shoes' } });
  });

  it('leaves script text out of the anchor', () => {
    const result = check(`<a href="${TARGET}">Shoes<script>var x = "<b>";</script></a>`);
    expect(result.found?.anchor).toBe('Shoes');
  });
});

describe('reading links', () => {
  it('resolves against the first <base href> only', () => {
    const result = check(
      '<base href="https://buyer.example/"><base href="https://other.example/">' +
        '<a href="shoes">Shoes</a>',
    );
    expect(result.outcome).toBe('ok');
  });

  it('takes a <base> given after the link, as browsers do', () => {
    const result = check('<a href="shoes">Shoes</a><base href="https://buyer.example/">');
    expect(result.outcome).toBe('ok');
  });

  it('ignores links that are not http(s)', () => {
    const result = check(
      '<a href="mailto:shop@buyer.example">Shoes</a><a href="javascript:x">x</a>',
    );
    expect(result.outcome).toBe('link_missing');
  });

  it('closes an open anchor when another one starts', () => {
    const result = check(
      `<a href="https://buyer.example/boots">Boots<a href="${TARGET}">Shoes</a>`,
    );
    expect(result).toMatchObject({ outcome: 'ok', found: { anchor: 'Shoes' } });
  });

  it('lists the distinct links to the buyer\u2019s domain for redirect checks', () => {
    const result = check(
      '<a href="https://buyer.example/a">A</a><a href="https://www.buyer.example/a">A</a>' +
        '<a href="https://shop.buyer.example/b">B</a><a href="https://buyer.example/a">A</a>' +
        '<a href="https://notbuyer.example/">C</a>',
    );
    expect(result.candidates).toEqual([
      'https://buyer.example/a',
      'https://www.buyer.example/a',
      'https://shop.buyer.example/b',
    ]);
  });

  it('counts a target alias as the target', () => {
    const result = check('<a href="https://buyer.example/old-shoes">Shoes</a>', {
      targetAliases: ['https://buyer.example/old-shoes'],
    });
    expect(result.outcome).toBe('ok');
  });
});

describe('robots directives', () => {
  it.each([
    ['noindex', 'noindex'],
    ['googlebot: noindex', 'noindex'],
    ['otherbot: noindex', 'ok'],
    ['otherbot: noindex, googlebot: none', 'noindex'],
    ['unavailable_after: 2030-01-01, noindex', 'noindex'],
    ['max-snippet: 20', 'ok'],
  ])('X-Robots-Tag %s gives %s', (header, outcome) => {
    expect(
      check(`<a href="${TARGET}">Shoes</a>`, { xRobotsTag: header, expectedRel: 'no_follow' })
        .outcome,
    ).toBe(outcome);
  });

  it('counts an X-Robots-Tag nofollow against a do-follow link', () => {
    const result = check(`<a href="${TARGET}">Shoes</a>`, { xRobotsTag: 'nofollow' });
    expect(result).toMatchObject({ outcome: 'wrong_rel', detail: 'X-Robots-Tag "nofollow"' });
  });

  it('ignores meta robots for another crawler', () => {
    const result = check(`<meta name="bingbot" content="noindex"><a href="${TARGET}">Shoes</a>`);
    expect(result.outcome).toBe('ok');
  });
});

describe('canonical URL', () => {
  it.each([
    ['https://publisher.example/blog/post', 'ok'],
    ['http://www.publisher.example/blog/post/', 'ok'],
    ['/blog/post', 'ok'],
    ['https://publisher.example/blog/post?page=2', 'canonical_elsewhere'],
    ['https://publisher.example/blog/', 'canonical_elsewhere'],
    ['https://syndicated.example/blog/post', 'canonical_elsewhere'],
  ])('%s is %s', (canonical, outcome) => {
    const html = `<link rel="canonical" href="${canonical}"><a href="${TARGET}">Shoes</a>`;
    expect(check(html).outcome).toBe(outcome);
  });

  it('names the page asked for, before redirects, as the page itself', () => {
    const html = `<link rel="canonical" href="https://publisher.example/old-post"><a href="${TARGET}">Shoes</a>`;
    expect(check(html, { liveUrl: 'https://publisher.example/old-post' }).outcome).toBe('ok');
  });

  it('keeps the page whatever its query when the canonical has none', () => {
    const html = `<link rel="canonical" href="https://publisher.example/blog/post"><a href="${TARGET}">Shoes</a>`;
    expect(
      check(html, { finalUrl: 'https://publisher.example/blog/post?utm_source=x' }).outcome,
    ).toBe('ok');
  });
});

describe('bad input', () => {
  it('is link_missing with a reason for a target that is no URL', () => {
    expect(check('<a href="x">x</a>', { targetUrl: 'http://' })).toMatchObject({
      outcome: 'link_missing',
      detail: 'The ordered target URL is not a valid http(s) URL',
    });
  });

  it('reads a target typed without its scheme', () => {
    expect(
      check(`<a href="http://buyer.example/shoes">Shoes</a>`, { targetUrl: 'buyer.example/shoes' })
        .outcome,
    ).toBe('ok');
  });

  it('never throws on arbitrary HTML, anchors and targets', () => {
    const htmlPiece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<a href="',
        '<A HREF=',
        '</a>',
        '<base href="',
        '<img alt="',
        '<meta name="robots" content="',
        '<link rel="canonical" href="',
        '<script>',
        '</script>',
        '&amp;',
        '&#x0;',
        '"',
        '>',
        TARGET,
        'https://buyer.example/',
        '//buyer.example/shoes',
        '\u0000',
        '\ud800',
        'nofollow',
      ),
    );
    fc.assert(
      fc.property(
        fc.array(htmlPiece, { maxLength: 40 }).map((pieces) => pieces.join('')),
        fc.string(),
        fc.oneof(fc.constant(TARGET), fc.string()),
        fc.constantFrom('do_follow', 'no_follow', 'sponsored') as fc.Arbitrary<'do_follow'>,
        fc.option(fc.string(), { nil: undefined }),
        (html, anchorText, targetUrl, expectedRel, xRobotsTag) => {
          const result = check(html, { anchorText, targetUrl, expectedRel, xRobotsTag });
          expect(LINK_CHECK_OUTCOMES).toContain(result.outcome);
        },
      ),
      { numRuns: 500 },
    );
  });
});
