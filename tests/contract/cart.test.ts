import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  articlePriceCents,
  type CheckoutLine,
  correctedValueOf,
  DUE_DATE_FORMAT_MESSAGE,
  DUE_DATE_IN_PAST_MESSAGE,
  dueDateProblem,
  earliestDueDate,
  INVALID_URL_MESSAGE,
  lineTotal,
  missingCheckoutFields,
  NEWLINES_MESSAGE,
  normalizeTargetUrl,
  TARGET_URL_TOO_LONG_MESSAGE,
  URL_SCHEME_MESSAGE,
} from '#contract/cart.ts';
import { centsToMoney } from '#contract/money.ts';

describe('normalizeTargetUrl', () => {
  it.each([
    ['example.com/boots', 'https://example.com/boots'],
    ['  example.com/boots  ', 'https://example.com/boots'],
    ['http://example.com/a?b=1', 'http://example.com/a?b=1'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['example.com:8080/shop', 'https://example.com:8080/shop'],
    ['sub.example.co.uk', 'https://sub.example.co.uk'],
  ])('accepts %j as %j', (input, value) => {
    expect(normalizeTargetUrl(input)).toEqual({ ok: true, value });
  });

  it('answers an empty value for blank input', () => {
    expect(normalizeTargetUrl('')).toEqual({ ok: true, value: '' });
    expect(normalizeTargetUrl('   ')).toEqual({ ok: true, value: '' });
  });

  it.each([
    ['ftp://example.com/file', URL_SCHEME_MESSAGE],
    ['mailto:someone@example.com', URL_SCHEME_MESSAGE],
    ['not a url', INVALID_URL_MESSAGE],
    ['localhost', INVALID_URL_MESSAGE],
    ['example.', INVALID_URL_MESSAGE],
    ['//evil.example', INVALID_URL_MESSAGE],
    ['//evil.example/path', INVALID_URL_MESSAGE],
    ['https:////evil.example', INVALID_URL_MESSAGE],
    ['https:/evil.example', INVALID_URL_MESSAGE],
    ['https:\\\\evil.example', INVALID_URL_MESSAGE],
    ['https://user:pass@evil.example', INVALID_URL_MESSAGE],
    ['user:pass@evil.example', URL_SCHEME_MESSAGE],
    ['user@evil.example', INVALID_URL_MESSAGE],
    ['https://trusted.example@evil.example/', INVALID_URL_MESSAGE],
    ['/relative/path', INVALID_URL_MESSAGE],
  ])('refuses %j with %j', (input, message) => {
    expect(normalizeTargetUrl(input)).toEqual({ ok: false, message });
  });

  it('refuses newlines and offers the joined address when it is valid', () => {
    expect(normalizeTargetUrl('example.com/\nboots')).toEqual({
      ok: false,
      message: NEWLINES_MESSAGE,
      corrected: 'https://example.com/boots',
    });
    expect(normalizeTargetUrl('https://example.com/a\r\n  /b')).toEqual({
      ok: false,
      message: NEWLINES_MESSAGE,
      corrected: 'https://example.com/a/b',
    });
    expect(normalizeTargetUrl('a\nb')).toEqual({ ok: false, message: NEWLINES_MESSAGE });
  });

  it('reads the corrected value of a violation without its quotes', () => {
    expect(correctedValueOf({ value: '"https://example.com/boots"' })).toBe(
      'https://example.com/boots',
    );
    expect(correctedValueOf({ value: 42 })).toBeNull();
    expect(correctedValueOf(undefined)).toBeNull();
  });

  const url = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true });

  it('keeps a valid address as it is, with or without surrounding spaces, and is idempotent', () => {
    fc.assert(
      fc.property(url, fc.stringMatching(/^[ \t]{0,3}$/), (address, pad) => {
        const result = normalizeTargetUrl(`${pad}${address}${pad}`);
        expect(result).toEqual({ ok: true, value: address });
        expect(normalizeTargetUrl(address)).toEqual(result);
      }),
    );
  });

  it('refuses a newline inside a valid address and offers the address back', () => {
    fc.assert(
      fc.property(
        url.filter((address) => address.length > 2),
        fc.nat(),
        (address, at) => {
          const cut = 1 + (at % (address.length - 1));
          const broken = `${address.slice(0, cut)}\n${address.slice(cut)}`;
          expect(normalizeTargetUrl(broken)).toEqual({
            ok: false,
            message: NEWLINES_MESSAGE,
            corrected: address,
          });
        },
      ),
    );
  });
});

describe('missingCheckoutFields', () => {
  const line = (overrides: Partial<CheckoutLine>): CheckoutLine => ({
    content_product_plan: { slug: 'standard' },
    article_topic: 'i_will_write_my_topic',
    anchor_text: 'boots',
    target_url: 'https://example.com',
    topic: 'Spring boots',
    ...overrides,
  });

  it('needs anchor text and target URL always', () => {
    expect(missingCheckoutFields(line({ anchor_text: ' ', target_url: null }))).toEqual([
      'anchor_text',
      'target_url',
    ]);
  });

  it('needs the topic when the buyer writes it and a paid plan writes the article', () => {
    expect(missingCheckoutFields(line({ topic: null }))).toEqual(['topic']);
    expect(missingCheckoutFields(line({ topic: null, content_product_plan: null }))).toEqual([]);
    expect(
      missingCheckoutFields(line({ topic: null, content_product_plan: { slug: 'provide' } })),
    ).toEqual([]);
    expect(
      missingCheckoutFields(line({ topic: null, article_topic: 'please_provide_me_a_topic' })),
    ).toEqual([]);
  });
});

describe('line prices', () => {
  const money = fc.integer({ min: 0, max: 99_999_99 });

  it('adds plan and link-type price per article and multiplies by the articles, in cents', () => {
    fc.assert(
      fc.property(
        money,
        fc.option(money, { nil: null }),
        fc.integer({ min: 1, max: 50 }),
        (link, plan, n) => {
          // Independently of the code under test: decimal strings through BigInt.
          const text = (cents: number) =>
            `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          const total = (BigInt(link) + BigInt(plan ?? 0)) * BigInt(n);
          const expected = `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
          expect(articlePriceCents(text(link), plan === null ? null : text(plan))).toBe(
            link + (plan ?? 0),
          );
          expect(lineTotal(text(link), plan === null ? null : text(plan), n)).toBe(expected);
        },
      ),
    );
  });

  it('prices a 45.10 plan and a 120.05 link three times as 495.45', () => {
    expect(lineTotal('120.05', '45.10', 3)).toBe('495.45');
    expect(lineTotal('0.10', null, 3)).toBe(centsToMoney(30));
  });
});

describe('a target URL of any length costs linear time (decision 131)', () => {
  it('refuses a link longer than a link may be before any pattern runs', () => {
    const started = performance.now();
    const result = normalizeTargetUrl(`https://a.example/\n${' '.repeat(50_000)}x`);
    expect(performance.now() - started).toBeLessThan(20);
    expect(result).toEqual({ ok: false, message: TARGET_URL_TOO_LONG_MESSAGE });
  });

  it('reads line breaks of a link of the longest length in linear time', () => {
    const link = `docs.example/${'\t'.repeat(2_000)}\n${'\t'.repeat(30)}x`;
    const started = performance.now();
    const result = normalizeTargetUrl(link);
    expect(performance.now() - started).toBeLessThan(20);
    expect(result).toEqual({
      ok: false,
      message: NEWLINES_MESSAGE,
      corrected: 'https://docs.example/x',
    });
  });

  it('joins the lines of a link as it always did: each break and the spaces around it removed', () => {
    const unit = fc.constantFrom('a', '/', '.', ' ', '\t', '\n', '\r', '\u00a0');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (tail) => {
        const link = `docs.example/${tail}`;
        const result = normalizeTargetUrl(link);
        if (!/[\r\n]/.test(link.trim())) return;
        // The former rule, as a reference on short texts.
        const joined = `https://${link.trim().replace(/\s*[\r\n]+\s*/g, '')}`;
        expect(result.ok).toBe(false);
        if (!result.ok && result.corrected) expect(result.corrected).toBe(joined);
      }),
      { seed: 131, numRuns: 300 },
    );
  });

  it('reads a corrected value without its quotes, however many', () => {
    expect(correctedValueOf({ value: '"\u201chttps://a.example\u201d"' })).toBe(
      'https://a.example',
    );
    expect(correctedValueOf({ value: `${'"'.repeat(50_000)}x` })).toBe('x');
  });
});

describe('the publishing due date (decision 132)', () => {
  it('is a calendar date not before the earliest day', () => {
    expect(dueDateProblem('2026-03-02', '2026-03-02')).toBeNull();
    expect(dueDateProblem('2027-01-31', '2026-03-02')).toBeNull();
    expect(dueDateProblem('2026-03-01', '2026-03-02')).toBe(DUE_DATE_IN_PAST_MESSAGE);
    expect(dueDateProblem('2026-02-30', '2026-01-01')).toBe(DUE_DATE_FORMAT_MESSAGE);
    expect(dueDateProblem('02/03/2026', '2026-01-01')).toBe(DUE_DATE_FORMAT_MESSAGE);
  });

  it('is checked by the server from today where today began last (UTC−12)', () => {
    expect(earliestDueDate(new Date('2026-03-02T09:00:00Z'))).toBe('2026-03-01');
    expect(earliestDueDate(new Date('2026-03-02T12:00:00Z'))).toBe('2026-03-02');
    expect(earliestDueDate(new Date('2026-03-02T23:59:59Z'))).toBe('2026-03-02');
  });
});
